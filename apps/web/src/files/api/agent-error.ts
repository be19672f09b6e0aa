import { ApiError } from '../../api/api-error';
import { translateAgentMessage } from './agent-messages';

/**
 * A failed agent call. `agentStatus` is the agent's own status: a 401 there means the file token
 * expired (ask for a new one), not that the panel session ended, so the ApiError status seen by
 * handleApiError is 403 in that case (a 401 would sign the user out).
 */
export class FileAgentError extends ApiError {
  readonly agentStatus: number;
  constructor(init: ConstructorParameters<typeof ApiError>[0] & { agentStatus: number }) {
    super(init);
    this.agentStatus = init.agentStatus;
  }
  get tokenExpired(): boolean {
    return this.agentStatus === 401;
  }
}

/**
 * The agent answers `{message, errors?: {field: message}}` (apps/agent/src/files/errors.ts). It is
 * turned into the panel's ApiError so handleApiError and the form field errors work unchanged.
 */
export function agentError(status: number, statusText: string, body: unknown): FileAgentError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    typeof record.message === 'string' && record.message !== ''
      ? translateAgentMessage(record.message)
      : `${status} ${statusText}`.trim();
  const errors: Record<string, string[]> = {};
  if (typeof record.errors === 'object' && record.errors !== null) {
    for (const [field, value] of Object.entries(record.errors as Record<string, unknown>)) {
      const list = Array.isArray(value) ? value : [value];
      errors[field] = list
        .filter((item): item is string => typeof item === 'string')
        .map(translateAgentMessage);
    }
  }
  return new FileAgentError({
    agentStatus: status,
    status: status === 401 ? 403 : status,
    statusText,
    message,
    // 'agent': a message of the agent's own, shown as it is (not the status fallback).
    id: typeof record.message === 'string' ? 'agent' : null,
    errors,
    retryAfterSeconds: null,
  });
}

/** A body that is JSON when the agent says so, else the text. */
export function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return undefined;
  if (!contentType?.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
