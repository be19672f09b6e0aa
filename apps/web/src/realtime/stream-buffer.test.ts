import { describe, expect, it } from 'vitest';
import { STREAM_BUFFER_LIMIT, type StreamContentMessage } from '@hostdeck/contracts';
import { appendToStreamBuffer, streamedText } from './stream-buffer';

const entry = (eventId: number, content: string): StreamContentMessage => ({
  type: 'Stream_content',
  content,
  serverId: 1,
  eventId,
});

describe('stream buffer', () => {
  it('keeps at most 500 entries, dropping the oldest', () => {
    let buffer: StreamContentMessage[] = [];
    for (let index = 0; index < STREAM_BUFFER_LIMIT + 20; index += 1) {
      buffer = appendToStreamBuffer(buffer, entry(1, `${index}\n`));
    }
    expect(STREAM_BUFFER_LIMIT).toBe(500);
    expect(buffer).toHaveLength(500);
    expect(buffer[0]!.content).toBe('20\n');
    expect(buffer.at(-1)!.content).toBe('519\n');
  });

  it('joins one event’s output in order', () => {
    const buffer = [entry(1, 'a'), entry(2, 'x'), entry(1, 'b')];
    expect(streamedText(buffer, 1)).toBe('ab');
  });
});
