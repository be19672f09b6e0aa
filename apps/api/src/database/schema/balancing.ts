import { boolean, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sites } from './sites.js';

/**
 * A site's load balancer (issue 21 point 6, spec/000 §7 balancing; docs/balancing.md): the site's
 * nginx sends its traffic to the same site (same domain) on other servers of its owner. One row per
 * balancer site. `nodes` holds contracts `balancingNodeSchema` entries (server id, port, weight,
 * backup, down); their addresses are read from the server rows when the config is rendered, never
 * stored or typed. `appliedServerIds` are the nodes whose backend include is on their server, so a
 * node taken out of the list (or a disable) knows where to remove it.
 */
export const siteBalancers = pgTable('site_balancers', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  /** contracts BALANCING_METHODS: `round_robin`, `least_conn`, `ip_hash`. */
  method: varchar('method', { length: 16 }).notNull().default('round_robin'),
  maxFails: integer('max_fails').notNull().default(3),
  failTimeout: integer('fail_timeout').notNull().default(10),
  nodes: jsonb('nodes').notNull().default([]),
  enabled: boolean('enabled').notNull().default(false),
  appliedServerIds: jsonb('applied_server_ids').notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
