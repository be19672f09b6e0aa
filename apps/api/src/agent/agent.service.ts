import { randomBytes } from 'node:crypto';
import {
  AGENT_CHANGELOG,
  AGENT_INSTALL_EVENT_TYPE,
  AGENT_PORT,
  AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS,
  AGENT_TOKEN_LIFETIME_SECONDS,
  AGENT_VERSION,
  type AgentChangelogEntry,
  type AgentTokenPayload,
  type AgentTokenResponse,
  EVENT_STATUS,
  GRAMMAR_MESSAGES,
  isSpecialLinuxUser,
  type UpdateKey,
} from '@hostdeck/contracts';
import { findAgentBundle } from '@hostdeck/recipes';
import type { Database } from '../database/database.js';
import { presentEvent } from '../events/event-presenter.js';
import type { EventsService } from '../events/events.service.js';
import { NotFoundError } from '../domain/errors.js';
import type { EventRow } from '../events/events.repository.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import { authorizeSite } from '../policy/site-policy.js';
import type { Caller } from '../policy/server-policy.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import { SERVER_UPDATE_KEYS } from '../servers/server-events.js';
import { createServersRepository, type ServerRow } from '../servers/servers.repository.js';
import { createSitesRepository } from '../sites/sites.repository.js';
import { agentPublicEndpoint } from './agent-endpoint.js';
import { AGENT_MESSAGES } from './agent-messages.js';
import type { AgentSigner } from './agent-keys.js';
import type { FileTokenRevocation } from './file-token-revocation.js';

export interface AgentServiceDependencies {
  db: Database;
  policy: AccessPolicy;
  events: Pick<EventsService, 'startRecipe'>;
  signer: AgentSigner;
  /** The panel's own URL: its file proxy is the private endpoint (spec/001 §7). */
  appUrl: string;
  /** Origins the agent accepts websockets and CORS calls from (config ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  publish(userIds: readonly number[], keys: readonly UpdateKey[]): void;
  /** Remembers each file token issued, to revoke it when its user loses access (issue 22 point 3). */
  fileTokens?: Pick<FileTokenRevocation, 'remember'>;
  now?: () => number;
  log?: (message: string, details: Record<string, unknown>) => void;
}

/** The install_agent event's description (an EVENT_DESCRIPTIONS id). */
export const AGENT_INSTALL_DESCRIPTION = { id: 'installAgent' } as const;

/** Where the panel's file proxy for a server answers (agent-proxy.ts); `/files/…` follows. */
export const agentProxyPath = (serverId: number) => `/api/servers/${serverId}/agent`;

/**
 * The panel side of the agent: signed tokens for a server or a site (spec/001 §7), installing or
 * upgrading the agent as an `install_agent` event (spec/000 §4), and the changelog.
 */
export function createAgentService(dependencies: AgentServiceDependencies) {
  const { db, policy, signer } = dependencies;
  const now = dependencies.now ?? (() => Math.floor(Date.now() / 1000));
  const log = dependencies.log ?? (() => {});
  const siteRows = createSitesRepository(db);
  const serverRows = createServersRepository(db);

  async function serverRow(serverId: number): Promise<ServerRow> {
    const row = await serverRows.findRow(serverId);
    if (!row) throw new NotFoundError();
    return row;
  }

  /** The file token, and single-use terminal tokens for /direct and the panel's gateway. */
  async function issue(
    server: ServerRow,
    scope: { site: number | null; root: string; user: string },
    holder: { userId: number; siteId: number | null },
  ): Promise<AgentTokenResponse> {
    const issuedAt = now();
    const base = { v: 1 as const, server: server.id, ...scope };
    const jti = () => randomBytes(18).toString('base64url');
    const fileToken: AgentTokenPayload = {
      ...base,
      ops: ['files:read', 'files:write'],
      exp: issuedAt + AGENT_TOKEN_LIFETIME_SECONDS,
      jti: jti(),
    };
    dependencies.fileTokens?.remember({
      jti: fileToken.jti,
      exp: fileToken.exp,
      ...holder,
      serverId: server.id,
      agentAddress: server.ip,
    });
    const terminal = (): AgentTokenPayload => ({
      ...base,
      ops: ['terminal'],
      exp: issuedAt + AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS,
      jti: jti(),
    });
    return {
      token: signer.sign(fileToken),
      direct: signer.sign(terminal()),
      remote: signer.sign(terminal()),
      expires_at: fileToken.exp,
      endpoint: {
        // https://{agent site} once that site has a valid certificate, else http by IP
        // (spec/000 §9); with http the browser uses the private endpoint, the panel's streaming
        // proxy (ARCHITECTURE.md, Agent).
        public: await agentPublicEndpoint(db, server, new Date(issuedAt * 1000)),
        private: `${dependencies.appUrl}${agentProxyPath(server.id)}`,
      },
    };
  }

  /** Queues the install_agent event; the recipe replaces `current` and restarts on an upgrade. */
  function queueInstall(userId: number, serverId: number) {
    return dependencies.events.startRecipe({
      userId,
      serverId,
      recipeId: 'agent-install',
      type: AGENT_INSTALL_EVENT_TYPE,
      description: AGENT_INSTALL_DESCRIPTION,
      input: {
        version: AGENT_VERSION,
        server_id: serverId,
        port: AGENT_PORT,
        panel_public_key: signer.publicKeyPem,
        allowed_origins: [...dependencies.allowedOrigins],
      },
    });
  }

  return {
    /** POST api/servers/agent/token: the whole server as root. */
    async serverToken(caller: Caller, serverId: number): Promise<AgentTokenResponse> {
      await policy.authorizeServer(caller, serverId, 'files');
      return issue(
        await serverRow(serverId),
        { site: null, root: '/', user: 'root' },
        { userId: caller.id, siteId: null },
      );
    },

    /**
     * POST api/sites/agent/token: the site's home (/home/{linux_user}/{site}, spec/000 §9 site
     * home) as the site's user. An alias site reaches its parent's home.
     */
    async siteToken(caller: Caller, siteId: number): Promise<AgentTokenResponse> {
      const row = await siteRows.findById(siteId);
      let site = await authorizeSite(db, caller, row, 'manage');
      const asked = site.id;
      if (site.siteId !== null) {
        const parent = await siteRows.findById(site.siteId);
        if (parent && parent.serverId === site.serverId) site = parent;
      }
      // A site made before the special-user rule (issue 25) may belong to root: its file manager
      // and terminal would act as root.
      if (isSpecialLinuxUser(site.linuxUser)) throw new ServerError(GRAMMAR_MESSAGES.specialUser);
      return issue(
        await serverRow(site.serverId),
        {
          site: site.id,
          root: `/home/${site.linuxUser}/${site.name}`,
          user: site.linuxUser,
        },
        // Re-checked as asked for: an alias's member reaches its parent's home through the alias.
        { userId: caller.id, siteId: asked },
      );
    },

    /** POST api/servers/agent/install: the `agent-install` recipe as an install_agent event. */
    async install(caller: Caller, serverId: number) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const server = await serverRow(serverId);
      if (!server.hostKeyFingerprint || !server.sealedPrivateKey)
        throw new ServerError(SERVER_MESSAGES.notConnected);
      if (!findAgentBundle(AGENT_VERSION)) throw new ServerError(AGENT_MESSAGES.bundleMissing);
      return presentEvent(await queueInstall(caller.id, serverId), null);
    },

    /**
     * After a provision_server event (issue 6: the agent is "installed by the install_agent event
     * as a systemd service"): a server provisioned successfully gets its agent at once, queued in
     * the name of whoever provisioned it (the owner when that user is gone). Without a built
     * bundle it is skipped with a log line: provisioning itself has passed and stays passed.
     */
    async installAfterProvision(event: EventRow) {
      if (event.serverId === null || event.status !== EVENT_STATUS.finished) return;
      const server = await serverRows.findRow(event.serverId);
      if (!server) return;
      if (!findAgentBundle(AGENT_VERSION)) {
        log('agent not installed after provisioning: no bundle built', { serverId: server.id });
        return;
      }
      await queueInstall(event.userId ?? server.userId, server.id);
    },
    /** GET api/agent-changelog: entries newer than `version` (all without one), newest first. */
    changelog(version: number | undefined): AgentChangelogEntry[] {
      return AGENT_CHANGELOG.filter((entry) => version === undefined || entry.id > version)
        .map((entry) => ({ id: entry.id, title: entry.title, content: entry.content }))
        .sort((a, b) => b.id - a.id);
    },

    /** After an install_agent event: the server runs this panel's agent version when it passed. */
    async settleInstall(event: EventRow) {
      if (event.serverId === null || event.status !== EVENT_STATUS.finished) return;
      await serverRows.recordAgentVersion(event.serverId, AGENT_VERSION);
      dependencies.publish(await policy.usersWithServerAccess(event.serverId), SERVER_UPDATE_KEYS);
    },
  };
}
export type AgentService = ReturnType<typeof createAgentService>;
