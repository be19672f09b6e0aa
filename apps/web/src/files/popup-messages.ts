import type { AgentEndpoints } from './api/types';
import type { UploadOptions } from './dialogs/types';

/**
 * The popup file editor / upload window and its opener (spec/001 §2) talk with postMessage:
 * the popup says file:ready, the opener answers file:init (editor) or file:upload_config (upload),
 * and the upload popup reports each file with file:uploaded. Every message carries the key the
 * opener put in the popup's URL, and is accepted only from the allowed origins (app info
 * agent_file_origin plus the panel's own origin), so another window cannot inject a token.
 */

export const POPUP_SIZES = {
  file: { width: 1000, height: 600 },
  upload: { width: 600, height: 400 },
} as const;

export type PopupKind = keyof typeof POPUP_SIZES;

/** What the popup needs to talk to the agent on its own. */
export interface PopupSession {
  token: string;
  endpoints: AgentEndpoints;
  root: string;
  agentVersion: number | null;
}

export type PopupMessage =
  | { type: 'file:ready'; key: string }
  | { type: 'file:init'; key: string; session: PopupSession; path: string }
  | {
      type: 'file:upload_config';
      key: string;
      session: PopupSession;
      path: string;
      options: Omit<UploadOptions, 'initialFiles'>;
    }
  | { type: 'file:uploaded'; key: string; path: string };

const TYPES = new Set(['file:ready', 'file:init', 'file:upload_config', 'file:uploaded']);

/** A random key for one popup (in its URL as ?key=). */
export function newPopupKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function allowedOrigins(agentFileOrigins: readonly string[], ownOrigin: string): Set<string> {
  return new Set([ownOrigin, ...agentFileOrigins]);
}

/** The message when it has the right shape, key and origin; null otherwise (ignored). */
export function readPopupMessage(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  key: string,
  origins: ReadonlySet<string>,
): PopupMessage | null {
  if (!origins.has(event.origin)) return null;
  const data: unknown = event.data;
  if (data === null || typeof data !== 'object') return null;
  const message = data as { type?: unknown; key?: unknown };
  if (typeof message.type !== 'string' || !TYPES.has(message.type)) return null;
  if (typeof message.key !== 'string' || message.key !== key || key === '') return null;
  return data as PopupMessage;
}

/** window.open features: the popup's size at the top right of the screen (spec/001 §2, §9). */
export function popupFeatures(
  kind: PopupKind,
  screenSize: { availWidth: number; availLeft?: number },
): string {
  const { width, height } = POPUP_SIZES[kind];
  const left = Math.max(0, (screenSize.availLeft ?? 0) + screenSize.availWidth - width);
  return `popup=yes,width=${width},height=${height},left=${left},top=0`;
}

/** Opens the /file or /upload popup; the key lets the two windows recognise each other. */
export function openFilePopup(kind: PopupKind, key: string): Window | null {
  const screenInfo = window.screen as Screen & { availLeft?: number };
  return window.open(
    `/${kind}?key=${encodeURIComponent(key)}`,
    `hostdeck-${kind}-${key}`,
    popupFeatures(kind, screenInfo),
  );
}
