import { and, count, desc, eq, ilike, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { EVENT_STATUS } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import {
  backupConfigs,
  events,
  serverSubscriptions,
  favorites,
  freeDomains,
  schedules,
  servers,
  siteBalancers,
  sites,
  teamMembers,
  teams,
  teamServers,
} from '../database/schema.js';
import { serverColumns, serverIsVisibleTo } from '../policy/server-policy.js';
import { FAVORITE_KINDS } from './favorites.repository.js';
import { SERVER_STATUS } from './server-events.js';

/** Escapes LIKE wildcards so a search for "10_0" finds that text, not any character. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The server's id written out in full for subqueries on `sites`: drizzle names the columns of a
 * one-table select bare (`"id"`), which inside `from sites` would be the site's own id.
 */
const OUTER_SERVER_ID = sql.raw('"servers"."id"');

/**
 * The server's live plan (issue 24, docs/billing-plans.md): what a cycle costs and when the next
 * one is charged (null for a lifetime plan or one canceled at period end), for the Cost column.
 */
const LIVE_PLAN = sql.raw(`'active', 'past_due', 'canceled'`);
export const serverBillingColumns = {
  isVip: servers.isVip,
  invoicePriceCents: sql<number | null>`(
    select ${serverSubscriptions.priceCents} from ${serverSubscriptions}
    where ${serverSubscriptions.serverId} = ${OUTER_SERVER_ID} and ${serverSubscriptions.status} in (${LIVE_PLAN})
    limit 1
  )`
    .mapWith(Number)
    .as('invoice_price_cents'),
  nextInvoiceDate: sql<Date | null>`(
    select case when ${serverSubscriptions.cancelAtPeriodEnd} then null else ${serverSubscriptions.currentPeriodEnd} end
    from ${serverSubscriptions}
    where ${serverSubscriptions.serverId} = ${OUTER_SERVER_ID} and ${serverSubscriptions.status} in (${LIVE_PLAN})
    limit 1
  )`
    .mapWith((value: Date | string) => new Date(value))
    .as('next_invoice_date'),
};
export interface ServerBillingRecord {
  isVip: boolean;
  invoicePriceCents: number | null;
  nextInvoiceDate: Date | null;
}

/**
 * What the server page shows: every column but the sealed credentials and the recorded host key
 * (only whether there is one: the server was reached). The presenter reads nothing else.
 */
export const serverDetailColumns = {
  ...serverColumns,
  publicKey: servers.publicKey,
  connectMethod: servers.connectMethod,
  provision: servers.provision,
  provisionEventId: servers.provisionEventId,
  osVersion: servers.osVersion,
  defaultLinuxUser: servers.defaultLinuxUser,
  defaultPhp: servers.defaultPhp,
  phpSettings: servers.phpSettings,
  sshKeyGithub: servers.sshKeyGithub,
  wireguardPort: servers.wireguardPort,
  mtproxyPort: servers.mtproxyPort,
  timezone: servers.timezone,
  protected: servers.protected,
  ...serverBillingColumns,
  hotfix: servers.hotfix,
  agentVersion: servers.agentVersion,
  vpsProvider: servers.vpsProvider,
  connected: sql<boolean>`${servers.hostKeyFingerprint} is not null`.as('connected'),
  sitesCount: sql<number>`(select count(*) from ${sites} where ${sites.serverId} = ${OUTER_SERVER_ID})`
    .mapWith(Number)
    .as('sites_count'),
  schedulesCount:
    sql<number>`(select count(*) from ${schedules} where ${schedules.serverId} = ${OUTER_SERVER_ID})`
      .mapWith(Number)
      .as('schedules_count'),
  /** The server's first backup config (spec/000 §3 backup_period, backup_excludes, backup_cycle). */
  backupConfig: sql<BackupSummary | null>`(
    select json_build_object('period', ${backupConfigs.period}, 'excludes', ${backupConfigs.excludes}, 'cycle', ${backupConfigs.cycle})
    from ${backupConfigs} where ${backupConfigs.serverId} = ${OUTER_SERVER_ID}
    order by ${backupConfigs.id} limit 1
  )`
    .mapWith(backupSummary)
    .as('backup_config'),
  /** The distinct Linux users of the server's sites, sorted (the presenter's systemUsers). */
  siteLinuxUsers: sql<string[]>`(
    select coalesce(json_agg(distinct ${sites.linuxUser} order by ${sites.linuxUser}), '[]'::json)
    from ${sites} where ${sites.serverId} = ${OUTER_SERVER_ID}
  )`
    .mapWith(stringArray)
    .as('site_linux_users'),
  /**
   * spec/000 §3 Server `free_subdomain`: the newest free subdomain (docs/free-domains.md) of a site
   * of this server whose record still points here (`active`, made, not yet expired), or null.
   */
  freeSubdomain: sql<string | null>`(
    select ${freeDomains.hostname} from ${freeDomains}
    where ${freeDomains.serverId} = ${OUTER_SERVER_ID} and ${freeDomains.siteId} is not null
      and ${freeDomains.status} = 'active' and ${freeDomains.recordId} is not null
      and ${freeDomains.expiresAt} > now()
    order by ${freeDomains.createdAt} desc, ${freeDomains.id} desc
    limit 1
  )`.as('free_subdomain'),
};
export type ServerDetailRecord = Pick<
  typeof servers.$inferSelect,
  Exclude<
    keyof typeof serverDetailColumns,
    | 'connected'
    | 'sitesCount'
    | 'schedulesCount'
    | 'siteLinuxUsers'
    | 'freeSubdomain'
    | 'backupConfig'
    | 'invoicePriceCents'
    | 'nextInvoiceDate'
  >
> &
  ServerBillingRecord & {
    connected: boolean;
    sitesCount: number;
    schedulesCount?: number;
    siteLinuxUsers: string[];
    freeSubdomain: string | null;
    backupConfig?: BackupSummary | null;
  };

/** What the server detail shows of its first backup config (issue 20). */
export interface BackupSummary {
  period: string;
  excludes: string[];
  cycle: { daily: number; weekly: number; monthly: number };
}

/** The json object of `backupConfig` as the driver gives it (parsed already, or as text). */
function backupSummary(value: unknown): BackupSummary | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!parsed || typeof parsed !== 'object') return null;
  const row = parsed as Partial<BackupSummary>;
  if (typeof row.period !== 'string' || !Array.isArray(row.excludes) || !row.cycle) return null;
  return { period: row.period, excludes: row.excludes.map(String), cycle: row.cycle };
}

/** A json array of strings as the driver gives it: parsed already (PGlite, pg) or as text. */
function stringArray(value: unknown): string[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

export type ServerRow = typeof servers.$inferSelect;
export type NewServerRow = typeof servers.$inferInsert & { id: number };
type ServerChanges = Partial<
  Pick<
    ServerRow,
    | 'name'
    | 'ip'
    | 'status'
    | 'installed'
    | 'hostKeyFingerprint'
    | 'osVersion'
    | 'provisionEventId'
    | 'sealedPassword'
    | 'sealedPrivateKey'
    | 'publicKey'
    | 'timezone'
    | 'protected'
    | 'hotfix'
  >
>;

export function createServersRepository(db: Database) {
  return {
    /**
     * One page of the servers the user may view (policy), newest first, with the user's favourite
     * flag. Reads only `serverColumns`: never the sealed credentials or the host key.
     */
    async listVisible(
      userId: number,
      options: { page: number; perPage: number; search?: string | undefined },
    ) {
      const conditions = [serverIsVisibleTo(servers.id, userId)];
      if (options.search) {
        const pattern = likePattern(options.search);
        conditions.push(or(ilike(servers.name, pattern), ilike(servers.ip, pattern))!);
      }
      const where = and(...conditions);
      const [totalRow] = await db.select({ total: count() }).from(servers).where(where);
      const rows = await db
        .select({
          server: { ...serverColumns, protected: servers.protected, ...serverBillingColumns },
          favoriteAt: favorites.createdAt,
        })
        .from(servers)
        .leftJoin(
          favorites,
          and(
            eq(favorites.userId, userId),
            eq(favorites.kind, FAVORITE_KINDS.server),
            eq(favorites.modelId, servers.id),
          ),
        )
        .where(where)
        .orderBy(desc(servers.createdAt), desc(servers.id))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage);
      return {
        total: Number(totalRow?.total ?? 0),
        rows: rows.map((row) => ({ server: row.server, isFavorite: row.favoriteAt !== null })),
      };
    },

    /**
     * The teams sharing these servers that the user may know of (spec/000 §3 Server `teams`): all
     * of them for the server's owner; for anyone else the teams they own or belong to.
     */
    async sharingTeams(userId: number, serverIds: readonly number[]) {
      if (serverIds.length === 0) return new Map<number, { id: number; name: string }[]>();
      const rows = await db
        .select({ serverId: teamServers.serverId, id: teams.id, name: teams.name })
        .from(teamServers)
        .innerJoin(teams, eq(teams.id, teamServers.teamId))
        .innerJoin(servers, eq(servers.id, teamServers.serverId))
        .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
        .where(
          and(
            inArray(teamServers.serverId, [...serverIds]),
            or(eq(servers.userId, userId), eq(teams.userId, userId), eq(teamMembers.userId, userId)),
          ),
        )
        .orderBy(teams.name, teams.id);
      const byServer = new Map<number, { id: number; name: string }[]>();
      for (const row of rows) {
        const list = byServer.get(row.serverId) ?? [];
        list.push({ id: row.id, name: row.name });
        byServer.set(row.serverId, list);
      }
      return byServer;
    },

    async findDetail(id: number): Promise<ServerDetailRecord | null> {
      const [row] = await db.select(serverDetailColumns).from(servers).where(eq(servers.id, id)).limit(1);
      return row ?? null;
    },

    /** The whole row, sealed credentials included: for connecting, never for presenting. */
    async findRow(id: number): Promise<ServerRow | null> {
      const [row] = await db.select().from(servers).where(eq(servers.id, id)).limit(1);
      return row ?? null;
    },

    /**
     * A new server id without a row yet: the key pair is named after the server
     * (`hostdeck-server-<id>`) before anything is stored, so a failed connection stores nothing.
     */
    async reserveId(): Promise<number> {
      const result = await db.execute<{ id: string | number }>(
        sql`select nextval(pg_get_serial_sequence('servers', 'id')) as id`,
      );
      const rows = (result as unknown as { rows: { id: string | number }[] }).rows;
      return Number(rows[0]!.id);
    },

    async insert(values: NewServerRow): Promise<void> {
      await db.insert(servers).overridingSystemValue().values(values);
    },

    async update(id: number, changes: ServerChanges): Promise<void> {
      await db
        .update(servers)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(servers.id, id));
    },

    /**
     * Records a provisioning run as the server's current one (INSTALLING), unless a newer run is
     * recorded or this one already finished and was settled (server-connection.ts).
     */
    async recordProvisioning(id: number, eventId: number): Promise<void> {
      await db
        .update(servers)
        .set({ status: SERVER_STATUS.installing, provisionEventId: eventId, updatedAt: sql`now()` })
        .where(
          and(
            eq(servers.id, id),
            or(isNull(servers.provisionEventId), lt(servers.provisionEventId, eventId)),
          ),
        );
    },

    /** The SSH host key seen at first contact (trust on first use). */
    async recordHostKey(id: number, fingerprint: string): Promise<void> {
      await db.update(servers).set({ hostKeyFingerprint: fingerprint }).where(eq(servers.id, id));
    },

    /**
     * Records how a provisioning run ended, unless a newer run is recorded: installed (its
     * timezone and default PHP taken from the options it ran with) or not. The run may finish
     * before its starter recorded it (a server that is down fails at once), hence "not older than
     * the recorded one" rather than "the recorded one". False when nothing changed.
     */
    async recordProvisionResult(
      id: number,
      eventId: number,
      result: { installed: true; defaultPhp: string | null } | { installed: false; status: string },
    ): Promise<boolean> {
      const changed = await db
        .update(servers)
        .set(
          result.installed
            ? {
                installed: true,
                status: SERVER_STATUS.installed,
                timezone: sql`${servers.provision}->>'timezone'`,
                defaultPhp: result.defaultPhp,
                provisionEventId: eventId,
                updatedAt: sql`now()`,
              }
            : { installed: false, status: result.status, provisionEventId: eventId, updatedAt: sql`now()` },
        )
        .where(
          and(
            eq(servers.id, id),
            or(isNull(servers.provisionEventId), lte(servers.provisionEventId, eventId)),
          ),
        )
        .returning({ id: servers.id });
      return changed.length > 0;
    },

    /** The agent version the server now runs (after its install_agent event passed). */
    async recordAgentVersion(id: number, version: number): Promise<void> {
      await db.update(servers).set({ agentVersion: version }).where(eq(servers.id, id));
    },

    /** Ends the hotfix (busy) state. */
    async endHotfix(id: number): Promise<void> {
      await db.update(servers).set({ hotfix: false }).where(eq(servers.id, id));
    },

    /** Changes the status only from `from`; false when it was something else. */
    async moveStatus(id: number, from: string, to: string): Promise<boolean> {
      const rows = await db
        .update(servers)
        .set({ status: to, updatedAt: sql`now()` })
        .where(and(eq(servers.id, id), eq(servers.status, from)))
        .returning({ id: servers.id });
      return rows.length > 0;
    },

    /** Sets the hotfix flag unless it is already set; false when a hotfix was running. */
    async claimHotfix(id: number): Promise<boolean> {
      const rows = await db
        .update(servers)
        .set({ hotfix: true })
        .where(and(eq(servers.id, id), eq(servers.hotfix, false)))
        .returning({ id: servers.id });
      return rows.length > 0;
    },

    async isEventOpen(eventId: number | null): Promise<boolean> {
      if (eventId === null) return false;
      const [row] = await db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.isFinished, false)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Ends every unfinished event of the server as CANCELLED (server deletion): pending ones never
     * start (a worker only claims PENDING events), and the worker of a running one loses its lease
     * at its next heartbeat and kills the command in progress (jobs/job-runner.ts).
     */
    /**
     * A site of this server balances over nodes, or left a node's include behind
     * (sitesRepository.isBalancer): its nodes answer only this server until balancing is off.
     */
    async hostsBalancer(serverId: number): Promise<boolean> {
      const rows = await db
        .select({ enabled: siteBalancers.enabled, applied: siteBalancers.appliedServerIds })
        .from(siteBalancers)
        .innerJoin(sites, eq(sites.id, siteBalancers.siteId))
        .where(eq(sites.serverId, serverId));
      return rows.some((row) => row.enabled || (Array.isArray(row.applied) && row.applied.length > 0));
    },

    async cancelOpenEvents(serverId: number, reason: string): Promise<number> {
      const rows = await db
        .update(events)
        .set({
          status: EVENT_STATUS.cancelled,
          isFinished: true,
          errorReason: reason,
          cancelRequestedAt: sql`coalesce(${events.cancelRequestedAt}, now())`,
          leaseExpiresAt: null,
          sealedInput: null,
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(events.serverId, serverId), eq(events.isFinished, false)))
        .returning({ id: events.id });
      return rows.length;
    },

    /** Removes the server; its events and team shares go with it (foreign keys), favourites here. */
    async delete(id: number): Promise<void> {
      await db.transaction(async (transaction) => {
        await transaction
          .delete(favorites)
          .where(and(eq(favorites.kind, FAVORITE_KINDS.server), eq(favorites.modelId, id)));
        await transaction.delete(servers).where(eq(servers.id, id));
      });
    },
  };
}
export type ServersRepository = ReturnType<typeof createServersRepository>;
