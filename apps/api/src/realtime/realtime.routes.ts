import type { FastifyInstance } from 'fastify';
import { REALTIME_BUILD_PARAM, REALTIME_PATH, UPDATE_KEYS, userChannel } from '@hostdeck/contracts';
import type { RealtimeBus } from './realtime-bus.js';
import { runsAnotherBuild } from './web-build.js';
import { signedInUser } from '../http/route.js';
import { websocketOriginCheck } from './websocket-origin.js';

/**
 * The realtime websocket: one per browser tab, authenticated by the session cookie, joined to the
 * private channel user.{id}. The Origin must match the allow-list exactly before anything else
 * happens (SECURITY.md, cross-site websockets); the session is checked by the global
 * authentication hook before that.
 *
 * The browser names its web build in the URL (REALTIME_BUILD_PARAM); when it is not the build this
 * panel serves, the socket's first message after `subscribed` is Update-data `uireload`, the reload
 * prompt (spec/000 §2, §4). That covers an upgrade while browsers are open: their socket to the old
 * process closes when it stops, and they reconnect (realtime-client.ts) to the new one. With several
 * processes upgraded one by one, each browser is asked when its socket moves to a new process; no
 * record of builds is needed (a panel that publishes at start would reach nobody: no browser is
 * connected to a process that is starting).
 */
/** Needs @fastify/websocket registered on the root app (see http/app.ts). */
export async function realtimeRoutes(
  app: FastifyInstance,
  options: { bus: RealtimeBus; allowedOrigins: string[]; webBuildId?: string | null },
) {
  const checkOrigin = websocketOriginCheck(options.allowedOrigins, app.log);

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      // Checked before the upgrade: a refused socket never opens.
      preValidation: checkOrigin,
    },
    (socket, request) => {
      const user = signedInUser(request);
      socket.send(JSON.stringify({ type: 'subscribed', channel: userChannel(user.id) }));
      const clientBuild = (request.query as Record<string, unknown> | undefined)?.[REALTIME_BUILD_PARAM];
      const build = typeof clientBuild === 'string' ? clientBuild : undefined;
      if (runsAnotherBuild(build, options.webBuildId ?? null))
        socket.send(JSON.stringify({ type: 'Update-data', keys: [UPDATE_KEYS.uireload] }));
      const unsubscribe = options.bus.subscribe(user.id, (message) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      });
      const ping = setInterval(() => socket.ping(), 25_000);
      socket.on('close', () => {
        clearInterval(ping);
        unsubscribe();
      });
      // The channel is one-way; anything the browser sends is ignored.
      socket.on('message', () => {});
    },
  );
}
