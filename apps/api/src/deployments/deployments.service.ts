import { randomBytes } from 'node:crypto';
import { DEFAULT_DEPLOY_SCRIPT, type DeploymentStarted } from '@hostdeck/contracts';
import type { SecretBox } from '../crypto/secret-box.js';
import { presentEvent } from '../events/event-presenter.js';
import type { EventsService } from '../events/events.service.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../domain/errors.js';
import { paginate } from '../domain/paginate.js';
import type { Caller } from '../policy/server-policy.js';
import { generateSshKeyPair } from '../remote/ssh-keys.js';
import type { SiteAccess, SiteRow, SiteServerRow } from '../sites/site-access.js';
import { classifyHookCall, isAuthenticHookCall, type DeployHookRequest } from './deploy-hook.js';
import { presentDeployment, presentDeploySettings } from './deployment-presenter.js';
import {
  DEPLOY_EVENT_TYPE,
  DEPLOY_SECRET_PURPOSE,
  DEPLOY_TASK,
  DEPLOYMENT_MESSAGES,
  DEPLOYMENT_MODEL,
  ROLLBACK_TASK,
} from './deployment-messages.js';
import type { DeploymentsRepository, SiteUpdate } from './deployments.repository.js';
import { nextRelease } from './release-name.js';

export interface DeploymentsServiceDependencies {
  repository: DeploymentsRepository;
  access: Pick<SiteAccess, 'authorize'>;
  events: Pick<EventsService, 'startTask'>;
  secretBox: SecretBox;
  /** The panel's public URL: the webhook URL is built on it. */
  appUrl: string;
}

/** The signed-in caller, with the name shown on what they start. */
export interface NamedCaller extends Caller {
  name: string;
}

export type DeploymentTrigger = 'manual' | 'webhook' | 'rollback';

/** A fresh deploy token: 32 random bytes, URL-safe (it travels in the webhook URL's query). */
export const newDeployToken = () => randomBytes(32).toString('base64url');

/**
 * A site's deployments (spec/000 §7 deploys): settings (repository, branch, script, .env, deploy
 * key, webhook token, auto deploy), starting a deployment or a rollback as an event with its
 * deployment record, and the paged history. Every call checks the site against the caller first:
 * another user's site answers 404; changes need `manage`.
 */
export function createDeploymentsService(dependencies: DeploymentsServiceDependencies) {
  const { repository, access, secretBox } = dependencies;

  const open = (sealed: string | null, purpose: string) => (sealed ? secretBox.open(sealed, purpose) : '');

  /** The site's deploy token, created the first time it is needed. */
  async function deployToken(site: SiteRow): Promise<{ site: SiteRow; token: string }> {
    if (site.sealedDeployToken) {
      return { site, token: secretBox.open(site.sealedDeployToken, DEPLOY_SECRET_PURPOSE.deployToken) };
    }
    const token = newDeployToken();
    const updated = await repository.updateSite(site.id, {
      sealedDeployToken: secretBox.seal(token, DEPLOY_SECRET_PURPOSE.deployToken),
    });
    return { site: updated ?? site, token };
  }

  function webhookUrl(server: SiteServerRow, site: SiteRow, token: string) {
    const path = `/api/servers/${server.id}/sites/${site.id}/deploy/http`;
    return `${dependencies.appUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  /** A new Ed25519 deploy key for the site, not stored: the columns to save once it is in use. */
  function newDeployKey(site: Pick<SiteRow, 'id'>) {
    const pair = generateSshKeyPair(`hostdeck-site-${site.id}`);
    return {
      deployPublicKey: pair.publicKey,
      sealedDeployKey: secretBox.seal(pair.privateKey, DEPLOY_SECRET_PURPOSE.deployKey),
    };
  }

  /** Settings as a manager sees them (environment and webhook token included). */
  async function managerSettings(site: SiteRow, server: SiteServerRow) {
    const withToken = await deployToken(site);
    return {
      data: presentDeploySettings(withToken.site, {
        environment: open(withToken.site.sealedEnvironment, DEPLOY_SECRET_PURPOSE.environment),
        webhookUrl: webhookUrl(server, withToken.site, withToken.token),
        defaultScript: DEFAULT_DEPLOY_SCRIPT,
      }),
    };
  }

  /** The site for a change of its deployment settings: `manage`, and a main site (not an alias). */
  async function manageable(caller: Caller, siteId: number) {
    const found = await access.authorize(caller, siteId, 'manage');
    if (found.site.siteId !== null) throw new ConflictError(DEPLOYMENT_MESSAGES.aliasSite);
    return found;
  }

  async function update(caller: Caller, siteId: number, values: (site: SiteRow) => SiteUpdate) {
    const { site, server } = await manageable(caller, siteId);
    const updated = await repository.updateSite(site.id, values(site));
    if (!updated) throw new NotFoundError();
    return managerSettings(updated, server);
  }

  /** Records a deployment and queues its event (the task reads everything else when it runs). */
  async function start(
    site: SiteRow,
    server: SiteServerRow,
    request: {
      trigger: DeploymentTrigger;
      userId: number | null;
      eventUserId: number;
      userName: string | null;
      /** A rollback's release and branch: the target deployment's. */
      release?: string;
      branch?: string | null;
    },
  ): Promise<DeploymentStarted> {
    if (!site.repository || !site.branch) {
      throw new ValidationError({ repository: [DEPLOYMENT_MESSAGES.noRepository] });
    }
    const rollback = request.trigger === 'rollback';
    const release = request.release ?? nextRelease(new Date(), await repository.latestRelease(site.id));
    const deployment = await repository.insertDeployment({
      siteId: site.id,
      userId: request.userId,
      trigger: request.trigger,
      release,
      branch: request.branch === undefined ? site.branch : request.branch,
      status: 'pending',
    });
    let event;
    try {
      event = await dependencies.events.startTask({
        userId: request.eventUserId,
        serverId: server.id,
        siteId: site.id,
        task: rollback ? ROLLBACK_TASK : DEPLOY_TASK,
        input: { deployment_id: deployment.id },
        type: DEPLOY_EVENT_TYPE,
        description: rollback
          ? { id: 'rollBackSite', values: { site: site.name, release } }
          : { id: 'deploySite', values: { site: site.name } },
        modelId: deployment.id,
        modelType: DEPLOYMENT_MODEL,
      });
    } catch (error) {
      await repository.updateDeployment(deployment.id, { status: 'failed', finishedAt: new Date() });
      throw error;
    }
    const recorded = (await repository.updateDeployment(deployment.id, { eventId: event.id })) ?? deployment;
    return {
      event: presentEvent(event, { name: request.userName, photo: null }),
      deployment: presentDeployment(recorded, site, request.userName),
    };
  }

  return {
    deployToken,
    newDeployKey,

    /** GET deploys/settings: the .env and the webhook token only for those who may manage the site. */
    async settings(caller: Caller, siteId: number) {
      const { site, server } = await access.authorize(caller, siteId, 'view');
      const manager = await access.authorize(caller, siteId, 'manage').then(
        () => true,
        (error: unknown) => {
          if (error instanceof ForbiddenError) return false;
          throw error;
        },
      );
      if (manager) return managerSettings(site, server);
      return {
        data: presentDeploySettings(site, {
          environment: '',
          webhookUrl: '',
          defaultScript: DEFAULT_DEPLOY_SCRIPT,
        }),
      };
    },

    setRepository(caller: Caller, siteId: number, repositoryUrl: string, branch: string) {
      return update(caller, siteId, () => ({ repository: repositoryUrl, branch }));
    },

    setBranch(caller: Caller, siteId: number, branch: string) {
      return update(caller, siteId, () => ({ branch }));
    },

    setScript(caller: Caller, siteId: number, script: string) {
      return update(caller, siteId, () => ({ deployScript: script }));
    },

    setEnvironment(caller: Caller, siteId: number, environment: string) {
      return update(caller, siteId, () => ({
        sealedEnvironment: secretBox.seal(environment, DEPLOY_SECRET_PURPOSE.environment),
      }));
    },

    setAutoDeploy(caller: Caller, siteId: number, enabled: boolean) {
      return update(caller, siteId, () => ({ autoDeploy: enabled }));
    },

    /** A new token: the old webhook URL stops working at once. */
    refreshToken(caller: Caller, siteId: number) {
      return update(caller, siteId, () => ({
        sealedDeployToken: secretBox.seal(newDeployToken(), DEPLOY_SECRET_PURPOSE.deployToken),
      }));
    },

    /** A new Ed25519 deploy key (replacing any previous one): the private half sealed, never shown. */
    generateKey(caller: Caller, siteId: number) {
      return update(caller, siteId, newDeployKey);
    },

    deleteKey(caller: Caller, siteId: number) {
      return update(caller, siteId, () => ({ deployPublicKey: null, sealedDeployKey: null }));
    },

    async deployNow(caller: NamedCaller, siteId: number) {
      const { site, server } = await manageable(caller, siteId);
      return start(site, server, {
        trigger: 'manual',
        userId: caller.id,
        eventUserId: caller.id,
        userName: caller.name,
      });
    },

    /**
     * A call of the public deploy URL. Unknown site, another server's site, a site without a
     * token, a wrong token or signature: all answer 404 alike. A direct call deploys; a git host's
     * push deploys only when auto deploy is on and the push is for the site's branch. The
     * deployment runs in the name of the server's owner (who always may act on it).
     */
    async deployFromHook(serverId: number, siteId: number, call: DeployHookRequest) {
      const site = await repository.findSite(siteId);
      if (!site || site.serverId !== serverId || site.siteId !== null || !site.sealedDeployToken) {
        throw new NotFoundError();
      }
      const token = secretBox.open(site.sealedDeployToken, DEPLOY_SECRET_PURPOSE.deployToken);
      if (!isAuthenticHookCall(call, token)) throw new NotFoundError();
      const server = await repository.findServer(serverId);
      if (!server) throw new NotFoundError();
      const skipped = (message: string) => ({ started: false, message, deployment_id: null, event_id: null });
      const kind = classifyHookCall(call);
      if (kind.kind === 'ping') return skipped(DEPLOYMENT_MESSAGES.pong);
      if (kind.kind === 'push') {
        if (!site.autoDeploy) return skipped(DEPLOYMENT_MESSAGES.autoDeployOff);
        if (kind.branch !== site.branch) return skipped(DEPLOYMENT_MESSAGES.otherBranch);
      }
      const started = await start(site, server, {
        trigger: 'webhook',
        userId: null,
        eventUserId: server.userId,
        userName: null,
      });
      return {
        started: true,
        message: DEPLOYMENT_MESSAGES.started,
        deployment_id: started.deployment.id,
        event_id: started.event.id,
      };
    },

    /** Points `current` back at the release of a finished deployment (a new record, trigger rollback). */
    async rollback(caller: NamedCaller, siteId: number, deploymentId: number) {
      const { site, server } = await manageable(caller, siteId);
      const target = await repository.findDeployment(site.id, deploymentId);
      if (!target) throw new NotFoundError();
      if (target.status !== 'finished') throw new ConflictError(DEPLOYMENT_MESSAGES.notFinished);
      if (target.release === site.currentRelease) throw new ConflictError(DEPLOYMENT_MESSAGES.alreadyLive);
      return start(site, server, {
        trigger: 'rollback',
        userId: caller.id,
        eventUserId: caller.id,
        userName: caller.name,
        release: target.release,
        branch: target.branch,
      });
    },

    async list(caller: Caller, siteId: number, page: number, perPage: number) {
      const { site } = await access.authorize(caller, siteId, 'view');
      const { total, rows } = await repository.listDeployments(site.id, page, perPage);
      return paginate({
        data: rows.map((row) => presentDeployment(row.deployment, site, row.userName, row.eventStatus)),
        total,
        page,
        perPage,
        path: `/api/sites/${site.id}/deploys`,
      });
    },
  };
}
export type DeploymentsService = ReturnType<typeof createDeploymentsService>;
