import { AUDIT_EXPORT_LIMIT, type AuditFilter, type AuditLogQuery } from '@hostdeck/contracts';
import { paginate } from '../domain/paginate.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import { presentAuditLog, presentAuditLogCsv } from './audit-log-presenter.js';
import type { AuditLogsRepository, AuditScope } from './audit-logs.repository.js';

/**
 * Reads of the audit log (issue 22 point 4). A team's log needs the `team:update` permission (its
 * owner and admins): outside the team 404, inside without it 403 (policy.authorizeTeam). A user's
 * own log is theirs alone.
 */
export function createAuditLogsService(options: { repository: AuditLogsRepository; policy: AccessPolicy }) {
  const { repository, policy } = options;

  async function teamScope(caller: Caller, teamId: number): Promise<AuditScope> {
    await policy.authorizeTeam(caller, teamId, 'team:update');
    return { teamId };
  }

  async function page(scope: AuditScope, query: AuditLogQuery, path: string) {
    const { page: number, itemsPerPage, ...filter } = query;
    const { rows, total } = await repository.list(scope, filter, {
      offset: (number - 1) * itemsPerPage,
      limit: itemsPerPage,
    });
    return paginate({ data: rows.map(presentAuditLog), total, page: number, perPage: itemsPerPage, path });
  }

  async function csv(scope: AuditScope, filter: AuditFilter) {
    const { rows } = await repository.list(scope, filter, { offset: 0, limit: AUDIT_EXPORT_LIMIT });
    return presentAuditLogCsv(rows);
  }

  return {
    /** GET api/teams/{team}/audit-logs. */
    async listForTeam(caller: Caller, teamId: number, query: AuditLogQuery, path: string) {
      return page(await teamScope(caller, teamId), query, path);
    },
    /** GET api/user/audit-logs. */
    listForUser(caller: Caller, query: AuditLogQuery, path: string) {
      return page({ userId: caller.id }, query, path);
    },
    /** GET api/teams/{team}/audit-logs/export. */
    async exportForTeam(caller: Caller, teamId: number, filter: AuditFilter) {
      return csv(await teamScope(caller, teamId), filter);
    },
    /** GET api/user/audit-logs/export. */
    exportForUser(caller: Caller, filter: AuditFilter) {
      return csv({ userId: caller.id }, filter);
    },
  };
}
export type AuditLogsService = ReturnType<typeof createAuditLogsService>;
