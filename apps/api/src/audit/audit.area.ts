import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea, type AreaContext } from '../area.js';
import { auditRecorder } from './audit-recorder.js';
import { auditLogsRoutes } from './audit-logs.routes.js';
import { createAuditLogsRepository, type AuditLogsRepository } from './audit-logs.repository.js';
import { createAuditLogsService, type AuditLogsService } from './audit-logs.service.js';
import { auditVi } from './audit.vi.js';

type AuditServices = { auditLogs: AuditLogsService; auditRepository: AuditLogsRepository };

/**
 * The recorder's hooks must reach every area's routes, not only this plugin's: the plugin is not
 * encapsulated (fastify-plugin), and areas.ts lists it before the areas whose routes it records.
 */
const registerAudit: FastifyPluginAsyncZod<AreaContext<AuditServices>> = async (app, context) => {
  await app.register(auditRecorder, { db: context.db, repository: context.auditRepository });
  await app.register(auditLogsRoutes, { auditLogs: context.auditLogs });
};
const routes = fp(registerAudit);

/** The audit log (issue 22 point 4, docs/audit-log.md): one writer for every change, and its reads. */
export const auditArea = defineArea<AuditServices>({
  name: 'audit',
  services: (panel) => {
    const auditRepository = createAuditLogsRepository(panel.db);
    return {
      auditRepository,
      auditLogs: createAuditLogsService({ repository: auditRepository, policy: panel.policy }),
    };
  },
  routes,
  messages: auditVi,
});
