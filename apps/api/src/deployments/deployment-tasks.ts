import { z } from 'zod';
import { DEFAULT_DEPLOY_SCRIPT, EVENT_STATUS, type UpdateKey } from '@hostdeck/contracts';
import { siteApply, siteCommand, siteDeploy, siteRollback } from '@hostdeck/recipes';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import type { EventRow } from '../events/events.repository.js';
import { eventError } from '../jobs/event-error.js';
import type { Alerts } from '../alerts/alerts.port.js';
import type { EventHooks, EventTaskContext } from '../jobs/event-hooks.js';
import { usersWithServerAccess } from '../policy/server-policy.js';
import type { RealtimeBus } from '../realtime/realtime-bus.js';
import type { SiteRow } from '../sites/site-access.js';
import { buildSiteApplyInput } from '../sites/site-state.js';
import {
  COMMAND_TASK,
  COMMANDS_UPDATE_KEY,
  DEPLOY_EVENT_TYPE,
  DEPLOY_SECRET_PURPOSE,
  DEPLOY_TASK,
  DEPLOYMENT_MODEL,
  DEPLOYMENTS_UPDATE_KEY,
  ROLLBACK_TASK,
  SITE_COMMAND_EVENT_TYPE,
  SITE_UPDATE_KEY,
} from './deployment-messages.js';
import type { DeploymentRow, DeploymentsRepository } from './deployments.repository.js';
import { commitFromOutput } from './release-name.js';

/** What a deployment or command event stores as its input: only the id of its record. */
const deploymentInput = z.object({ deployment_id: z.number().int().positive() });
const commandInput = z.object({ command_id: z.number().int().positive() });

export interface DeploymentTaskDependencies {
  db: Database;
  hooks: EventHooks;
  bus: RealtimeBus;
  secretBox: SecretBox;
  repository: DeploymentsRepository;
  loadSite(siteId: number): Promise<SiteRow | undefined>;
  /** Notifications: deployment finished or failed (docs/alerts.md). */
  alerts: Alerts;
}

/**
 * The work behind deployment and command events, run by the job runner over the event's SSH
 * session. The secrets (deploy key, .env) are read and opened here, when the event runs, so they
 * are never copied into the event's input. Once an event ends, its record gets its final status
 * and the browsers viewing the server reload their lists (Update-data).
 */
export function registerDeploymentTasks(dependencies: DeploymentTaskDependencies) {
  const { hooks, repository, secretBox } = dependencies;
  const open = (sealed: string | null, purpose: string) => (sealed ? secretBox.open(sealed, purpose) : '');

  async function recordFor(context: EventTaskContext) {
    const { deployment_id: id } = deploymentInput.parse(context.input);
    const deployment = await repository.findDeploymentById(id);
    const site = deployment && (await dependencies.loadSite(deployment.siteId));
    if (!deployment || !site) throw eventError('deploymentGone');
    await repository.updateDeployment(deployment.id, { status: 'running' });
    return { deployment, site };
  }

  /**
   * After `current` moved: the commit, and the site's live release. The first release also moves
   * the vhost's web root to {home}/current{directory} (site-apply with releases on), and only then
   * is the release recorded, so a failed apply is retried by the next deployment.
   */
  async function recordRelease(
    context: EventTaskContext,
    site: SiteRow,
    deployment: DeploymentRow,
    stdout: string,
  ) {
    const commit = commitFromOutput(stdout);
    if (commit) await repository.updateDeployment(deployment.id, { commit });
    if (site.currentRelease === null) {
      const fresh = (await dependencies.loadSite(site.id)) ?? site;
      context.write('\n==> Serve the site from its releases\n');
      await context.runRecipe(
        siteApply,
        await buildSiteApplyInput(dependencies.db, fresh, { releases: true }),
      );
    }
    await repository.updateSite(site.id, { currentRelease: deployment.release });
  }

  hooks.registerTask(DEPLOY_TASK, async (context) => {
    const { deployment, site } = await recordFor(context);
    if (!site.repository) throw eventError('noRepository');
    const stdout = await context.runRecipe(siteDeploy, {
      site: site.name,
      linux_user: site.linuxUser,
      release: deployment.release,
      repository: site.repository,
      // No branch anywhere fails the branch grammar before the step runs, as a missing one always did.
      branch: deployment.branch ?? site.branch ?? '',
      write_environment: site.sealedEnvironment !== null,
      deploy_key: Buffer.from(open(site.sealedDeployKey, DEPLOY_SECRET_PURPOSE.deployKey)),
      environment: Buffer.from(open(site.sealedEnvironment, DEPLOY_SECRET_PURPOSE.environment)),
      script: Buffer.from(site.deployScript ?? DEFAULT_DEPLOY_SCRIPT),
    });
    await recordRelease(context, site, deployment, stdout);
  });

  hooks.registerTask(ROLLBACK_TASK, async (context) => {
    const { deployment, site } = await recordFor(context);
    const stdout = await context.runRecipe(siteRollback, {
      site: site.name,
      linux_user: site.linuxUser,
      release: deployment.release,
    });
    await recordRelease(context, site, deployment, stdout);
  });

  hooks.registerTask(COMMAND_TASK, async (context) => {
    const { command_id: id } = commandInput.parse(context.input);
    const command = await repository.findCommandById(id);
    const site = command && (await dependencies.loadSite(command.siteId));
    if (!command || !site) throw eventError('commandGone');
    await context.runRecipe(siteCommand, {
      site: site.name,
      linux_user: site.linuxUser,
      releases: site.currentRelease !== null,
      command: Buffer.from(command.command),
    });
  });

  async function notify(event: EventRow, keys: UpdateKey[]) {
    if (event.serverId === null) return;
    for (const userId of await usersWithServerAccess(dependencies.db, event.serverId)) {
      dependencies.bus.publish(userId, { type: 'Update-data', keys });
    }
  }

  hooks.onFinished(DEPLOY_EVENT_TYPE, async (event) => {
    if (event.modelType !== DEPLOYMENT_MODEL || event.modelId === null) return;
    await repository.updateDeployment(event.modelId, {
      status: event.status === EVENT_STATUS.finished ? 'finished' : 'failed',
      finishedAt: new Date(),
    });
    await notify(event, [DEPLOYMENTS_UPDATE_KEY, SITE_UPDATE_KEY]);
    // A cancelled deployment is the user's own doing: nothing to tell them.
    if (event.siteId !== null && event.status !== EVENT_STATUS.cancelled) {
      const failed = event.status !== EVENT_STATUS.finished;
      await dependencies.alerts.notify({
        type: failed ? 'deployment.failed' : 'deployment.finished',
        subject: { siteId: event.siteId },
        facts: {
          deployment: event.modelId,
          ...(failed && event.errorReason ? { detail: event.errorReason.slice(0, 300) } : {}),
        },
      });
    }
  });

  hooks.onFinished(SITE_COMMAND_EVENT_TYPE, async (event) => notify(event, [COMMANDS_UPDATE_KEY]));
}
