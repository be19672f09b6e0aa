import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import {
  containerLogLineSchema,
  containerRoutes,
  containerStatsSampleSchema,
  containerStreamEndSchema,
  type ContainerLogLine,
  type ContainerLogsQuery,
  type ContainerStatsSample,
} from '@hostdeck/contracts/docker-containers';
import { apiGetParsed, apiPath } from '../../../api/client';
import { dockerKey } from '../docker-api';

/** The containers, read from the Engine; under the page's key, so a finished Docker event reloads it. */
export function containersQuery(serverId: number) {
  return queryOptions({
    queryKey: [...dockerKey(serverId), 'containers'],
    queryFn: () =>
      apiGetParsed(apiPath(containerRoutes.list.path, { server: serverId }), containerRoutes.list.response),
    staleTime: 10_000,
  });
}
export const useContainers = (serverId: number) => useQuery(containersQuery(serverId));

/** The Engine's inspect of one container (the dialog's JSON), read when the dialog opens. */
export function useContainerInspect(serverId: number, container: string | null) {
  return useQuery({
    queryKey: [...dockerKey(serverId), 'container', container],
    queryFn: () =>
      apiGetParsed(
        apiPath(containerRoutes.show.path, { server: serverId, container: container! }),
        containerRoutes.show.response,
      ),
    enabled: container !== null,
    staleTime: 0,
  });
}

/** The lines a log view keeps: older ones are dropped, so a long follow never grows the page. */
export const MAX_LOG_LINES = 2_000;
/** The stats samples a view keeps (a minute of history at one a second). */
export const MAX_STATS_SAMPLES = 60;

export type StreamState = 'connecting' | 'open' | 'ended' | 'error';

interface EventStreamOptions<T> {
  url: string | null;
  event: string;
  schema: z.ZodType<T>;
  keep: number;
}

/**
 * A Server-Sent Events stream of the panel (logs, stats): the session cookie authenticates it,
 * messages are parsed with their contracts schema, the last `keep` are kept. Closing the view (or
 * changing the URL) closes the EventSource, and the panel then closes the Docker stream. An `end`
 * message closes it for good (no automatic reconnection).
 */
export function useEventStream<T>({ url, event, schema, keep }: EventStreamOptions<T>) {
  // What the stream of `url` received; another URL's leftovers read as a fresh connection.
  const [snapshot, setSnapshot] = useState<{
    url: string | null;
    items: T[];
    state: StreamState;
    message: string | null;
  }>({ url: null, items: [], state: 'connecting', message: null });
  const pending = useRef<T[]>([]);

  useEffect(() => {
    if (!url) return;
    const source = new EventSource(url, { withCredentials: true });
    const update = (change: (current: typeof snapshot) => Partial<typeof snapshot>) =>
      setSnapshot((current) => {
        const base =
          current.url === url ? current : { url, items: [], state: 'connecting' as const, message: null };
        return { ...base, ...change(base) };
      });
    // Messages are applied once per animation frame: a burst of lines is one render.
    let frame: number | null = null;
    const flush = () => {
      frame = null;
      const batch = pending.current;
      pending.current = [];
      update((current) => ({ items: [...current.items, ...batch].slice(-keep) }));
    };
    source.onopen = () => update(() => ({ state: 'open' }));
    source.addEventListener(event, (message) => {
      const parsed = schema.safeParse(JSON.parse((message as MessageEvent<string>).data));
      if (!parsed.success) return;
      pending.current.push(parsed.data);
      if (pending.current.length > keep) pending.current.splice(0, pending.current.length - keep);
      frame ??= requestAnimationFrame(flush);
    });
    source.addEventListener('end', (message) => {
      const end = containerStreamEndSchema.safeParse(JSON.parse((message as MessageEvent<string>).data));
      source.close();
      update(() => ({
        state: end.success && end.data.reason === 'error' ? 'error' : 'ended',
        message: end.success ? (end.data.message ?? null) : null,
      }));
    });
    source.onerror = () => {
      // The panel refused (404, 422…) or the connection dropped: stop, say so, offer to reconnect.
      source.close();
      update((current) => ({ state: current.state === 'ended' ? 'ended' : 'error' }));
    };
    return () => {
      source.close();
      if (frame !== null) cancelAnimationFrame(frame);
      pending.current = [];
    };
  }, [url, event, schema, keep]);

  if (snapshot.url !== url) return { items: [] as T[], state: 'connecting' as StreamState, message: null };
  return { items: snapshot.items, state: snapshot.state, message: snapshot.message };
}

/** The URL of a container's log stream with its options. */
export function logsUrl(serverId: number, container: string, query: ContainerLogsQuery): string {
  const params: Record<string, string> = {
    tail: String(query.tail ?? 200),
    follow: String(query.follow ?? true),
  };
  if (query.since) params.since = query.since;
  if (query.search) params.search = query.search;
  return apiPath(containerRoutes.logs.path, { server: serverId, container }, params);
}

export const useContainerLogs = (url: string | null) =>
  useEventStream<ContainerLogLine>({
    url,
    event: 'line',
    schema: containerLogLineSchema,
    keep: MAX_LOG_LINES,
  });

/** `attempt` changes the URL's fragment only, so a new attempt opens a new stream. */
export const useContainerStats = (serverId: number, container: string | null, attempt = 0) =>
  useEventStream<ContainerStatsSample>({
    url: container
      ? `${apiPath(containerRoutes.stats.path, { server: serverId, container })}#${attempt}`
      : null,
    event: 'stats',
    schema: containerStatsSampleSchema,
    keep: MAX_STATS_SAMPLES,
  });
