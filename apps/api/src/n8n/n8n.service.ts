import { AGENT_PORT } from '@hostdeck/contracts';
import {
  DEFAULT_N8N_NODE_URL,
  DEFAULT_N8N_VERSION,
  N8N_EVENT_TYPES,
  N8N_MESSAGES,
  n8nCredentialSchema,
  n8nWorkflowSchema,
  type N8nAction,
  type N8nInfo,
  type N8nRead,
} from '@hostdeck/contracts/n8n';
import {
  DEFAULT_N8N_NPM_REGISTRY,
  n8nAction,
  n8nInstall,
  n8nPort,
  n8nRead,
  n8nUpgrade,
} from '@hostdeck/recipes/n8n';
import { z } from 'zod';
import type { DeploymentsRepository } from '../deployments/deployments.repository.js';
import { ConflictError, NotFoundError } from '../domain/errors.js';
import { ServerError, SERVER_MESSAGES } from '../servers/server-errors.js';
import type { EventsService } from '../events/events.service.js';
import type { Caller } from '../policy/server-policy.js';
import type { AuthorizedSite, SiteAccess, SiteRow } from '../sites/site-access.js';
import { requireSettled } from '../sites/site-dependencies.js';
import type { InventoryReader } from '../server-sections/inventory-reader.js';

export interface N8nSources {
  /** config N8N_NODE_URL: the Node.js 20 tarball servers download. */
  nodeUrl: string;
  /** config N8N_NPM_REGISTRY: where n8n and its packages come from. */
  npmRegistry: string;
}

export interface N8nServiceDependencies {
  access: Pick<SiteAccess, 'authorize'>;
  /** Reads while the user waits (server-sections/inventory-reader.ts: 20 s, 64 KB of output). */
  reader: Pick<InventoryReader, 'read'>;
  events: Pick<EventsService, 'startRecipe'>;
  repository: Pick<DeploymentsRepository, 'updateSite'>;
  sources?: Partial<N8nSources>;
}

const infoOutputSchema = z.object({
  installed: z.boolean(),
  version: z.string().nullable(),
  status: z.string(),
});

/**
 * n8n on a site (issue 21 point 4; docs/n8n.md). Install sets the site's code type to `n8n`
 * (Install Source Code then hides) and starts the n8n-install event; the §7 calls are events
 * (n8n-action, n8n-upgrade) or reads while the user waits (n8n-read: info, status, workflows,
 * credentials, licence info, exports). Reading needs `view`, everything else `manage`; another
 * user's site answers 404 before anything runs. Only nginx sites, not aliases, not the agent's.
 */
export function createN8nService({
  access,
  reader,
  events,
  repository,
  sources = {},
}: N8nServiceDependencies) {
  const nodeUrl = sources.nodeUrl ?? DEFAULT_N8N_NODE_URL;
  const npmRegistry = sources.npmRegistry ?? DEFAULT_N8N_NPM_REGISTRY;

  const siteInput = (site: SiteRow) => ({
    site: site.name,
    linux_user: site.linuxUser,
    port: n8nPort(site.id),
  });
  const protocolOf = (site: SiteRow) => (site.certificateId !== null ? 'https' : 'http');

  function assertServable(site: SiteRow) {
    requireSettled(site);
    if (site.siteId !== null) throw new ConflictError(N8N_MESSAGES.alias);
    if (site.proxyPort === AGENT_PORT) throw new ConflictError(N8N_MESSAGES.agent);
    if (site.webServer !== 'nginx') throw new ConflictError(N8N_MESSAGES.nginxOnly);
  }

  /** A site whose code is n8n (the install ran or runs), for the calls after the install. */
  async function n8nSite(
    caller: Caller,
    siteId: number,
    ability: 'view' | 'manage',
  ): Promise<AuthorizedSite> {
    const found = await access.authorize(caller, siteId, ability);
    if (found.site.codeType !== 'n8n') throw new ConflictError(N8N_MESSAGES.notInstalled);
    if (ability === 'manage') requireSettled(found.site);
    return found;
  }

  async function startAction(
    caller: Caller,
    siteId: number,
    action: N8nAction,
    extra: { workflow_id?: string; email?: string; file?: string } = {},
  ) {
    const { site } = await n8nSite(caller, siteId, 'manage');
    const event = await events.startRecipe({
      userId: caller.id,
      serverId: site.serverId,
      recipeId: n8nAction.id,
      input: { ...siteInput(site), action, ...extra },
      type: N8N_EVENT_TYPES.action,
      description: { id: 'n8nAction', values: { site: site.name, action } },
      siteId: site.id,
    });
    return { id: event.id };
  }

  async function read(caller: Caller, siteId: number, what: N8nRead, extra: { workflow_id?: string } = {}) {
    const { site, server } = await n8nSite(caller, siteId, 'view');
    const output = await reader.read(
      server.id,
      n8nRead,
      { ...siteInput(site), what, ...extra },
      (stdout) => stdout,
    );
    return output
      .split('\n')
      .filter((line) => !line.startsWith('::hostdeck::'))
      .join('\n')
      .trim();
  }

  function parseJson<T>(text: string, schema: z.ZodType<T>): T {
    try {
      return schema.parse(JSON.parse(text));
    } catch {
      throw new ServerError(SERVER_MESSAGES.unreadableOutput);
    }
  }

  return {
    /** POST api/sites/{site}/code/n8n */
    async install(caller: Caller, siteId: number, version: string | undefined) {
      const { site } = await access.authorize(caller, siteId, 'manage');
      assertServable(site);
      // Again on a site whose n8n install failed: the same code type, the same event.
      if (site.codeType && site.codeType !== 'n8n') {
        throw new ConflictError(N8N_MESSAGES.installed, { codeType: site.codeType });
      }
      const pinned = version ?? DEFAULT_N8N_VERSION;
      const event = await events.startRecipe({
        userId: caller.id,
        serverId: site.serverId,
        recipeId: n8nInstall.id,
        input: {
          ...siteInput(site),
          version: pinned,
          protocol: protocolOf(site),
          node_url: nodeUrl,
          npm_registry: npmRegistry,
        },
        type: N8N_EVENT_TYPES.install,
        description: { id: 'installN8n', values: { site: site.name, version: pinned } },
        siteId: site.id,
      });
      await repository.updateSite(site.id, { codeType: 'n8n' });
      return { id: event.id };
    },

    /** POST api/sites/{site}/n8n/upgrade: a backup of ~/.n8n first, restored when n8n fails. */
    async upgrade(caller: Caller, siteId: number, version: string) {
      const { site } = await n8nSite(caller, siteId, 'manage');
      assertServable(site);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId: site.serverId,
        recipeId: n8nUpgrade.id,
        input: {
          ...siteInput(site),
          version,
          protocol: protocolOf(site),
          node_url: nodeUrl,
          npm_registry: npmRegistry,
        },
        type: N8N_EVENT_TYPES.upgrade,
        description: { id: 'upgradeN8n', values: { site: site.name, version } },
        siteId: site.id,
      });
      return { id: event.id };
    },

    action: startAction,

    /** GET api/sites/{site}/n8n/info (and /status): version, port, unit state, URL. */
    async info(caller: Caller, siteId: number): Promise<N8nInfo> {
      const { site } = await n8nSite(caller, siteId, 'view');
      const found = parseJson(await read(caller, siteId, 'info'), infoOutputSchema);
      return { ...found, port: n8nPort(site.id), url: `${protocolOf(site)}://${site.name}/` };
    },

    async workflows(caller: Caller, siteId: number) {
      return parseJson(await read(caller, siteId, 'workflows'), z.array(n8nWorkflowSchema));
    },

    async credentials(caller: Caller, siteId: number) {
      return parseJson(await read(caller, siteId, 'credentials'), z.array(n8nCredentialSchema));
    },

    async licenseInfo(caller: Caller, siteId: number) {
      return { text: await read(caller, siteId, 'license-info') };
    },

    /** n8n's own export (JSON), for the browser to download. */
    async exportWorkflows(caller: Caller, siteId: number, workflowId: string | undefined) {
      const text = await read(
        caller,
        siteId,
        'export-workflows',
        workflowId ? { workflow_id: workflowId } : {},
      );
      const value = parseJson(text, z.unknown());
      if (workflowId && Array.isArray(value) && value.length === 0) throw new NotFoundError();
      return value;
    },

    async exportCredentials(caller: Caller, siteId: number) {
      return parseJson(await read(caller, siteId, 'export-credentials'), z.unknown());
    },
  };
}
export type N8nService = ReturnType<typeof createN8nService>;
