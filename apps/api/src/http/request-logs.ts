import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's per-request lines at debug level instead of info (issue 26: 14,600 lines in two hours
 * of ordinary use): the default LOG_LEVEL=info keeps the start lines, warnings and errors, and
 * LOG_LEVEL=debug shows one line per request. A failed request is still logged as an error.
 */
class DebugRequestLogs extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.debug({ req: request }, 'route not found');
  }
}

export function requestLogController(): LogController {
  return new DebugRequestLogs();
}
