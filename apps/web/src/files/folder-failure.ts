import { isApiError } from '../api/api-error';

/**
 * Why the file manager could not list a folder (issue 26: an unreachable server looked like an
 * empty folder). 'unreachable': the agent did not answer: the panel's proxy says 502-504, or the
 * browser could not connect to the agent's own endpoint at all (fetch rejects with a TypeError).
 * 'failed': the agent (or the panel) answered with a refusal, shown with its own message.
 */
export interface FolderFailure {
  kind: 'unreachable' | 'failed';
  message: string;
}

const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

export function folderFailureOf(error: unknown): FolderFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TypeError) return { kind: 'unreachable', message };
  if (isApiError(error) && UNREACHABLE_STATUSES.has(error.status)) return { kind: 'unreachable', message };
  return { kind: 'failed', message };
}
