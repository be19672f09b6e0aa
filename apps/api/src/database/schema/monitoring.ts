import {
  bigint,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { servers } from './servers.js';

/**
 * A server's resource samples (issue 23 point 4): `resolution` 0 holds the samples as taken (kept
 * 24 h), 300 the five-minute averages (7 days), 3600 the hourly ones (30 days); the pruning task
 * makes the averages and drops what is past its retention (monitoring/metrics-retention.ts).
 */
export const serverMetrics = pgTable(
  'server_metrics',
  {
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    resolution: smallint('resolution').notNull(),
    /** The sample's time, or its bucket's start for an average. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    cpu: doublePrecision('cpu').notNull(),
    memoryUsed: bigint('memory_used', { mode: 'number' }).notNull(),
    memoryTotal: bigint('memory_total', { mode: 'number' }).notNull(),
    /** Every real file system, `[{mount, used, total}]`, `/` first. */
    disks: jsonb('disks').$type<{ mount: string; used: number; total: number }[]>().notNull(),
    load1: doublePrecision('load_1').notNull(),
    load5: doublePrecision('load_5').notNull(),
    load15: doublePrecision('load_15').notNull(),
    networkRx: doublePrecision('network_rx').notNull(),
    networkTx: doublePrecision('network_tx').notNull(),
  },
  (table) => [primaryKey({ columns: [table.serverId, table.resolution, table.at] })],
);

/**
 * Per server: its thresholds (contracts monitoring.ts; defaults while no row exists) and where the
 * checks stand: the last sample collected, CPU and memory samples over their threshold in a row,
 * and the reachability check's failures in a row.
 */
export const serverMonitoring = pgTable('server_monitoring', {
  serverId: integer('server_id')
    .primaryKey()
    .references(() => servers.id, { onDelete: 'cascade' }),
  alertsEnabled: boolean('alerts_enabled').notNull().default(true),
  diskPercent: smallint('disk_percent').notNull().default(90),
  cpuPercent: smallint('cpu_percent').notNull().default(90),
  memoryPercent: smallint('memory_percent').notNull().default(90),
  consecutiveSamples: smallint('consecutive_samples').notNull().default(5),
  lastSampleAt: timestamp('last_sample_at', { withTimezone: true }),
  cpuOver: integer('cpu_over').notNull().default(0),
  memoryOver: integer('memory_over').notNull().default(0),
  /** Open incidents this area opened: `disk`, `cpu`, `memory`, `unreachable`. */
  openIncidents: jsonb('open_incidents').$type<string[]>().notNull().default([]),
  failures: integer('failures').notNull().default(0),
  /** How the last sample was read: `agent` or `ssh`. */
  source: varchar('source', { length: 8 }).$type<'agent' | 'ssh'>(),
});
