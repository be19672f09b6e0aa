import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupRoutes as routes } from '@hostdeck/contracts/backups';
import { route } from '../http/route.js';
import type { BackupCallbackService } from './backup-callback.service.js';
import type { BackupDrivesService } from './backup-drives.service.js';
import type { BackupsService } from './backups.service.js';

/** The servers call these with their token; not enough to guess a 256-bit token. */
const CALLBACK_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/** Backups (spec/000 §7): HTTP only, each route one service call. */
export const backupsRoutes: FastifyPluginAsyncZod<{
  backups: BackupsService;
  backupDrives: BackupDrivesService;
  backupCallback: BackupCallbackService;
}> = async (app, { backups, backupDrives, backupCallback }) => {
  route(app, routes.all, {}, ({ user, query }) => backups.all(user, query));
  route(app, routes.list, {}, ({ user, params }) => backups.list(user, params.server));
  route(app, routes.create, { status: 201 }, ({ user, params, body }) =>
    backups.create(user, params.server, body),
  );
  route(app, routes.update, { status: 201 }, ({ user, params, body }) =>
    backups.update(user, params.server, params.backup, body),
  );
  route(app, routes.delete, { status: 201 }, ({ user, params }) =>
    backups.remove(user, params.server, params.backup),
  );
  route(app, routes.clone, { status: 201 }, ({ user, params, body }) =>
    backups.clone(user, params.server, params.backup, body.server_id),
  );
  route(app, routes.sync, { status: 201 }, ({ user, params }) => backups.sync(user, params.server));
  route(app, routes.histories, {}, ({ user, params, query }) =>
    backups.histories(user, params.server, query),
  );
  route(app, routes.verifications, {}, ({ user, params }) =>
    backups.verifications(user, params.server, params.backup),
  );
  route(app, routes.run, { status: 201 }, ({ user, params, body }) =>
    backups.run(user, params.server, params.backup, body),
  );
  route(app, routes.verify, { status: 201 }, ({ user, params, body }) =>
    backups.verify(user, params.server, params.backup, body),
  );
  route(app, routes.restore, { status: 201 }, ({ user, params, body }) =>
    backups.restore(user, params.server, params.backup, body),
  );
  route(app, routes.snapshots, {}, ({ user, params }) =>
    backups.snapshots(user, params.server, params.backup),
  );
  route(app, routes.snapshot, {}, ({ user, params }) =>
    backups.snapshot(user, params.server, params.backup, params.snapshot),
  );
  route(app, routes.download, { status: 201 }, ({ user, params, body }) =>
    backups.download(user, params.server, params.backup, body),
  );
  route(app, routes.downloadLink, {}, ({ user, params, body }) =>
    backups.downloadLink(user, params.server, params.backup, body.file),
  );

  route(app, routes.drives, {}, ({ user }) => backupDrives.list(user));
  route(app, routes.createDrive, { status: 201 }, ({ user, body }) => backupDrives.create(user, body));
  route(app, routes.updateDrive, {}, ({ user, params, body }) =>
    backupDrives.update(user, params.drive, body),
  );
  route(app, routes.deleteDrive, {}, async ({ user, params }) => {
    await backupDrives.remove(user, params.drive);
  });
  route(app, routes.probeDrive, { status: 201 }, ({ user, params, body }) =>
    backupDrives.probe(user, params.drive, body.server_id),
  );

  // Public on purpose (route-auth.test.ts lists them): the server's own Bearer token, rate-limited,
  // no CSRF check (cron and curl call them, not browsers).
  const publicOptions = { public: true, config: { csrf: false, rateLimit: CALLBACK_RATE_LIMIT } } as const;
  route(app, routes.callback, { ...publicOptions, status: 201 }, ({ request, body, query }) =>
    backupCallback.record(request.headers.authorization, body, query.config),
  );
  route(app, routes.script, publicOptions, ({ request, params }) =>
    backupCallback.script(request.headers.authorization, params.server, params.backup),
  );
};
