import { z } from 'zod';
import { defineRoutes } from './route-contract.js';

/**
 * Monitoring (issue 23 point 4): a server's resource samples, kept 30 days with downsampling, the
 * charts' ranges, and the thresholds that open the `server.disk`, `server.cpu` and `server.memory`
 * incidents (alerts.ts).
 */

/** The chart ranges; each is read at one resolution (apps/api monitoring/metrics-retention.ts). */
export const METRICS_RANGES = ['1h', '24h', '7d', '30d'] as const;
export const metricsRangeSchema = z.enum(METRICS_RANGES);
export type MetricsRange = z.infer<typeof metricsRangeSchema>;

const bytes = z.number().nonnegative();

/** The agent's answer (monitoring-sample.ts AgentMetricsAnswer), checked by the panel. */
export const metricsSampleSchema = z.object({
  at: z.number().int().positive(),
  cpu: z.number().min(0).max(100),
  memory: z.object({ used: bytes, total: bytes }),
  disks: z.array(z.object({ mount: z.string().min(1).max(4096), used: bytes, total: bytes })).max(16),
  load: z.tuple([z.number().nonnegative(), z.number().nonnegative(), z.number().nonnegative()]),
  network: z.object({ rx: bytes, tx: bytes }),
});
export const agentMetricsAnswerSchema = z.object({
  interval: z.number().int().positive(),
  samples: z.array(metricsSampleSchema).max(100_000),
});

/** One point of a chart: an average over its resolution (one sample for the raw minutes). */
export const metricsPointSchema = z.object({
  at: z.string(),
  cpu: z.number(),
  memory_used: z.number(),
  memory_total: z.number(),
  /** The root file system's. */
  disk_used: z.number(),
  disk_total: z.number(),
  /** Every real file system, `/` first. */
  disks: z.array(z.object({ mount: z.string(), used: z.number(), total: z.number() })),
  load_1: z.number(),
  load_5: z.number(),
  load_15: z.number(),
  /** Bytes per second. */
  network_rx: z.number(),
  network_tx: z.number(),
});
export type MetricsPoint = z.infer<typeof metricsPointSchema>;

export const serverMetricsResponseSchema = z.object({
  data: z.object({
    range: metricsRangeSchema,
    /** Seconds each point stands for (0: the samples as taken). */
    resolution: z.number().int().nonnegative(),
    /** `agent` or `ssh`: how the panel reads this server (SSH when no recent agent is installed). */
    source: z.enum(['agent', 'ssh']),
    points: z.array(metricsPointSchema),
  }),
});
export type ServerMetricsResponse = z.infer<typeof serverMetricsResponseSchema>;

/** Defaults of a server's thresholds (percent) and of how many samples in a row make CPU/memory. */
export const MONITORING_DEFAULTS = {
  disk_percent: 90,
  cpu_percent: 90,
  memory_percent: 90,
  consecutive_samples: 5,
} as const;

const percent = z.number().int().min(1).max(100);
export const monitoringSettingsSchema = z.strictObject({
  /** Off: no threshold alerts for this server (unreachable alerts still apply). */
  alerts_enabled: z.boolean(),
  disk_percent: percent,
  cpu_percent: percent,
  memory_percent: percent,
  /** CPU and memory alert after this many samples in a row over the threshold, not one spike. */
  consecutive_samples: z.number().int().min(1).max(60),
});
export type MonitoringSettings = z.infer<typeof monitoringSettingsSchema>;

export const monitoringSettingsResponseSchema = z.object({ data: monitoringSettingsSchema });

export const monitoringRoutes = defineRoutes({
  /** GET api/servers/{server}/metrics?range=1h|24h|7d|30d: the chart's points, oldest first. */
  metrics: {
    method: 'GET',
    path: '/api/servers/:server/metrics',
    query: z.object({ range: metricsRangeSchema.default('1h') }),
    response: serverMetricsResponseSchema,
  },
  settings: {
    method: 'GET',
    path: '/api/servers/:server/monitoring',
    response: monitoringSettingsResponseSchema,
  },
  updateSettings: {
    method: 'PUT',
    path: '/api/servers/:server/monitoring',
    body: monitoringSettingsSchema,
    response: monitoringSettingsResponseSchema,
  },
});
