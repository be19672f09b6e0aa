import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  monitoringRoutes,
  monitoringSettingsResponseSchema,
  serverMetricsResponseSchema,
  type MetricsRange,
  type MonitoringSettings,
} from '@hostdeck/contracts/monitoring';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

/** How often an open chart asks again: a new sample comes every minute. */
const REFRESH_MS = 60_000;

export const metricsKey = (serverId: number) => ['servers', serverId, 'metrics'] as const;
export const monitoringSettingsKey = (serverId: number) => ['servers', serverId, 'monitoring'] as const;

/** GET api/servers/{server}/metrics?range=: the chart's points, oldest first. */
export function metricsQuery(serverId: number, range: MetricsRange) {
  return queryOptions({
    queryKey: [...metricsKey(serverId), range],
    queryFn: () =>
      apiGetParsed(
        `${apiPath(monitoringRoutes.metrics.path, { server: serverId })}?range=${range}`,
        serverMetricsResponseSchema,
      ),
    refetchInterval: REFRESH_MS,
    meta: { notFoundView: true },
  });
}

export function useServerMetrics(serverId: number, range: MetricsRange) {
  return useQuery({ ...metricsQuery(serverId, range), placeholderData: keepPreviousData });
}

export function useMonitoringSettings(serverId: number) {
  return useQuery({
    queryKey: monitoringSettingsKey(serverId),
    queryFn: () =>
      apiGetParsed(
        apiPath(monitoringRoutes.settings.path, { server: serverId }),
        monitoringSettingsResponseSchema,
      ),
  });
}

export function saveMonitoringSettings(serverId: number, settings: MonitoringSettings) {
  return apiSend(
    'PUT',
    apiPath(monitoringRoutes.updateSettings.path, { server: serverId }),
    settings,
    monitoringSettingsResponseSchema,
  );
}
