import type { AuditLogEntry } from '@hostdeck/contracts';
import { toCsv } from './audit-csv.js';
import type { AuditLogView } from './audit-logs.repository.js';

/** An entry as readers get it (contracts auditLogEntrySchema). */
export function presentAuditLog(row: AuditLogView): AuditLogEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    user: row.userId === null ? null : { id: row.userId, name: row.userName, email: row.userEmail },
    method: row.method,
    route: row.route,
    params: row.params,
    server: row.serverId === null ? null : { id: row.serverId, name: row.serverName },
    site_id: row.siteId,
    team_id: row.teamId,
    status: row.status,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    event_id: row.eventId,
  };
}

const CSV_HEADER = [
  'time',
  'user_id',
  'user_name',
  'user_email',
  'method',
  'route',
  'params',
  'server_id',
  'server_name',
  'site_id',
  'team_id',
  'status',
  'ip_address',
  'user_agent',
  'event_id',
] as const;

/** The export: one row per entry, newest first, the same columns as the list. */
export function presentAuditLogCsv(rows: readonly AuditLogView[]): string {
  return toCsv(
    CSV_HEADER,
    rows.map((row) => [
      row.createdAt.toISOString(),
      row.userId,
      row.userName,
      row.userEmail,
      row.method,
      row.route,
      JSON.stringify(row.params),
      row.serverId,
      row.serverName,
      row.siteId,
      row.teamId,
      row.status,
      row.ipAddress,
      row.userAgent,
      row.eventId,
    ]),
  );
}
