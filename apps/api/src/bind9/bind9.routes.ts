import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bind9Routes as routes } from '@hostdeck/contracts/bind9';
import { route } from '../http/route.js';
import type { Bind9Service } from './bind9.service.js';

/** bind9's routes (contracts `bind9Routes`): reads answer at once, changes answer 201 with their event. */
export const bind9Routes: FastifyPluginAsyncZod<{ bind9: Bind9Service }> = async (app, { bind9 }) => {
  route(app, routes.status, {}, async ({ user, params }) => ({
    data: await bind9.status(user, params.server),
  }));
  route(app, routes.records, {}, ({ user, params }) => bind9.records(user, params.server, params.zone));
  route(app, routes.exportZone, {}, async ({ user, params }) => ({
    data: await bind9.export(user, params.server, params.zone),
  }));
  route(app, routes.downloadZone, {}, async ({ user, params, reply }) => {
    const { name, content } = await bind9.export(user, params.server, params.zone);
    return reply
      .status(200)
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.zone"`)
      .header('cache-control', 'no-store')
      .send(content);
  });
  route(app, routes.createZone, { status: 201 }, ({ user, params, body }) =>
    bind9.createZone(user, params.server, body),
  );
  route(app, routes.importZone, { status: 201 }, ({ user, params, body }) =>
    bind9.importZone(user, params.server, body),
  );
  route(app, routes.updateZone, { status: 201 }, ({ user, params, body }) =>
    bind9.updateZone(user, params.server, params.zone, body.dnssec),
  );
  route(app, routes.deleteZone, { status: 201 }, ({ user, params }) =>
    bind9.deleteZone(user, params.server, params.zone),
  );
  route(app, routes.createRecord, { status: 201 }, ({ user, params, body }) =>
    bind9.createRecord(user, params.server, params.zone, body),
  );
  route(app, routes.updateRecord, { status: 201 }, ({ user, params, body }) =>
    bind9.updateRecord(user, params.server, params.zone, params.record, body),
  );
  route(app, routes.deleteRecord, { status: 201 }, ({ user, params }) =>
    bind9.deleteRecord(user, params.server, params.zone, params.record),
  );
};
