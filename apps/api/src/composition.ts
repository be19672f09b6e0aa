import { AGENT_PORT, type UpdateKey } from '@hostdeck/contracts';
import type { Accounts } from './accounts/accounts.js';
import { loadOrCreateAgentKeys, type AgentSigner } from './agent/agent-keys.js';
import { createAgentRevokeCall } from './agent/agent-revoke-call.js';
import { createFileTokenRevocation, type FileTokenRevocation } from './agent/file-token-revocation.js';
import { createAgentService, type AgentService } from './agent/agent.service.js';
import type { AnyArea } from './area.js';
import type { Config } from './config/config.js';
import type { SecretBox } from './crypto/secret-box.js';
import type { Database, DatabaseConnection } from './database/database.js';
import type { EventsService } from './events/events.service.js';
import type { EventHooks } from './jobs/event-hooks.js';
import { createAccessPolicy, type AccessPolicy } from './policy/access-policy.js';
import { createReadCache, type ReadCache } from './http/read-cache.js';
import type { RealtimeBus } from './realtime/realtime-bus.js';
import type { RemoteExecutor } from './remote/remote-executor.js';
import type { ServerConnections } from './servers/server-connection.js';
import { createServersRepository, type ServersRepository } from './servers/servers.repository.js';
import { authorizeSiteId } from './policy/site-policy.js';
import { createSiteAccess, type SiteAccess } from './sites/site-access.js';
import type { Mailer } from './mail/mailer.js';
import { createAlertSenders } from './alerts/alert-senders.js';
import { createAlertsRepository } from './alerts/alerts.repository.js';
import { createAlertsService, type AlertsService } from './alerts/alerts.service.js';

/** The panel's logger, reached once the app exists (services are built before it). */
export interface PanelLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * What every area may use, built once per panel (CONVENTIONS.md: dependencies declared, not
 * reached for). An area's own services are built from these by its descriptor (area.ts).
 */
export interface PanelServices {
  config: Config;
  database: DatabaseConnection;
  db: Database;
  bus: RealtimeBus;
  events: EventsService;
  accounts: Accounts;
  /** The panel's one mailer (SMTP, or the development outbox), for every area's mail. */
  mailer: Mailer;
  /** How the panel reaches servers (connecting one, reading its system information…). */
  executor: RemoteExecutor;
  secretBox: SecretBox;
  policy: AccessPolicy;
  connections: ServerConnections;
  servers: ServersRepository;
  /** A site the caller may act on, with its server (sites, configs, certificates, deployments). */
  siteAccess: SiteAccess;
  /** The panel's agent signing key, loaded (or created) once. */
  agentSigner: AgentSigner;
  /** Agent install and upgrade: the agent area's routes and the hotfix area both start it. */
  agent: AgentService;
  /** The live file tokens issued, revoked at their agent when their user loses access. */
  fileTokens: FileTokenRevocation;
  /** Sessions and list answers kept for a moment, dropped on every change (http/read-cache.ts). */
  readCache: ReadCache;
  /**
   * Notifications (the `Alerts` port of alerts/alerts.port.ts: notify, open, resolve), for every
   * area that tells users about something (docs/alerts.md).
   */
  alerts: AlertsService;
  /** Realtime Update-data (spec/000 §4) to these users. */
  publish(userIds: readonly number[], keys: readonly UpdateKey[]): void;
  appLog: PanelLog;
}

export type PanelServiceInputs = Pick<
  PanelServices,
  | 'config'
  | 'database'
  | 'bus'
  | 'events'
  | 'accounts'
  | 'mailer'
  | 'executor'
  | 'secretBox'
  | 'connections'
  | 'appLog'
> & {
  /** The port the panel calls agents on; AGENT_PORT except in tests that run an agent themselves. */
  agentPort?: number;
};

export function createPanelServices(inputs: PanelServiceInputs): PanelServices {
  const { agentPort, ...shared } = inputs;
  const { config, database, secretBox, bus } = shared;
  const db = database.db;
  const servers = createServersRepository(db);
  const policy = createAccessPolicy(db);
  const agentSigner = loadOrCreateAgentKeys(config.dataDir, secretBox);
  const readCache = createReadCache();
  bus.onChange(() => readCache.flush());
  const publish: PanelServices['publish'] = (userIds, keys) => {
    for (const userId of userIds) bus.publish(userId, { type: 'Update-data', keys: [...keys] });
  };
  const fileTokens = createFileTokenRevocation({
    bus,
    // The same abilities the tokens were issued for (agent.service.ts serverToken, siteToken).
    checkAccess: (userId, token) =>
      token.siteId === null
        ? policy.authorizeServer({ id: userId }, token.serverId, 'files').then(() => undefined)
        : authorizeSiteId(db, { id: userId }, token.serverId, token.siteId, 'manage'),
    revokeAtAgent: createAgentRevokeCall({ signer: agentSigner, port: agentPort ?? AGENT_PORT }),
    log: (message, details) => inputs.appLog.info(details, message),
  });
  const alerts = createAlertsService({
    repository: createAlertsRepository(db),
    senders: createAlertSenders({
      mailer: inputs.mailer,
      telegram: config.alerts.telegram,
      outbound: { allowHosts: config.alerts.outboundAllowHosts },
    }),
    secretBox,
    brand: config.brand,
    log: inputs.appLog,
  });
  return {
    ...shared,
    db,
    alerts,
    policy,
    servers,
    siteAccess: createSiteAccess({
      db,
      servers,
      connections: inputs.connections,
      executor: inputs.executor,
    }),
    agentSigner,
    readCache,
    agent: createAgentService({
      db,
      policy,
      events: inputs.events,
      signer: agentSigner,
      appUrl: config.appUrl,
      allowedOrigins: config.allowedOrigins,
      publish,
      fileTokens,
      log: (message, details) => inputs.appLog.info(details, message),
    }),
    fileTokens,
    publish,
  };
}

/** An area with the context its routes, tasks and handlers receive. */
export interface ComposedArea {
  area: AnyArea;
  context: PanelServices;
}

/**
 * Builds each area's services once and plugs its tasks and finished-event handlers into the job
 * runner's hooks; the HTTP app then registers each area's routes with the same context.
 */
export function composeAreas(
  services: PanelServices,
  hooks: EventHooks,
  areas: readonly AnyArea[],
): ComposedArea[] {
  return areas.map((area) => {
    const context = { ...services, ...area.services?.(services) };
    area.tasks?.(hooks, context);
    area.onFinished?.(hooks, context);
    return { area, context };
  });
}
