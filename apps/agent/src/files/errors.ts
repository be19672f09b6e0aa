import type { ServerResponse } from 'node:http';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';

/**
 * A refusal the caller can act on: an HTTP status (400, 403, 404, 409, 413, 422…) and a message
 * from FILE_MESSAGES. `errors` holds per-field messages (spec/001 §5: remote download shows
 * server errors for path, url and name on those fields).
 */
export class FileError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    /** Output of a failed command (tail of stderr), shown as is (CONVENTIONS.md: errors say what happened). */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'FileError';
  }
}

export const badRequest = (message: string = FILE_MESSAGES.invalidRequest) => new FileError(400, message);
export const forbidden = (message: string = FILE_MESSAGES.permissionDenied) => new FileError(403, message);
export const notFound = () => new FileError(404, FILE_MESSAGES.notFound);
export const conflict = (message: string = FILE_MESSAGES.alreadyExists) => new FileError(409, message);
export const tooLarge = (message: string = FILE_MESSAGES.tooLarge) => new FileError(413, message);
/** The agent's main process could not reach the user's worker, or the worker gave up mid-call. */
export const unavailable = () => new FileError(502, FILE_MESSAGES.serviceUnavailable);

/** A 422 naming the field at fault, with the same text as the message. */
export function invalidField(field: string, message: string): FileError {
  return new FileError(422, message, { [field]: message });
}

/** Node's system errors (ENOENT, EACCES…) as the refusal they mean for the caller. */
const SYSTEM_ERRORS: Record<string, () => FileError> = {
  ENOENT: notFound,
  EACCES: () => forbidden(),
  EPERM: () => forbidden(),
  EROFS: () => forbidden(),
  ELOOP: () => forbidden(FILE_MESSAGES.symlinkOutsideRoot),
  EEXIST: () => conflict(),
  ENOTEMPTY: () => conflict(),
  ENOTDIR: () => new FileError(409, FILE_MESSAGES.notADirectory),
  EISDIR: () => new FileError(409, FILE_MESSAGES.notAFile),
  ENAMETOOLONG: () => badRequest(FILE_MESSAGES.invalidName),
  EINVAL: () => badRequest(),
  EFBIG: () => tooLarge(),
  // Not the caller's fault, but not a crash either: say what happened.
  ENOSPC: () => new FileError(507, FILE_MESSAGES.noSpace),
  EDQUOT: () => new FileError(507, FILE_MESSAGES.noSpace),
};

export function systemErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** Any thrown value as a FileError; unknown failures become a 500 without details (logged here). */
export function toFileError(error: unknown): FileError {
  if (error instanceof FileError) return error;
  const code = systemErrorCode(error);
  const known = code ? SYSTEM_ERRORS[code] : undefined;
  if (known) return known();
  console.error('[files] unexpected failure', error);
  return new FileError(500, FILE_MESSAGES.internalError);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** Answers with `{message, errors?}`; a response already streaming is cut instead (its status is sent). */
export function sendError(res: ServerResponse, error: unknown): void {
  const failure = toFileError(error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body: Record<string, unknown> = { message: failure.message };
  if (Object.keys(failure.errors).length) body.errors = failure.errors;
  if (failure.detail) body.detail = failure.detail;
  sendJson(res, failure.status, body);
}
