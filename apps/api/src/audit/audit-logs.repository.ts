import { and, count, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditFilter } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import { auditLogs, servers, sites, teamInvitations, teamServers, users } from '../database/schema.js';
import { likePattern } from '../servers/servers.repository.js';

export type AuditLogRow = typeof auditLogs.$inferSelect;
export type NewAuditLog = typeof auditLogs.$inferInsert;

/** Whose entries a read covers: a team's (its own management and its shared servers) or a user's. */
export type AuditScope = { teamId: number } | { userId: number };

/** An entry with the names a reader sees (null once the account or server is gone). */
export interface AuditLogView extends AuditLogRow {
  userName: string | null;
  userEmail: string | null;
  serverName: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

export function createAuditLogsRepository(db: Database) {
  /** A team's entries: those naming it, and those on a server while it was shared with the team. */
  function scopeCondition(scope: AuditScope): SQL {
    if ('userId' in scope) return eq(auditLogs.userId, scope.userId);
    return or(
      eq(auditLogs.teamId, scope.teamId),
      sql`${auditLogs.serverId} in (select ${teamServers.serverId} from ${teamServers}
        where ${teamServers.teamId} = ${scope.teamId} and ${teamServers.createdAt} <= ${auditLogs.createdAt})`,
    )!;
  }

  function filterConditions(filter: AuditFilter): SQL[] {
    const conditions: SQL[] = [];
    if (filter.user !== undefined) conditions.push(eq(auditLogs.userId, filter.user));
    if (filter.server !== undefined) conditions.push(eq(auditLogs.serverId, filter.server));
    if (filter.method !== undefined) conditions.push(eq(auditLogs.method, filter.method));
    if (filter.action !== undefined) conditions.push(eq(auditLogs.route, filter.action));
    // A date is a whole day (UTC): `to` includes it.
    if (filter.from !== undefined) conditions.push(gte(auditLogs.createdAt, new Date(filter.from)));
    if (filter.to !== undefined) {
      conditions.push(
        isDate(filter.to)
          ? lt(auditLogs.createdAt, new Date(new Date(filter.to).getTime() + DAY_MS))
          : lte(auditLogs.createdAt, new Date(filter.to)),
      );
    }
    if (filter.search) {
      const pattern = likePattern(filter.search);
      conditions.push(
        or(
          ilike(auditLogs.route, pattern),
          ilike(auditLogs.ipAddress, pattern),
          ilike(auditLogs.userAgent, pattern),
          ilike(users.name, pattern),
          ilike(users.email, pattern),
        )!,
      );
    }
    return conditions;
  }

  return {
    async insert(values: NewAuditLog): Promise<void> {
      await db.insert(auditLogs).values(values);
    },

    /** The server of a site and the team of an invitation, read before a route changes them. */
    async ownersOf(ids: {
      siteId: number | null;
      invitationId: number | null;
    }): Promise<{ serverId: number | null; teamId: number | null }> {
      const [site] =
        ids.siteId === null
          ? []
          : await db
              .select({ serverId: sites.serverId })
              .from(sites)
              .where(eq(sites.id, ids.siteId))
              .limit(1);
      const [invitation] =
        ids.invitationId === null
          ? []
          : await db
              .select({ teamId: teamInvitations.teamId })
              .from(teamInvitations)
              .where(eq(teamInvitations.id, ids.invitationId))
              .limit(1);
      return { serverId: site?.serverId ?? null, teamId: invitation?.teamId ?? null };
    },

    /** One page of entries, newest first, with the total. */
    async list(
      scope: AuditScope,
      filter: AuditFilter,
      page: { offset: number; limit: number },
    ): Promise<{ rows: AuditLogView[]; total: number }> {
      const where = and(scopeCondition(scope), ...filterConditions(filter));
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            entry: auditLogs,
            userName: users.name,
            userEmail: users.email,
            serverName: servers.name,
          })
          .from(auditLogs)
          .leftJoin(users, eq(users.id, auditLogs.userId))
          .leftJoin(servers, eq(servers.id, auditLogs.serverId))
          .where(where)
          .orderBy(desc(auditLogs.id))
          .offset(page.offset)
          .limit(page.limit),
        db
          .select({ total: count() })
          .from(auditLogs)
          .leftJoin(users, eq(users.id, auditLogs.userId))
          .where(where),
      ]);
      return {
        rows: rows.map((row) => ({
          ...row.entry,
          userName: row.userName,
          userEmail: row.userEmail,
          serverName: row.serverName,
        })),
        total: counted?.total ?? 0,
      };
    },
  };
}
export type AuditLogsRepository = ReturnType<typeof createAuditLogsRepository>;
