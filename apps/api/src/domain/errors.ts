import { ERROR_IDS, type ErrorId } from '@hostdeck/contracts';

/**
 * Domain errors with stable ids. Services throw these; one Fastify handler (http/error-handler.ts)
 * maps them to HTTP statuses and to the shapes spec/000 §8 expects.
 * Messages are English and translated by the handler into the caller's locale.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  abstract readonly id: ErrorId;
  constructor(
    message: string,
    readonly parameters: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  readonly status = 404;
  readonly id = ERROR_IDS.notFound;
  constructor(message = 'Not Found') {
    super(message);
  }
}

/** A request that cannot be read as one (characters a URL may not carry, …): 400. */
export class BadRequestError extends DomainError {
  readonly status = 400;
  readonly id = ERROR_IDS.validation;
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
  readonly id = ERROR_IDS.forbidden;
  constructor(message = 'This action is unauthorized.') {
    super(message);
  }
}

export class UnauthenticatedError extends DomainError {
  readonly status = 401;
  readonly id = ERROR_IDS.unauthenticated;
  constructor() {
    super('Unauthenticated.');
  }
}

export class ConflictError extends DomainError {
  readonly status = 409;
  readonly id = ERROR_IDS.conflict;
}

export class CsrfError extends DomainError {
  // 419 is the status the browser's interceptor treats as "expired page" and reloads (§8).
  readonly status = 419;
  readonly id = ERROR_IDS.csrf;
  constructor() {
    super('CSRF token mismatch.');
  }
}

/**
 * Field errors keyed by field name; each message is an English catalogue key (see i18n/vi.ts),
 * with `{placeholders}` filled from `parameters` once translated.
 */
export class ValidationError extends DomainError {
  readonly status = 422;
  readonly id = ERROR_IDS.validation;
  constructor(
    readonly fieldErrors: Record<string, string[]>,
    parameters: Record<string, string | number> = {},
  ) {
    super('The given data was invalid.', parameters);
  }
}

/** A remote step that failed: the user sees the command's own output, not a generic message. */
export class RemoteCommandError extends DomainError {
  readonly status = 422;
  readonly id = ERROR_IDS.remoteCommand;
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(message);
  }
}
