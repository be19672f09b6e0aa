import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogRoutes as routes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import type { AuditLogsService } from './audit-logs.service.js';

/** A CSV attachment, never cached (it is a copy of who did what). */
function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .status(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

const today = () => new Date().toISOString().slice(0, 10);

/** The audit log's reads (issue 22 point 4); every rule lives in the service. */
export const auditLogsRoutes: FastifyPluginAsyncZod<{ auditLogs: AuditLogsService }> = async (
  app,
  { auditLogs },
) => {
  route(app, routes.teamAuditLogs, {}, ({ user, params, query }) =>
    auditLogs.listForTeam(user, params.team, query, `/api/teams/${params.team}/audit-logs`),
  );
  route(app, routes.exportTeamAuditLogs, {}, async ({ user, params, query, reply }) =>
    sendCsv(
      reply,
      `audit-log-team-${params.team}-${today()}.csv`,
      await auditLogs.exportForTeam(user, params.team, query),
    ),
  );
  route(app, routes.userAuditLogs, {}, ({ user, query }) =>
    auditLogs.listForUser(user, query, routes.userAuditLogs.path),
  );
  route(app, routes.exportUserAuditLogs, {}, async ({ user, query, reply }) =>
    sendCsv(reply, `audit-log-${today()}.csv`, await auditLogs.exportForUser(user, query)),
  );
};
