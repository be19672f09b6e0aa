import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { startedEventResponseSchema } from '@hostdeck/contracts';
import { dockerRoutes } from '@hostdeck/contracts/docker';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';
import { useEventRuns } from '../../hooks/event-runs';

/**
 * The Docker page's reads (the Engine's answers, live) and its actions (events). Every query key
 * starts with `['docker', server]`, so a finished Docker event reloads the whole page's lists.
 */
export const dockerKey = (serverId: number) => ['docker', serverId] as const;

function dockerQuery<T>(
  serverId: number,
  name: string,
  entry: { path: string; response: { parse(input: unknown): T } },
) {
  return queryOptions({
    queryKey: [...dockerKey(serverId), name],
    queryFn: () => apiGetParsed(apiPath(entry.path, { server: serverId }), entry.response),
    staleTime: 15_000,
  });
}

export const useDockerImages = (serverId: number) =>
  useQuery(dockerQuery(serverId, 'images', dockerRoutes.images));
export const useDockerVolumes = (serverId: number) =>
  useQuery(dockerQuery(serverId, 'volumes', dockerRoutes.volumes));
export const useDockerNetworks = (serverId: number) =>
  useQuery(dockerQuery(serverId, 'networks', dockerRoutes.networks));
export const usePublishedPorts = (serverId: number) =>
  useQuery(dockerQuery(serverId, 'published-ports', dockerRoutes.publishedPorts));
export const useDockerSettings = (serverId: number) =>
  useQuery(dockerQuery(serverId, 'settings', dockerRoutes.settings));

export type PruneKind = 'images' | 'volumes' | 'networks';
const PREVIEW_ROUTES = {
  images: dockerRoutes.imagesPrunePreview,
  volumes: dockerRoutes.volumesPrunePreview,
  networks: dockerRoutes.networksPrunePreview,
} as const;

/** What a prune would take, read when its dialog opens (never cached: it must be current). */
export function usePrunePreview(serverId: number, kind: PruneKind, open: boolean, all = false) {
  return useQuery({
    queryKey: [...dockerKey(serverId), 'prune', kind, all],
    queryFn: async () => {
      const route = PREVIEW_ROUTES[kind] as {
        path: string;
        response: { parse(input: unknown): { data: unknown[] } };
      };
      const query = kind === 'images' ? { all: String(all) } : {};
      const response = await apiGetParsed(apiPath(route.path, { server: serverId }, query), route.response);
      return response.data.map((item) => previewName(item as PreviewItem));
    },
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
}

type PreviewItem = { id: string; tags?: string[]; name?: string };
/** An image by its first tag (or short id), a volume or network by its name. */
const previewName = (item: PreviewItem) => item.name ?? item.tags?.[0] ?? shortId(item.id);

type Method = 'POST' | 'PUT' | 'DELETE';

/** Starts Docker events: each key shows busy while its event runs; the lists reload when it ends. */
export function useDockerActions(serverId: number) {
  const client = useQueryClient();
  const runs = useEventRuns(() => void client.invalidateQueries({ queryKey: dockerKey(serverId) }));
  const run = useCallback(
    async (key: string, method: Method, path: string, body?: unknown) => {
      const started = await apiSend(
        method,
        `${apiPath('/api/servers/:server/docker', { server: serverId })}${path}`,
        body,
        startedEventResponseSchema,
      );
      runs.track(key, started.data.id);
    },
    [runs, serverId],
  );
  return { run, isBusy: runs.isRunning };
}

export const shortId = (id: string) => id.replace(/^sha256:/, '').slice(0, 12);
