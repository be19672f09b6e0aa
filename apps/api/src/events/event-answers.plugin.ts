import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import '../audit/audit-recorder.js';

/** RFC 7240: the caller prefers an asynchronous answer to a long operation. */
const RESPOND_ASYNC = /(?:^|,)\s*respond-async\s*(?:[,;]|$)/i;

/**
 * The answer of a call that started an event (a long operation: provisioning, a deployment, a
 * backup). It carries `Location: /api/events/{event}`, the event to poll (`GET` it, or
 * `.../output?offset&wait` to follow its output) or to follow on the realtime socket. A caller that
 * sends `Prefer: respond-async` (scripts, the CLI) gets `202 Accepted` with
 * `Preference-Applied: respond-async`; without it the status stays the one the spec gives the call
 * (201 for an agent install, spec/000 §7), which the web relies on. docs/openapi.md.
 *
 * The events a call created are those the events repository noted in the request's audit scope
 * (audit/audit-context.ts). Registered before the idempotency plugin, so a replayed answer has the
 * same status (202 included), and the audit log records the status the caller saw.
 */
export const eventAnswers = fp(async function eventAnswersPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const eventId = request.audit?.eventIds[0];
    if (eventId === undefined || reply.statusCode < 200 || reply.statusCode > 299) return payload;
    reply.header('location', `/api/events/${eventId}`);
    const prefer = request.headers.prefer;
    if (typeof prefer === 'string' && RESPOND_ASYNC.test(prefer)) {
      reply.code(202).header('preference-applied', 'respond-async');
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, prefer` : 'prefer');
    }
    return payload;
  });
});
