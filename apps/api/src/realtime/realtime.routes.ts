import type { FastifyInstance } from 'fastify';
import { REALTIME_PATH, userChannel } from '@hostdeck/contracts';
import type { RealtimeBus } from './realtime-bus.js';
import { websocketOriginCheck } from './websocket-origin.js';

/**
 * The realtime websocket: one per browser tab, authenticated by the session cookie, joined to the
 * private channel user.{id}. The Origin must match the allow-list exactly before anything else
 * happens (SECURITY.md, cross-site websockets); the session is checked by the global
 * authentication hook before that.
 */
/** Needs @fastify/websocket registered on the root app (see http/app.ts). */
export async function realtimeRoutes(
  app: FastifyInstance,
  options: { bus: RealtimeBus; allowedOrigins: string[] },
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
      const user = request.user!;
      socket.send(JSON.stringify({ type: 'subscribed', channel: userChannel(user.id) }));
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
