import {
  BALANCING_EVENT_TYPES,
  BALANCING_MESSAGES,
  balancingMethodSchema,
  balancingNodeSchema,
  type Balancing,
  type BalancingAction,
  type BalancingEvents,
  type BalancingNode,
  type StoreBalancing,
} from '@hostdeck/contracts/balancing';
import {
  balancingApply,
  balancingBackendApply,
  balancingBackendRemove,
  balancingRemove,
} from '@hostdeck/recipes/balancing';
import { z } from 'zod';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import type { AuthorizedSite, SiteAccess } from '../sites/site-access.js';
import type { BalancingRepository, SiteBalancerRow } from './balancing.repository.js';
import { balancerInput, ROLLING_DEPLOY_TASK, type ResolvedNode } from './rolling-deploy.js';

export interface BalancingDependencies {
  repository: BalancingRepository;
  access: Pick<SiteAccess, 'authorize'>;
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  events: Pick<EventsService, 'startRecipe' | 'startTask'>;
  servers: Pick<ServersRepository, 'findRow'>;
}

const storedNodesSchema = z.array(balancingNodeSchema);
const serverIdsSchema = z.array(z.number().int());

const DEFAULTS = { method: 'round_robin', maxFails: 3, failTimeout: 10 } as const;

/**
 * Load balancing of a site (issue 21 point 6; docs/balancing.md). The caller must manage the
 * balancer site and every node's server; a node is a server of the site's owner (not the site's
 * own server) holding a site of the same domain, both served by nginx. Addresses come from the
 * server rows. Every change is events: one per node (its allow/deny include), one on the balancer
 * (its upstream and include); each recipe validates with `nginx -t` and rolls back on failure.
 */
export function createBalancingService({
  repository,
  access,
  policy,
  events,
  servers,
}: BalancingDependencies) {
  function nodesOf(row: SiteBalancerRow | undefined): BalancingNode[] {
    return row ? storedNodesSchema.parse(row.nodes) : [];
  }

  async function present(authorized: AuthorizedSite, row: SiteBalancerRow | undefined): Promise<Balancing> {
    const { site, server } = authorized;
    const candidates = await repository.candidates(site.name, server.userId, server.id);
    const byServer = new Map(candidates.map((candidate) => [candidate.serverId, candidate]));
    const nodes = nodesOf(row);
    return {
      site_id: site.id,
      enabled: row?.enabled ?? false,
      method: balancingMethodSchema.parse(row?.method ?? DEFAULTS.method),
      max_fails: row?.maxFails ?? DEFAULTS.maxFails,
      fail_timeout: row?.failTimeout ?? DEFAULTS.failTimeout,
      nodes: nodes.map((node) => ({
        ...node,
        server_name: byServer.get(node.server_id)?.serverName ?? '',
        server_ip: byServer.get(node.server_id)?.serverIp ?? '',
      })),
      candidates: candidates.map((candidate) => ({
        server_id: candidate.serverId,
        server_name: candidate.serverName,
        server_ip: candidate.serverIp,
        site_id: candidate.siteId,
      })),
    };
  }

  function assertNginx(webServer: string, field: string) {
    if (webServer !== 'nginx') throw new ValidationError({ [field]: [BALANCING_MESSAGES.nginxOnly] });
  }

  /** Every node against the rows: the caller's `manage`, the owner, the site of the same domain. */
  async function resolveNodes(
    caller: Caller,
    authorized: AuthorizedSite,
    nodes: readonly BalancingNode[],
  ): Promise<ResolvedNode[]> {
    const { site, server } = authorized;
    assertNginx(site.webServer, 'site');
    const resolved: ResolvedNode[] = [];
    for (const [index, node] of nodes.entries()) {
      const field = `nodes.${index}.server_id`;
      if (node.server_id === server.id)
        throw new ValidationError({ [field]: [BALANCING_MESSAGES.ownServer] });
      await policy.authorizeServer(caller, node.server_id, 'manage');
      const candidate = await repository.siteOnServer(site.name, node.server_id);
      const nodeServer = candidate ? undefined : await servers.findRow(node.server_id);
      const ownerId = candidate?.serverUserId ?? nodeServer?.userId;
      if (ownerId !== server.userId) throw new ValidationError({ [field]: [BALANCING_MESSAGES.otherOwner] });
      if (!candidate) throw new ValidationError({ [field]: [BALANCING_MESSAGES.noSite] });
      assertNginx(candidate.webServer, field);
      resolved.push({ ...node, candidate });
    }
    return resolved;
  }

  /**
   * The node events, then the balancer's: each node accepts the site's traffic from the balancer
   * only, nodes no longer listed get their include removed, and the balancer gets its upstream.
   */
  async function apply(
    caller: Caller,
    authorized: AuthorizedSite,
    row: SiteBalancerRow,
    nodes: readonly ResolvedNode[],
  ): Promise<BalancingEvents> {
    const { site, server } = authorized;
    const started: BalancingEvents = [];
    for (const node of nodes) {
      const event = await events.startRecipe({
        userId: caller.id,
        serverId: node.server_id,
        recipeId: balancingBackendApply.id,
        input: { site: site.name, allow: [server.ip] },
        type: BALANCING_EVENT_TYPES.backendApply,
        description: { id: 'applyBalancerBackend', values: { site: site.name, address: server.ip } },
        siteId: node.candidate.siteId,
      });
      started.push({ id: event.id, server_id: node.server_id });
    }
    const current = new Set(nodes.map((node) => node.server_id));
    const previous = serverIdsSchema.parse(row.appliedServerIds);
    started.push(
      ...(await removeBackends(
        caller,
        site.name,
        previous.filter((id) => !current.has(id)),
      )),
    );
    const event = await events.startRecipe({
      userId: caller.id,
      serverId: server.id,
      recipeId: balancingApply.id,
      input: balancerInput(site, row, nodes),
      type: BALANCING_EVENT_TYPES.apply,
      description: { id: 'applyBalancer', values: { site: site.name, count: nodes.length } },
      siteId: site.id,
    });
    started.push({ id: event.id, server_id: server.id });
    await repository.upsert(site.id, { appliedServerIds: [...current] });
    return started;
  }

  /** Backend includes removed from servers that are no longer nodes (a server gone is skipped). */
  async function removeBackends(caller: Caller, domain: string, serverIds: readonly number[]) {
    const started: BalancingEvents = [];
    for (const serverId of serverIds) {
      try {
        await policy.authorizeServer(caller, serverId, 'manage');
      } catch (error) {
        if (error instanceof NotFoundError) continue;
        throw error;
      }
      const candidate = await repository.siteOnServer(domain, serverId);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId,
        recipeId: balancingBackendRemove.id,
        input: { site: domain },
        type: BALANCING_EVENT_TYPES.backendRemove,
        description: { id: 'removeBalancerBackend', values: { site: domain } },
        siteId: candidate?.siteId ?? null,
      });
      started.push({ id: event.id, server_id: serverId });
    }
    return started;
  }

  return {
    /** GET api/sites/{site}/balancing: the configuration (defaults when none) and the possible nodes. */
    async show(caller: Caller, siteId: number): Promise<Balancing> {
      const authorized = await access.authorize(caller, siteId, 'view');
      return present(authorized, await repository.find(siteId));
    },

    /** POST api/sites/{site}/balancing/store: replaces the configuration; applied at once when enabled. */
    async store(caller: Caller, siteId: number, body: StoreBalancing): Promise<BalancingAction> {
      const authorized = await access.authorize(caller, siteId, 'manage');
      const resolved = await resolveNodes(caller, authorized, body.nodes);
      const row = await repository.upsert(siteId, {
        method: body.method,
        maxFails: body.max_fails,
        failTimeout: body.fail_timeout,
        nodes: body.nodes,
      });
      const started = row.enabled ? await apply(caller, authorized, row, resolved) : [];
      return { balancing: await present(authorized, await repository.find(siteId)), events: started };
    },

    /** POST api/sites/{site}/balancing/enable: the stored nodes, checked again, are applied. */
    async enable(caller: Caller, siteId: number): Promise<BalancingAction> {
      const authorized = await access.authorize(caller, siteId, 'manage');
      const existing = await repository.find(siteId);
      const nodes = nodesOf(existing);
      if (!existing || nodes.length === 0)
        throw new ValidationError({ nodes: [BALANCING_MESSAGES.notConfigured] });
      const resolved = await resolveNodes(caller, authorized, nodes);
      const row = await repository.upsert(siteId, { enabled: true });
      const started = await apply(caller, authorized, row, resolved);
      return { balancing: await present(authorized, await repository.find(siteId)), events: started };
    },

    /**
     * POST api/sites/{site}/balancing/deploy: the rolling deploy (rolling-deploy.ts), one event on
     * the balancer's server. The nodes are checked as for enable; the site needs its repository.
     */
    async deploy(caller: Caller, siteId: number) {
      const authorized = await access.authorize(caller, siteId, 'manage');
      const { site, server } = authorized;
      const existing = await repository.find(siteId);
      const nodes = nodesOf(existing);
      if (!existing?.enabled || nodes.length === 0)
        throw new ValidationError({ nodes: [BALANCING_MESSAGES.notBalancing] });
      if (!site.repository || !site.branch)
        throw new ValidationError({ repository: [BALANCING_MESSAGES.noRepository] });
      await resolveNodes(caller, authorized, nodes);
      const event = await events.startTask({
        userId: caller.id,
        serverId: server.id,
        task: ROLLING_DEPLOY_TASK,
        input: { site_id: site.id },
        type: BALANCING_EVENT_TYPES.rollingDeploy,
        description: {
          id: 'rollingDeploy',
          values: { site: site.name, count: nodes.filter((node) => !node.down).length },
        },
        siteId: site.id,
      });
      return { data: { id: event.id } };
    },

    /** POST api/sites/{site}/balancing/disable: the site serves itself; its nodes answer everyone again. */
    async disable(caller: Caller, siteId: number): Promise<BalancingAction> {
      const authorized = await access.authorize(caller, siteId, 'manage');
      const { site, server } = authorized;
      const existing = await repository.find(siteId);
      const started: BalancingEvents = [];
      const event = await events.startRecipe({
        userId: caller.id,
        serverId: server.id,
        recipeId: balancingRemove.id,
        input: { site: site.name },
        type: BALANCING_EVENT_TYPES.remove,
        description: { id: 'removeBalancer', values: { site: site.name } },
        siteId: site.id,
      });
      started.push({ id: event.id, server_id: server.id });
      const applied = existing ? serverIdsSchema.parse(existing.appliedServerIds) : [];
      started.push(...(await removeBackends(caller, site.name, applied)));
      await repository.upsert(siteId, { enabled: false, appliedServerIds: [] });
      return { balancing: await present(authorized, await repository.find(siteId)), events: started };
    },
  };
}
export type BalancingService = ReturnType<typeof createBalancingService>;
