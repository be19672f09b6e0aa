import type { ParseKeys } from 'i18next';
import { ERROR_IDS, SITE_CONFIG_MAX_BYTES } from '@hostdeck/contracts';
import { isApiError } from '../../api/api-error';

/** What the editor shows under itself after a save. */
export type SaveOutcome =
  | { kind: 'saved'; changed: boolean }
  /** The panel's message (translated) and, below it, the web server's own output. */
  | { kind: 'refused'; summary: string; output: string };

/** The request schema's rules, checked before sending (the panel checks them again). */
export function contentProblem(content: string): ParseKeys | null {
  if (content.includes('\0')) return 'siteWebserver.contentNul';
  if (new TextEncoder().encode(content).length > SITE_CONFIG_MAX_BYTES)
    return 'siteWebserver.contentTooLarge';
  return null;
}

/**
 * A save the server refused (`remote_command_failed`: the web server's validation, a link that is
 * not followed, a failing command): the panel's answer is its message on the first line and the
 * tool's output after it (apps/api error handler). Other failures (session, not found, field
 * errors) return null and go to the app's usual error handling.
 */
export function describeSaveFailure(error: unknown): SaveOutcome | null {
  if (!isApiError(error) || error.id !== ERROR_IDS.remoteCommand) return null;
  const [summary = '', ...output] = error.message.split('\n');
  return { kind: 'refused', summary, output: output.join('\n').trim() };
}
