import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditLogRoutes as routes, type AuditMethod } from '@hostdeck/contracts';
import { apiGetParsed, apiPath, type QueryParams } from '../api/client';

/** The filters of a log read (contracts auditFilterSchema); absent ones are left out. */
export interface AuditLogFilters {
  user?: number;
  server?: number;
  method?: AuditMethod;
  /** Dates (YYYY-MM-DD), whole days. */
  from?: string;
  to?: string;
  search?: string;
}

const filterQuery = (filters: AuditLogFilters): QueryParams => ({
  user: filters.user,
  server: filters.server,
  method: filters.method,
  from: filters.from || undefined,
  to: filters.to || undefined,
  search: filters.search?.trim() || undefined,
});

/** A team's log (teamId) or the caller's own (null). */
export const auditLogQuery = (
  teamId: number | null,
  filters: AuditLogFilters,
  page: { page: number; itemsPerPage: number },
) =>
  queryOptions({
    queryKey: ['audit-log', teamId, filters, page],
    queryFn: () =>
      teamId === null
        ? apiGetParsed(
            apiPath(routes.userAuditLogs.path, {}, { ...filterQuery(filters), ...page }),
            routes.userAuditLogs.response,
          )
        : apiGetParsed(
            apiPath(routes.teamAuditLogs.path, { team: teamId }, { ...filterQuery(filters), ...page }),
            routes.teamAuditLogs.response,
          ),
    placeholderData: keepPreviousData,
  });

/** The CSV export of the same filters: a plain link (same-origin cookie), the browser downloads it. */
export const auditLogExportUrl = (teamId: number | null, filters: AuditLogFilters) =>
  teamId === null
    ? apiPath(routes.exportUserAuditLogs.path, {}, filterQuery(filters))
    : apiPath(routes.exportTeamAuditLogs.path, { team: teamId }, filterQuery(filters));
