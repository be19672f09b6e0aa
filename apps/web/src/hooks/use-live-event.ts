import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Event, StreamContentMessage } from '@hostdeck/contracts';
import { subscribeRealtime } from '../realtime/realtime-bus';
import { useStream } from '../realtime/RealtimeProvider';
import { noteEvent } from './event-runs';
import { mergeStreamedOutput } from '../servers/provision';
import { eventQuery } from '../servers/server-api';

/**
 * The chunks streamed for the events a page follows, kept beyond the shell's buffer of the last 500
 * Stream_content entries (spec/000 §4), which a long provisioning outruns. Each entry is taken once
 * (the buffer hands the same objects again), so this may run on every render.
 */
const taken = new WeakSet<StreamContentMessage>();
const followed = new Map<number, string[]>();
const FOLLOWED_LIMIT = 5;

function followedChunks(eventId: number, buffer: readonly StreamContentMessage[]): readonly string[] {
  let chunks = followed.get(eventId);
  if (!chunks) {
    chunks = [];
    followed.set(eventId, chunks);
    if (followed.size > FOLLOWED_LIMIT) followed.delete(followed.keys().next().value!);
  }
  for (const entry of buffer) {
    if (entry.eventId !== eventId || taken.has(entry)) continue;
    taken.add(entry);
    chunks.push(entry.content);
  }
  return [...chunks];
}

/**
 * One event with its output as it grows: the stored event (from the latest events, then each
 * Event-status message) and the chunks streamed meanwhile. `event` is null when the event is too
 * old to be among the latest ones; the output then is only what streamed while the page was open.
 */
export function useLiveEvent(eventId: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...eventQuery(eventId ?? 0),
    enabled: eventId !== null,
    // The Event-status message ends it at once; reading it again every few seconds while it runs
    // ends it too when that message was missed (a reconnect) or was overtaken by the first read's
    // older answer (a loaded panel answered the read after the event had ended).
    refetchInterval: (current) => (current.state.data && !current.state.data.is_finished ? 5_000 : false),
  });
  const stream = useStream();

  useEffect(() => {
    if (eventId === null) return;
    return subscribeRealtime((message) => {
      if (message.type === 'Event-status' && message.event.id === eventId) {
        queryClient.setQueryData<Event | null>(eventQuery(eventId).queryKey, message.event);
      }
    });
  }, [eventId, queryClient]);

  const event = query.data ?? null;
  useEffect(() => {
    if (event) noteEvent(event);
  }, [event]);

  const output = useMemo(() => {
    if (eventId === null) return '';
    const chunks = followedChunks(eventId, stream);
    if (event?.is_finished) return event.output;
    return mergeStreamedOutput(event?.output ?? '', chunks);
  }, [eventId, event, stream]);

  return { event, output, isPending: eventId !== null && query.isPending };
}
