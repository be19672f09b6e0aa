import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_IDS, type ErrorResponse, type Locale } from '@hostdeck/contracts';
import { translate } from '../i18n/translate.js';
import { DomainError, RemoteCommandError, ValidationError } from '../domain/errors.js';

/**
 * The one place where errors become HTTP responses (spec/000 §8): `{message, id, errors?}` with
 * messages in the caller's locale. Unknown errors are logged and answered as a plain 500, so
 * internals never reach the browser.
 */
export const errorHandler = fp(async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale;
    const send = (status: number, body: ErrorResponse) => reply.status(status).send(body);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (fieldErrors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      return sendValidation(new ValidationError(fieldErrors));
    }
    if (error instanceof ValidationError) return sendValidation(error);
    if (error instanceof RemoteCommandError) {
      return send(error.status, {
        id: error.id,
        message: `${translate(locale, error.message, error.parameters)}\n${error.stderrTail}`.trim(),
      });
    }
    if (error instanceof DomainError) {
      return send(error.status, {
        id: error.id,
        message: translate(locale, error.message, error.parameters),
      });
    }
    if (error.statusCode === 429) {
      return send(429, { id: ERROR_IDS.tooManyRequests, message: translate(locale, 'Too Many Attempts.') });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return send(413, {
        id: ERROR_IDS.payloadTooLarge,
        message: translate(locale, '413 Request Entity Too Large'),
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return sendValidation(new ValidationError({ _: ['The request body is not valid JSON.'] }));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, { id: ERROR_IDS.validation, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { id: ERROR_IDS.internal, message: translate(locale, 'Server Error') });

    function sendValidation(validation: ValidationError) {
      const errors = Object.fromEntries(
        Object.entries(validation.fieldErrors).map(([field, messages]) => [
          field,
          messages.map((message) => translate(locale, message, validation.parameters)),
        ]),
      );
      const all = Object.values(errors).flat();
      const first = all[0] ?? translate(locale, validation.message);
      const message =
        all.length > 1
          ? translate(locale, '{message} (and {count} more errors)', {
              message: first,
              count: all.length - 1,
            })
          : first;
      return send(422, { id: validation.id, message, errors });
    }
  });
});

/** The body of a domain error in the caller's locale, for hooks that reply instead of throwing. */
export function domainErrorBody(error: DomainError, locale: Locale): ErrorResponse {
  return { id: error.id, message: translate(locale, error.message, error.parameters) };
}

/** The JSON 404 for an unknown API route. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({
    id: ERROR_IDS.notFound,
    message: translate(request.locale, 'The route {method}:{url} could not be found.', {
      method: request.method,
      url: request.url.split('?')[0] ?? '',
    }),
  } satisfies ErrorResponse);
}
