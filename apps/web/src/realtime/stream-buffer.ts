import { STREAM_BUFFER_LIMIT, type StreamContentMessage } from '@hostdeck/contracts';

/**
 * Stream_content entries kept in the browser (spec/000 §4): appended in arrival order, at most
 * STREAM_BUFFER_LIMIT kept; the oldest go first.
 */
export function appendToStreamBuffer(
  buffer: readonly StreamContentMessage[],
  entry: StreamContentMessage,
  limit: number = STREAM_BUFFER_LIMIT,
): StreamContentMessage[] {
  const next = [...buffer, entry];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** The text streamed so far for one event, in order. */
export function streamedText(buffer: readonly StreamContentMessage[], eventId: number): string {
  return buffer
    .filter((entry) => entry.eventId === eventId)
    .map((entry) => entry.content)
    .join('');
}
