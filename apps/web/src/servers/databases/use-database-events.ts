import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../api/error-handling';
import { useEventRuns } from '../../hooks/event-runs';
import { databasesKey, databaseUsersKey } from './databases-api';

/**
 * The events started from a database page, each under a key of the page's (`db:3`, `user:7`,
 * `dump:<file>`, `settings`), so that row is busy from the click until its event ends (spec/000
 * §4); then both lists are read again (the panel also publishes Update-data `databases` and
 * `databaseUsers`). A call that fails to start is reported once by the query client.
 */
export function useDatabaseEvents(serverId: number) {
  const queryClient = useQueryClient();
  const runs = useEventRuns(() => {
    void queryClient.invalidateQueries({ queryKey: databasesKey(serverId) });
    void queryClient.invalidateQueries({ queryKey: databaseUsersKey(serverId) });
  });
  const [starting, setStarting] = useState<ReadonlySet<string>>(new Set());
  const mutation = useMutation({
    mutationFn: ({ call }: { key: string; call: () => Promise<number> }) => call(),
    onMutate: ({ key }) => setStarting((current) => new Set(current).add(key)),
    onSuccess: (eventId, { key }) => {
      runs.track(key, eventId);
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
    start: (key: string, call: () => Promise<number>) => mutation.mutateAsync({ key, call }),
    /** An event started elsewhere (a dialog's own call) followed under `key`. */
    track: runs.track,
    isBusy: (key: string) => starting.has(key) || runs.isRunning(key),
  };
}

export type DatabaseEvents = ReturnType<typeof useDatabaseEvents>;
