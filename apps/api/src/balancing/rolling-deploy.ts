import { z } from 'zod';
import { EVENT_STATUS } from '@hostdeck/contracts';
import { balancingNodeSchema, type BalancingNode } from '@hostdeck/contracts/balancing';
import { balancingApply } from '@hostdeck/recipes/balancing';
import type { DeploymentsRepository } from '../deployments/deployments.repository.js';
import type { DeploymentsService } from '../deployments/deployments.service.js';
import type { EventsRepository } from '../events/events.repository.js';
import { eventError } from '../jobs/event-error.js';
import type { EventHooks, EventTaskContext } from '../jobs/event-hooks.js';
import type { SiteRow } from '../sites/site-access.js';
import type { BalancingCandidate, BalancingRepository, SiteBalancerRow } from './balancing.repository.js';

/** The panel task of a rolling deploy: one event on the balancer's server. */
export const ROLLING_DEPLOY_TASK = 'balancing-rolling-deploy';
export const rollingDeployInput = z.object({ site_id: z.number().int().positive() });

/** How long a node's deployment may take, queue included, before the rolling deploy gives up. */
const NODE_DEPLOY_TIMEOUT_MS = 60 * 60_000;

/** A node with its server's address and its site of the same domain. */
export interface ResolvedNode extends BalancingNode {
  candidate: BalancingCandidate;
}

/** The `balancing-apply` input of a balancer: its upstream, `drained` taken out (`down`) too. */
export function balancerInput(
  site: { name: string },
  row: Pick<SiteBalancerRow, 'method' | 'maxFails' | 'failTimeout'>,
  nodes: readonly ResolvedNode[],
  drained: number | null = null,
) {
  return {
    site: site.name,
    method: row.method,
    max_fails: row.maxFails,
    fail_timeout: row.failTimeout,
    nodes: nodes.map((node) => ({
      address: node.candidate.serverIp,
      port: node.port,
      weight: node.weight,
      backup: node.backup,
      down: node.down || node.server_id === drained,
    })),
  };
}

export interface RollingDeployDependencies {
  events: Pick<EventsRepository, 'findById'>;
  repository: Pick<BalancingRepository, 'find' | 'siteOnServer'>;
  deploymentRepository: Pick<DeploymentsRepository, 'updateSite'>;
  deployments: Pick<DeploymentsService, 'deployNow'>;
  loadSite(siteId: number): Promise<SiteRow | undefined>;
  /** How often a node's deployment event is read while it runs. */
  pollMs?: number;
}

/**
 * The rolling deploy (issue 21 point 6; docs/balancing.md, Rolling deploy): the balancer site's
 * deployment settings (repository, branch, script, .env, deploy key) are its nodes' too. For each
 * node that serves (not drained by the user), one at a time:
 * 1. the balancer takes it out (`down`), unless it is the only node serving;
 * 2. its site gets the balancer site's settings, and its own deployment runs as an event on its
 *    server, in the name of the user who started the rolling deploy (their `manage` is checked);
 * 3. the balancer puts it back.
 * A node whose deployment fails is put back with the release it had (a failed deployment never
 * moves `current`), and the rolling deploy stops there: the nodes after it keep theirs.
 */
export function registerRollingDeploy(hooks: EventHooks, dependencies: RollingDeployDependencies) {
  const { repository, deploymentRepository, deployments, loadSite } = dependencies;
  const pollMs = dependencies.pollMs ?? 1000;

  async function waitForEvent(context: EventTaskContext, id: number) {
    const deadline = Date.now() + NODE_DEPLOY_TIMEOUT_MS;
    for (;;) {
      const row = await dependencies.events.findById(id);
      if (!row) return undefined;
      if (row.isFinished) return row;
      if (Date.now() > deadline || context.signal.aborted) return undefined;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  hooks.registerTask(ROLLING_DEPLOY_TASK, async (context) => {
    const { site_id: siteId } = rollingDeployInput.parse(context.input);
    const site = await loadSite(siteId);
    const row = await repository.find(siteId);
    if (!site || site.serverId !== context.event.serverId) throw eventError('deploymentGone');
    if (!row?.enabled) throw eventError('balancingOff');
    if (!site.repository || !site.branch) throw eventError('noRepository');
    const nodes: ResolvedNode[] = [];
    for (const node of z.array(balancingNodeSchema).parse(row.nodes)) {
      const candidate = await repository.siteOnServer(site.name, node.server_id);
      if (candidate) nodes.push({ ...node, candidate });
    }
    const serving = nodes.filter((node) => !node.down);
    if (serving.length === 0) throw eventError('balancingOff');
    const active = serving.filter((node) => !node.backup);
    // The user who started it: their `manage` of each node's site is checked again.
    const userId = context.event.userId;
    if (userId === null) throw eventError('deploymentGone');
    const caller = { id: userId, name: '' };

    for (const node of serving) {
      const name = node.candidate.serverName;
      // The only node that serves is never taken out: that would take the site down.
      const drain = !(active.length === 1 && active[0] === node);
      if (drain) {
        context.write(`\n==> Take ${name} out of the balancer\n`);
        await context.runRecipe(balancingApply, balancerInput(site, row, nodes, node.server_id));
      }
      context.write(`\n==> Deploy ${site.name} on ${name}\n`);
      await deploymentRepository.updateSite(node.candidate.siteId, {
        repository: site.repository,
        branch: site.branch,
        deployScript: site.deployScript,
        sealedEnvironment: site.sealedEnvironment,
        deployPublicKey: site.deployPublicKey,
        sealedDeployKey: site.sealedDeployKey,
      });
      const started = await deployments.deployNow(caller, node.candidate.siteId);
      const finished = await waitForEvent(context, started.event.id);
      context.write(
        `Deployment ${started.deployment.release} on ${name}: ${finished?.status ?? 'not finished'}\n`,
      );
      if (drain) {
        context.write(`==> Put ${name} back into the balancer\n`);
        await context.runRecipe(balancingApply, balancerInput(site, row, nodes));
      }
      if (finished?.status !== EVENT_STATUS.finished)
        throw eventError('rollingDeployFailed', { server: name });
    }
  });
}
