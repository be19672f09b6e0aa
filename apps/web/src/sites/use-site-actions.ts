import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notifySuccess } from '../api/error-handling';
import { useEventRuns } from '../hooks/event-runs';
import { SITE_LISTS_KEY, siteDetailKey } from './site-api';

interface SiteAction {
  key: string;
  action: () => Promise<number>;
}

/**
 * The actions of one site page that start an event on the server (PHP version, owner, chmod…):
 * each keeps its control busy until its event ends (spec/000 §4: running events mark a busy
 * state), then the site is read again.
 */
export function useSiteActions(siteId: number) {
  const queryClient = useQueryClient();
  const runs = useEventRuns(() => {
    void queryClient.invalidateQueries({ queryKey: siteDetailKey(siteId) });
    void queryClient.invalidateQueries({ queryKey: SITE_LISTS_KEY });
  });
  const { track } = runs;

  // A failure is reported by the query client's mutation cache (handleApiError). One mutation
  // runs every action of the page; their busy state is the event runs' (isRunning), not its.
  const { mutateAsync } = useMutation({
    mutationFn: async ({ key, action }: SiteAction) => track(key, await action()),
    onSuccess: () => notifySuccess(),
  });

  /** Runs a call that answers an event id; reports 'Success' or the panel's error. */
  const start = useCallback(
    (key: string, action: () => Promise<number>): Promise<boolean> =>
      mutateAsync({ key, action }).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );

  /**
   * Like start, for forms that show the panel's field errors: the failure is thrown to them and
   * reported by their own mutation.
   */
  const startOrThrow = useCallback(
    async (key: string, action: () => Promise<number>): Promise<void> => {
      track(key, await action());
      notifySuccess();
    },
    [track],
  );

  return { start, startOrThrow, track, isRunning: runs.isRunning };
}
export type SiteActions = ReturnType<typeof useSiteActions>;
