import type { Database } from '../database/database.js';
import type { servers, sites } from '../database/schema.js';
import { NotFoundError } from '../domain/errors.js';
import type { ServerAbility } from '../policy/abilities.js';
import { authorizeSite } from '../policy/site-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { RemoteExecutor } from '../remote/remote-executor.js';
import { describeRemoteFailure, SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import type { ServerConnections } from '../servers/server-connection.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import { CONNECT_TIMEOUT_MS, createServerRemote } from '../servers/server-remote.js';
import { createSitesRepository } from './sites.repository.js';

export type SiteRow = typeof sites.$inferSelect;
export type SiteServerRow = typeof servers.$inferSelect;

export interface AuthorizedSite {
  site: SiteRow;
  server: SiteServerRow;
}

/**
 * What every site area (sites, configs, certificates, deployments, commands) shares: loading a
 * site the caller may act on (another user's site answers 404, like a missing one), and running a
 * quick recipe on its server while the request waits.
 */
export function createSiteAccess(dependencies: {
  db: Database;
  servers: Pick<ServersRepository, 'findRow'>;
  connections: Pick<ServerConnections, 'resolveTarget'>;
  executor: RemoteExecutor;
}) {
  const { db, connections } = dependencies;
  const remote = createServerRemote(dependencies.executor);
  const siteRows = createSitesRepository(db);

  async function loadSite(siteId: number): Promise<SiteRow | undefined> {
    return (await siteRows.findById(siteId)) ?? undefined;
  }

  return {
    loadSite,

    /** The site and its server, after the policy check (`view`, `manage` or `delete`). */
    async authorize(caller: Caller, siteId: number, ability: ServerAbility): Promise<AuthorizedSite> {
      const site = await authorizeSite(db, caller, await loadSite(siteId), ability);
      const server = await dependencies.servers.findRow(site.serverId);
      if (!server) throw new NotFoundError();
      return { site, server };
    },

    /**
     * Runs a recipe on the server over one SSH session and returns its stdout. A failed step throws
     * RemoteCommandError with the tool's own output (for instance `nginx -t`'s message).
     */
    async runQuickRecipe(
      server: SiteServerRow,
      recipeId: string,
      input: unknown,
      options: { outputLimitBytes?: number } = {},
    ): Promise<string> {
      if (!server.hostKeyFingerprint) throw new ServerError(SERVER_MESSAGES.notConnected);
      let session;
      try {
        session = await remote.connect(await connections.resolveTarget(server.id));
      } catch (error) {
        throw describeRemoteFailure(error, {
          host: server.ip,
          port: server.port,
          connectTimeoutMs: CONNECT_TIMEOUT_MS,
          fields: false,
          keyRefusal: SERVER_MESSAGES.keyRefused,
        });
      }
      try {
        return await remote.runById(session, recipeId, input, undefined, options);
      } finally {
        await session.close().catch(() => {});
      }
    },
  };
}
export type SiteAccess = ReturnType<typeof createSiteAccess>;
