import { EVENT_OUTPUT_LIMIT_BYTES, EVENT_OUTPUT_TRUNCATION_MARKER } from '@hostdeck/contracts';
import type { RealtimeBus } from '../realtime/realtime-bus.js';
import type { EventsRepository } from './events.repository.js';

/**
 * Streams an event's output: every chunk goes to the browser at once (Stream_content) and is
 * appended to the row in batches. Past the limit a visible marker is stored once and the rest is
 * dropped (ARCHITECTURE.md, Jobs and events).
 */
export interface OutputRecorder {
  write(text: string): void;
  /** Waits until everything written so far is stored. */
  flush(): Promise<void>;
}

export function createOutputRecorder(options: {
  eventId: number;
  serverId: number | null;
  audience: number[];
  repository: EventsRepository;
  bus: RealtimeBus;
  flushIntervalMs?: number;
  limitBytes?: number;
  onError?: (error: unknown) => void;
}): OutputRecorder {
  const limit = options.limitBytes ?? EVENT_OUTPUT_LIMIT_BYTES;
  const interval = options.flushIntervalMs ?? 250;
  let storedBytes = 0;
  let truncated = false;
  let pending = '';
  let pendingBytes = 0;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();

  const publish = (content: string) => {
    for (const userId of options.audience) {
      options.bus.publish(userId, {
        type: 'Stream_content',
        content,
        serverId: options.serverId,
        eventId: options.eventId,
      });
    }
  };

  const persist = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return chain;
    const text = pending;
    const bytes = pendingBytes;
    const isTruncated = truncated;
    pending = '';
    pendingBytes = 0;
    chain = chain
      .then(() => options.repository.appendOutput(options.eventId, text, bytes, isTruncated))
      .catch((error: unknown) => options.onError?.(error));
    return chain;
  };

  return {
    write(text) {
      if (truncated || text === '') return;
      let accepted = text;
      let bytes = Buffer.byteLength(text);
      if (storedBytes + bytes > limit) {
        accepted = truncateToBytes(text, Math.max(0, limit - storedBytes)) + EVENT_OUTPUT_TRUNCATION_MARKER;
        bytes = Buffer.byteLength(accepted);
        truncated = true;
      }
      storedBytes += bytes;
      pending += accepted;
      pendingBytes += bytes;
      publish(accepted);
      if (truncated || pendingBytes >= 64 * 1024) void persist();
      else timer ??= setTimeout(() => void persist(), interval);
    },
    flush: () => persist(),
  };
}

/** The longest prefix of `text` within `maxBytes` UTF-8 bytes, never splitting a character. */
export function truncateToBytes(text: string, maxBytes: number): string {
  const buffer = Buffer.from(text);
  if (buffer.length <= maxBytes) return text;
  let end = maxBytes;
  while (end > 0 && (buffer[end]! & 0xc0) === 0x80) end -= 1;
  return buffer.subarray(0, end).toString('utf8');
}
