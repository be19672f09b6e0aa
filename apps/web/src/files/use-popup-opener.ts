import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAppInfo } from '../api/use-app-info';
import {
  allowedOrigins,
  newPopupKey,
  openFilePopup,
  readPopupMessage,
  type PopupKind,
  type PopupMessage,
  type PopupSession,
} from './popup-messages';

/** How long after the last file:uploaded the list is reloaded (spec/001 §4, §9). */
export const UPLOAD_REFRESH_DEBOUNCE_MS = 2000;

interface Pending {
  kind: PopupKind;
  window: Window | null;
  path: string;
}

/**
 * The opener's side of the popups (spec/001 §2): opens /file or /upload with a fresh key, answers
 * the popup's file:ready with file:init or file:upload_config (only to that key, from an allowed
 * origin), and reloads the folder, debounced, on file:uploaded.
 */
export function usePopupOpener(session: PopupSession | null, onUploaded: (folder: string) => void) {
  const { data: info } = useAppInfo();
  const origins = useMemo(
    () => allowedOrigins(info?.agent_file_origin ?? [], window.location.origin),
    [info?.agent_file_origin],
  );
  const popups = useRef(new Map<string, Pending>());
  const sessionRef = useRef(session);
  const uploadedRef = useRef(onUploaded);
  useEffect(() => {
    sessionRef.current = session;
    uploadedRef.current = onUploaded;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener = (event: MessageEvent) => {
      const key = (event.data as { key?: unknown } | null)?.key;
      if (typeof key !== 'string') return;
      const pending = popups.current.get(key);
      if (!pending) return;
      const message = readPopupMessage(event, key, origins);
      if (!message) return;
      const current = sessionRef.current;
      if (message.type === 'file:ready' && current) {
        (event.source as Window | null)?.postMessage(answerFor(key, pending, current), event.origin);
      } else if (message.type === 'file:uploaded') {
        clearTimeout(timer);
        timer = setTimeout(() => uploadedRef.current(pending.path), UPLOAD_REFRESH_DEBOUNCE_MS);
      }
    };
    window.addEventListener('message', listener);
    return () => {
      window.removeEventListener('message', listener);
      clearTimeout(timer);
    };
  }, [origins]);

  // A renewed token (every few minutes) goes to the open popups too, so a long edit still saves.
  useEffect(() => {
    if (!session) return;
    for (const [key, pending] of popups.current) {
      if (!pending.window || pending.window.closed) {
        popups.current.delete(key);
        continue;
      }
      pending.window.postMessage(answerFor(key, pending, session), window.location.origin);
    }
  }, [session]);

  return useCallback((kind: PopupKind, path: string) => {
    const key = newPopupKey();
    popups.current.set(key, { kind, path, window: openFilePopup(kind, key) });
  }, []);
}

function answerFor(key: string, pending: Pending, session: PopupSession): PopupMessage {
  return pending.kind === 'file'
    ? { type: 'file:init', key, session, path: pending.path }
    : { type: 'file:upload_config', key, session, path: pending.path, options: {} };
}
