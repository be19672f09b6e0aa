import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Event } from '@hostdeck/contracts';
import { subscribeRealtime } from '../realtime/realtime-bus';
import { fetchRecentEvents } from '../servers/server-api';

/**
 * Events started from a page (restart, clean, hotfix, an application's install…), each under a
 * key of the page's choosing (`hotfix`, `app:nginx`), so the button or row shows busy while its
 * event runs (spec/000 §4: "Running events … mark a busy state"), and the page re-reads what the
 * event changed once it finishes.
 *
 * Finished events come from Event-status messages. An event can finish before the call that
 * started it has answered, so the last finished events are remembered; and while something runs
 * the latest events are also polled, for a browser whose realtime connection is down.
 */

const REMEMBERED = 200;
const finished = new Map<number, Event>();
const finishListeners = new Set<(event: Event) => void>();
let listening = false;

/** Records what is known of an event; a finished one is passed to the pages waiting for it. */
export function noteEvent(event: Event): void {
  if (!event.is_finished || finished.has(event.id)) return;
  finished.set(event.id, event);
  if (finished.size > REMEMBERED) finished.delete(finished.keys().next().value!);
  for (const listener of finishListeners) listener(event);
}

function listen(): void {
  if (listening) return;
  listening = true;
  subscribeRealtime((message) => {
    if (message.type === 'Event-status') noteEvent(message.event);
  });
}

export function onEventFinished(listener: (event: Event) => void): () => void {
  listen();
  finishListeners.add(listener);
  return () => finishListeners.delete(listener);
}

export function finishedEvent(eventId: number): Event | undefined {
  return finished.get(eventId);
}

const POLL_MS = 5_000;

export interface EventRuns {
  /** Marks `key` busy until event `eventId` finishes. */
  track: (key: string, eventId: number) => void;
  isRunning: (key: string) => boolean;
}

/** Busy keys of one page; `onFinished` runs once per tracked event when it ends. */
export function useEventRuns(onFinished: (key: string, event: Event) => void): EventRuns {
  const [runs, setRuns] = useState<ReadonlyMap<string, number>>(new Map());
  const runsRef = useRef(runs);
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    runsRef.current = runs;
    onFinishedRef.current = onFinished;
  });

  const settle = useCallback((event: Event) => {
    for (const [key, id] of runsRef.current) {
      if (id !== event.id) continue;
      const next = new Map(runsRef.current);
      next.delete(key);
      runsRef.current = next;
      setRuns(next);
      onFinishedRef.current(key, event);
    }
  }, []);

  useEffect(() => onEventFinished(settle), [settle]);

  useQuery({
    queryKey: ['events', 'runs', [...runs.values()]],
    queryFn: async () => {
      for (const event of await fetchRecentEvents(50)) noteEvent(event);
      return null;
    },
    enabled: runs.size > 0,
    refetchInterval: POLL_MS,
    meta: { handleErrors: false },
  });

  const track = useCallback((key: string, eventId: number) => {
    const done = finishedEvent(eventId);
    if (done) {
      onFinishedRef.current(key, done);
      return;
    }
    const next = new Map(runsRef.current);
    next.set(key, eventId);
    runsRef.current = next;
    setRuns(next);
  }, []);

  return { track, isRunning: (key) => runs.has(key) };
}
