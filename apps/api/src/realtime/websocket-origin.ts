import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

/** Origins already reported in this process: each once, and a bounded number (anyone can send one). */
const reported = new Set<string>();
const MAX_REPORTED = 100;
const ORIGIN = /^https?:\/\/[A-Za-z0-9.[\]:-]{1,255}$/;

/**
 * The check every websocket of the panel makes before its upgrade (SECURITY.md, cross-site
 * websockets): the Origin is exactly one of the allowed ones, or the upgrade answers 403. A refused
 * origin that looks like a browser's is logged once at warn level with the fix (issue 26: a panel
 * opened by an address it was not told about lost every live view, and nothing said why).
 */
export function websocketOriginCheck(allowedOrigins: readonly string[], log: FastifyBaseLogger) {
  const allowed = new Set(allowedOrigins);
  return async function checkOrigin(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin;
    if (origin && allowed.has(origin)) return;
    if (origin && ORIGIN.test(origin) && !reported.has(origin) && reported.size < MAX_REPORTED) {
      reported.add(origin);
      log.warn(
        { origin, allowedOrigins: [...allowed] },
        `Refused a websocket from ${origin}: the panel only accepts ${[...allowed].join(', ')}. ` +
          `If the panel is opened at ${origin}, set APP_URL=${origin} (or add it to ALLOWED_ORIGINS) ` +
          'and restart it; otherwise another site tried to reach the panel, and nothing is needed.',
      );
    }
    return reply.code(403).send({ id: 'forbidden', message: 'Origin not allowed' });
  };
}
