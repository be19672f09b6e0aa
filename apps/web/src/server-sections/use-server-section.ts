import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  ServerSectionActionInput,
  ServerSectionContract,
  ServerSectionQuery,
} from '@hostdeck/contracts';
import { notifySuccess } from '../api/error-handling';
import { useEventRuns } from '../hooks/event-runs';
import { sectionListKey, sectionListQuery, startSectionAction } from './section-api';

/** A section's list on one server, the previous answer kept while a new filter loads. */
export function useSectionList<Section extends ServerSectionContract>(
  section: Section,
  serverId: number,
  query?: ServerSectionQuery<Section>,
) {
  return useQuery({ ...sectionListQuery(section, serverId, query), placeholderData: keepPreviousData });
}

export interface SectionActionOptions {
  /** Rejects when the action could not start (a confirm dialog then stays open). */
  rethrow?: boolean;
}

/**
 * Starts a section's actions, each an event (201 with its id), tracked under a key of the page's
 * choosing (a row's id), so that row is busy from the click until its event ends (spec/000 §4);
 * then the section's list is read from the server again. Failures are reported by the query
 * client's mutation handling (app/query-client.ts); its output can be followed with useLiveEvent.
 */
export function useSectionActions<Section extends ServerSectionContract>(section: Section, serverId: number) {
  const queryClient = useQueryClient();
  const runs = useEventRuns(() => {
    void queryClient.invalidateQueries({ queryKey: sectionListKey(section, serverId) });
  });
  // Between the click and the panel's answer, before there is an event to follow.
  const [starting, setStarting] = useState<ReadonlySet<string>>(new Set());
  const mutation = useMutation({
    mutationFn: ({ name, input }: { name: keyof Section['actions'] & string; input: unknown }) =>
      startSectionAction(section, name, serverId, input as ServerSectionActionInput<Section, typeof name>),
  });

  async function run<Name extends keyof Section['actions'] & string>(
    busyKey: string,
    name: Name,
    input: ServerSectionActionInput<Section, Name>,
    { rethrow = false }: SectionActionOptions = {},
  ): Promise<number | null> {
    setStarting((current) => new Set(current).add(busyKey));
    try {
      const eventId = await mutation.mutateAsync({ name, input });
      runs.track(busyKey, eventId);
      notifySuccess();
      return eventId;
    } catch (error) {
      if (rethrow) throw error;
      return null;
    } finally {
      setStarting((current) => {
        const next = new Set(current);
        next.delete(busyKey);
        return next;
      });
    }
  }

  return {
    run,
    isBusy: (busyKey: string) => starting.has(busyKey) || runs.isRunning(busyKey),
  };
}
