import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import type { EventsService } from '../events/events.service.js';
import type { FreeDomainsService } from '../free-domains/free-domains.service.js';
import { ConflictError } from '../domain/errors.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import type { SiteAccess } from './site-access.js';
import { SITE_STATUS, SITE_UPDATE_KEYS } from './site-events.js';
import { SITE_MESSAGES } from './site-messages.js';
import type { SiteRow, SitesRepository } from './sites.repository.js';
import type { UpdateKey } from '@hostdeck/contracts';

/** What the site services need, declared (CONVENTIONS.md): built in sites.routes.ts. */
export interface SiteServiceDependencies {
  db: Database;
  repository: SitesRepository;
  servers: Pick<ServersRepository, 'findRow'>;
  access: Pick<SiteAccess, 'authorize'>;
  policy: Pick<AccessPolicy, 'authorizeServer' | 'authorizeServerRow' | 'usersWithServerAccess'>;
  events: Pick<EventsService, 'startTask' | 'startRecipe'>;
  secretBox: SecretBox;
  /** The addresses a domain resolves to (A and AAAA), for ip-remote-check. */
  resolveAddresses(name: string): Promise<string[]>;
  /** Realtime Update-data (spec/000 §4) to these users. */
  publish(userIds: readonly number[], keys: readonly UpdateKey[]): void;
  /** Free subdomains for `use_free_domain` (docs/free-domains.md); absent: refused. */
  freeDomains?: FreeDomainsService;
  /** The panel's log, for what failed after the answer was decided (a record left to the cleanup). */
  warn(message: string, details: object): void;
}

/** Secret purposes: a sealed value opens only under the purpose it was sealed for. */
export const SITE_SECRET_PURPOSE = { databasePassword: 'databases.password' } as const;

/** The answer of every call that starts an event (spec/000 §4): 201 with it. */
export const startedEvent = (event: { id: number }) => ({ data: { id: event.id } });

/**
 * Tells everyone who may view the server that its sites changed: `audience` when the caller knows
 * them already (the event it just started was announced to them), else read from the policy.
 */
export async function announceSites(
  dependencies: Pick<SiteServiceDependencies, 'policy' | 'publish'>,
  serverId: number,
  audience?: readonly number[],
) {
  dependencies.publish(
    audience ?? (await dependencies.policy.usersWithServerAccess(serverId)),
    SITE_UPDATE_KEYS,
  );
}

/** A site being created or deleted takes no other change until its event ends (409). */
export function requireSettled(site: SiteRow) {
  if (site.status === SITE_STATUS.creating || site.status === SITE_STATUS.deleting) {
    throw new ConflictError(SITE_MESSAGES.busy);
  }
}

export type { Caller };
