import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../api/error-handling';
import { useEventRuns } from '../../hooks/event-runs';
import { phpKey } from './php-api';

/** The event the page shows the output of: the last action started from it. */
export interface ShownPhpEvent {
  eventId: number;
  title: string;
}

/**
 * The events started from the PHP page, each under a key of the page's (`version:8.2`,
 * `opcache:8.2`…), so that control is busy from the click until its event ends (spec/000 §4);
 * then the versions are read from the server again. The last one started is shown with its live
 * output. A call that fails to start is reported once by the query client (a 422 names why).
 */
export function usePhpEvents(serverId: number) {
  const queryClient = useQueryClient();
  const runs = useEventRuns(() => {
    void queryClient.invalidateQueries({ queryKey: phpKey(serverId) });
  });
  const [starting, setStarting] = useState<ReadonlySet<string>>(new Set());
  const [shown, setShown] = useState<ShownPhpEvent | null>(null);
  const mutation = useMutation({
    mutationFn: ({ call }: { key: string; title: string; call: () => Promise<number> }) => call(),
    onMutate: ({ key }) => setStarting((current) => new Set(current).add(key)),
    onSuccess: (eventId, { key, title }) => {
      runs.track(key, eventId);
      setShown({ eventId, title });
      notifySuccess();
    },
    onSettled: (_eventId, _error, { key }) =>
      setStarting((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      }),
  });

  return {
    /** Starts `call` (answers its event id) under `key`; rejects when it could not start. */
    start: (key: string, title: string, call: () => Promise<number>) =>
      mutation.mutateAsync({ key, title, call }),
    /** An event started elsewhere (a dialog's own call), followed under `key` and shown. */
    track: (key: string, title: string, eventId: number) => {
      runs.track(key, eventId);
      setShown({ eventId, title });
    },
    isBusy: (key: string) => starting.has(key) || runs.isRunning(key),
    shown,
  };
}

export type PhpEvents = ReturnType<typeof usePhpEvents>;
