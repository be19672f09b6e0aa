import { useEffect, useRef } from 'react';
import type { RealtimeMessage, UpdateKey } from '@hostdeck/contracts';

type Listener = (message: RealtimeMessage) => void;
const listeners = new Set<Listener>();

/** Hands one message to every page listening (spec/000 §4: "every key is also broadcast"). */
export function broadcastRealtimeMessage(message: RealtimeMessage): void {
  for (const listener of listeners) listener(message);
}

export function subscribeRealtime(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Calls `onTrigger` whenever an Update-data message carries `key`, for pages whose data is not
 * a TanStack query of that key (a terminal, a log being followed).
 */
export function useRealtimeTrigger(key: UpdateKey, onTrigger: () => void): void {
  const latest = useRef(onTrigger);
  useEffect(() => {
    latest.current = onTrigger;
  });
  useEffect(
    () =>
      subscribeRealtime((message) => {
        if (message.type === 'Update-data' && message.keys.includes(key)) latest.current();
      }),
    [key],
  );
}
