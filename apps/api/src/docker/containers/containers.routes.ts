import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { containerRoutes } from '@hostdeck/contracts/docker-containers';
import type { AreaContext } from '../../area.js';
import { route } from '../../http/route.js';
import type { ContainerServices } from './container-services.js';
import type { EventStreamBody } from './container-streams.js';

/** Sends an SSE body; it is destroyed (Engine stream and SSH session closed) when the browser leaves. */
function sendEventStream(reply: FastifyReply, body: EventStreamBody): FastifyReply {
  reply.raw.once('close', () => body.destroy());
  return reply
    .status(200)
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(body);
}

/**
 * The containers of a server's Docker: list and inspect (`view`), actions as events (`manage`),
 * logs and stats as Server-Sent Events (`view`, the session cookie; EventSource sends it).
 */
export const containersRoutes: FastifyPluginAsyncZod<AreaContext<ContainerServices>> = async (
  app,
  context,
) => {
  const { containers } = context;

  route(app, containerRoutes.list, {}, ({ user, params }) => containers.list(user, params.server));
  route(app, containerRoutes.show, {}, ({ user, params }) =>
    containers.show(user, params.server, params.container),
  );
  route(app, containerRoutes.action, { status: 201 }, ({ user, params }) =>
    containers.startAction(user, params.server, params.container, params.action),
  );
  route(app, containerRoutes.rename, { status: 201 }, ({ user, params, body }) =>
    containers.startAction(user, params.server, params.container, 'rename', { name: body.name }),
  );
  route(app, containerRoutes.delete, { status: 201 }, ({ user, params, body }) =>
    containers.startAction(user, params.server, params.container, 'delete', body ?? {}),
  );
  route(app, containerRoutes.logs, { status: 200 }, async ({ user, params, query, reply }) =>
    sendEventStream(reply, await containers.logs(user, params.server, params.container, query)),
  );
  route(app, containerRoutes.stats, { status: 200 }, async ({ user, params, reply }) =>
    sendEventStream(reply, await containers.stats(user, params.server, params.container)),
  );
};
