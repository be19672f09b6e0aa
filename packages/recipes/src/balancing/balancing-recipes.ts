import { z } from 'zod';
import { balancingMethodSchema } from '@hostdeck/contracts/balancing';
import { domainSchema, ipSchema } from '@hostdeck/contracts/grammars';
import { defineRecipe } from '../recipe.js';

/**
 * Load balancing of a site (apps/api/src/balancing, docs/balancing.md). Every path and name is
 * computed here from the grammar-checked domain, so the scripts never build one; node addresses
 * are the panel's own server rows (validated again here as IP addresses).
 */

/** The upstream of a balancer site (a domain is letters, digits, dots and hyphens). */
export const balancerUpstreamName = (site: string) => `hostdeck-lb-${site}`;
/** http context: the upstream. */
export const balancerUpstreamPath = (site: string) => `/etc/nginx/conf.d/hostdeck-balancer-${site}.conf`;
/**
 * Included in each server block of the site's vhost (site-apply includes
 * /etc/nginx/hostdeck/SITE/*.conf). The leading `_` is outside the config-name grammar, so the
 * site's Configs page neither lists nor overwrites it.
 */
export const balancerIncludePath = (site: string) => `/etc/nginx/hostdeck/${site}/_hostdeck-balancer.conf`;
/** On a node: the allow/deny include of its vhost of the same site. */
export const balancerBackendIncludePath = (site: string) =>
  `/etc/nginx/hostdeck/${site}/_hostdeck-backend.conf`;

/** A node as the balancer's recipe gets it: an address from a server row, never typed. */
export const balancerNodeInputSchema = z.strictObject({
  address: ipSchema,
  port: z.number().int().min(1).max(65535),
  weight: z.number().int().min(1).max(100),
  backup: z.boolean(),
  down: z.boolean(),
});

export const balancingApply = defineRecipe({
  id: 'balancing-apply',
  input: z.strictObject({
    site: domainSchema,
    method: balancingMethodSchema,
    max_fails: z.number().int().min(0).max(100),
    fail_timeout: z.number().int().min(1).max(3600),
    nodes: z.array(balancerNodeInputSchema).min(1).max(32),
  }),
  steps: [
    {
      id: 'apply',
      title: 'Configure the load balancer',
      script: 'balancing/apply.sh',
      timeoutMs: 120_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_UPSTREAM: balancerUpstreamName(input.site),
    HD_UPSTREAM_FILE: balancerUpstreamPath(input.site),
    HD_INCLUDE_FILE: balancerIncludePath(input.site),
    HD_METHOD: input.method,
    HD_MAX_FAILS: String(input.max_fails),
    HD_FAIL_TIMEOUT: String(input.fail_timeout),
    // One `ADDRESS PORT WEIGHT BACKUP DOWN` per line: every value passed its grammar.
    HD_NODES: input.nodes
      .map((node) => [node.address, node.port, node.weight, node.backup ? 1 : 0, node.down ? 1 : 0].join(' '))
      .join('\n'),
  }),
  example: {
    site: 'example.com',
    method: 'round_robin',
    max_fails: 3,
    fail_timeout: 10,
    nodes: [{ address: '192.0.2.10', port: 80, weight: 1, backup: false, down: false }],
  },
});

export const balancingRemove = defineRecipe({
  id: 'balancing-remove',
  input: z.strictObject({ site: domainSchema }),
  steps: [
    {
      id: 'remove',
      title: 'Remove the load balancer',
      script: 'balancing/remove.sh',
      timeoutMs: 120_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_UPSTREAM_FILE: balancerUpstreamPath(input.site),
    HD_INCLUDE_FILE: balancerIncludePath(input.site),
  }),
  example: { site: 'example.com' },
});

export const balancingBackendApply = defineRecipe({
  id: 'balancing-backend-apply',
  input: z.strictObject({ site: domainSchema, allow: z.array(ipSchema).min(1).max(8) }),
  steps: [
    {
      id: 'apply',
      title: 'Accept the traffic of the site from its load balancer only',
      script: 'balancing/backend-apply.sh',
      timeoutMs: 120_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_INCLUDE_FILE: balancerBackendIncludePath(input.site),
    HD_ALLOW: input.allow.join(' '),
  }),
  example: { site: 'example.com', allow: ['192.0.2.1'] },
});

export const balancingBackendRemove = defineRecipe({
  id: 'balancing-backend-remove',
  input: z.strictObject({ site: domainSchema }),
  steps: [
    {
      id: 'remove',
      title: 'Accept the traffic of the site from everyone again',
      script: 'balancing/backend-remove.sh',
      timeoutMs: 120_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_INCLUDE_FILE: balancerBackendIncludePath(input.site),
  }),
  example: { site: 'example.com' },
});
