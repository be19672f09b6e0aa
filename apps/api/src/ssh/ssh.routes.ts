import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetHostKeyRoute, sshdConfigRoute, updateSshdConfigRoute } from '@hostdeck/contracts/ssh';
import { route } from '../http/route.js';
import type { AreaContext } from '../area.js';
import type { SshAreaServices } from './ssh.area.js';

/** The SSH settings' routes: read, change (201 with its event), and forget the recorded host key. */
export const sshRoutes: FastifyPluginAsyncZod<AreaContext<SshAreaServices>> = async (app, { ssh }) => {
  route(app, sshdConfigRoute, {}, ({ user, params }) => ssh.config(user, params.server));
  route(app, updateSshdConfigRoute, { status: 201 }, ({ user, params, body }) =>
    ssh.update(user, params.server, body),
  );
  route(app, resetHostKeyRoute, {}, ({ user, params, body }) =>
    ssh.resetHostKey(user, params.server, body.confirm),
  );
};
