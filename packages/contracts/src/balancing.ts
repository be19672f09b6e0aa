import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { startedEventResponseSchema } from './server-management.js';
import { defineRoutes } from './route-contract.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * Load balancing of a site (issue 21 point 6; spec/000 §7 Sites "balancing (enable, disable,
 * store)"; docs/balancing.md). The site's nginx becomes a load balancer over the same site (same
 * domain) on other servers of the site's owner: TLS and the ACME challenges stay on the balancer,
 * everything else goes to the nodes over HTTP with `X-Forwarded-*`, and each node's vhost of that
 * site answers the balancer's address only. A node is a server of the panel: its address comes from
 * the server row, never from what the user typed.
 */

/** English messages (i18n keys); Vietnamese in apps/api/src/balancing/balancing.vi.ts. */
export const BALANCING_MESSAGES = {
  nodes: 'Add 1 to 32 different servers',
  ownServer: "The balancer's own server cannot be one of its nodes",
  otherOwner: 'Every node must be a server of the same owner as the site',
  noSite: 'This server has no site with the same domain',
  noActiveNode: 'At least one node must be neither a backup nor drained',
  ipHashBackup: 'IP hash does not support backup nodes',
  nginxOnly: 'Load balancing needs nginx, on the balancer and on every node',
  notConfigured: 'Add the nodes and save them first',
  notBalancing: 'Turn balancing on over at least one node first',
  noRepository: 'Set the repository and the branch on the Deployments page first: the nodes deploy them',
} as const;

/** nginx's `upstream` methods: round robin (its default), least connections, IP hash. */
export const BALANCING_METHODS = ['round_robin', 'least_conn', 'ip_hash'] as const;
export type BalancingMethod = (typeof BALANCING_METHODS)[number];
export const balancingMethodSchema = z.enum(BALANCING_METHODS, { message: VALIDATION_MESSAGES.invalid });

export const BALANCING_MAX_NODES = 32;

const integer = (min: number, max: number) =>
  z.number({ message: VALIDATION_MESSAGES.invalid }).int().min(min).max(max);
const flag = z.boolean({ message: VALIDATION_MESSAGES.invalid });

/** One node as stored and as the API takes it: a server of the panel and how nginx uses it. */
export const balancingNodeSchema = z.strictObject({
  server_id: integer(1, 2_147_483_647),
  /** The node's HTTP port (the site's vhost listens on 80 unless its bindings say otherwise). */
  port: integer(1, 65535).default(80),
  weight: integer(1, 100).default(1),
  /** Used only when every other node is unavailable (not with IP hash). */
  backup: flag.default(false),
  /** Drained: nginx sends it nothing (`down`), its configuration stays. */
  down: flag.default(false),
});
export type BalancingNode = z.output<typeof balancingNodeSchema>;

/** POST api/sites/{site}/balancing/store: the whole configuration (it replaces the stored one). */
export const storeBalancingBodySchema = z
  .strictObject({
    method: balancingMethodSchema.default('round_robin'),
    /** Passive health checks: failures within `fail_timeout` seconds that mark a node unavailable for as long. */
    max_fails: integer(0, 100).default(3),
    fail_timeout: integer(1, 3600).default(10),
    nodes: z
      .array(balancingNodeSchema)
      .min(1, { message: BALANCING_MESSAGES.nodes })
      .max(BALANCING_MAX_NODES, { message: BALANCING_MESSAGES.nodes }),
  })
  .superRefine((body, context) => {
    const ids = body.nodes.map((node) => node.server_id);
    if (new Set(ids).size !== ids.length)
      context.addIssue({ code: 'custom', path: ['nodes'], message: BALANCING_MESSAGES.nodes });
    if (!body.nodes.some((node) => !node.backup && !node.down))
      context.addIssue({ code: 'custom', path: ['nodes'], message: BALANCING_MESSAGES.noActiveNode });
    if (body.method === 'ip_hash' && body.nodes.some((node) => node.backup))
      context.addIssue({ code: 'custom', path: ['method'], message: BALANCING_MESSAGES.ipHashBackup });
  });
export type StoreBalancingBody = z.input<typeof storeBalancingBodySchema>;
export type StoreBalancing = z.output<typeof storeBalancingBodySchema>;

/** A node as presented: with its server's name and address (from the panel's server row). */
export const balancingNodeViewSchema = z.object({
  server_id: z.number().int(),
  server_name: z.string(),
  server_ip: z.string(),
  port: z.number().int(),
  weight: z.number().int(),
  backup: z.boolean(),
  down: z.boolean(),
});

/** A server the balancer may use: the owner's server that has a site of the same domain. */
export const balancingCandidateSchema = z.object({
  server_id: z.number().int(),
  server_name: z.string(),
  server_ip: z.string(),
  site_id: z.number().int(),
});

export const balancingSchema = z.object({
  site_id: z.number().int(),
  enabled: z.boolean(),
  method: balancingMethodSchema,
  max_fails: z.number().int(),
  fail_timeout: z.number().int(),
  nodes: z.array(balancingNodeViewSchema),
  candidates: z.array(balancingCandidateSchema),
});
export type Balancing = z.infer<typeof balancingSchema>;

export const balancingEventsSchema = z.array(z.object({ id: z.number().int(), server_id: z.number().int() }));
export type BalancingEvents = z.infer<typeof balancingEventsSchema>;

export const balancingResponseSchema = z.object({ data: balancingSchema });
export const balancingActionResponseSchema = z.object({
  data: z.object({ balancing: balancingSchema, events: balancingEventsSchema }),
});
export type BalancingAction = z.infer<typeof balancingActionResponseSchema>['data'];

export const balancingRoutes = defineRoutes({
  show: { method: 'GET', path: '/api/sites/:site/balancing', response: balancingResponseSchema },
  store: {
    method: 'POST',
    path: '/api/sites/:site/balancing/store',
    body: storeBalancingBodySchema,
    response: balancingActionResponseSchema,
  },
  enable: {
    method: 'POST',
    path: '/api/sites/:site/balancing/enable',
    response: balancingActionResponseSchema,
  },
  disable: {
    method: 'POST',
    path: '/api/sites/:site/balancing/disable',
    response: balancingActionResponseSchema,
  },
  /**
   * The panel's own (issue 21 point 6): deploys the balancer site's code to every node, one at a
   * time, each drained from the balancer while it deploys. One event on the balancer's server.
   */
  deploy: {
    method: 'POST',
    path: '/api/sites/:site/balancing/deploy',
    response: startedEventResponseSchema,
  },
});

/** Event types: the balancer's own config (model: the site) and a node's backend include (model: the node's site). */
export const BALANCING_EVENT_PREFIX = 'balancing_';
export const BALANCING_EVENT_TYPES = {
  apply: 'balancing_apply',
  remove: 'balancing_remove',
  backendApply: 'balancing_backend_apply',
  backendRemove: 'balancing_backend_remove',
  rollingDeploy: 'balancing_rolling_deploy',
} as const;

export const BALANCING_EVENT_DESCRIPTIONS = defineEventDescriptions({
  applyBalancer: 'Balance {site} over {count} node(s)',
  removeBalancer: 'Stop balancing {site}',
  applyBalancerBackend: 'Accept the traffic of {site} from its balancer {address} only',
  removeBalancerBackend: 'Accept the traffic of {site} from everyone again',
  rollingDeploy: 'Deploy {site} to its {count} node(s), one at a time',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    balancing: typeof BALANCING_EVENT_DESCRIPTIONS;
  }
}
