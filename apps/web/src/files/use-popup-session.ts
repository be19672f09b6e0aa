import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppInfo } from '../api/use-app-info';
import { FileAgentClient } from './api';
import type { UploadOptions } from './dialogs/types';
import { allowedOrigins, readPopupMessage, type PopupMessage, type PopupSession } from './popup-messages';

/** How often the popup repeats file:ready until its opener answers (the opener may still be busy). */
const READY_RETRY_MS = 500;
const READY_ATTEMPTS = 20;

export interface PopupState {
  key: string;
  session: PopupSession;
  client: FileAgentClient;
  path: string;
  options: Omit<UploadOptions, 'initialFiles'>;
  /** Tells the opener a file arrived (upload popup). */
  notifyUploaded(path: string): void;
}

/**
 * The popup's side (spec/001 §2): says file:ready to its opener with the key from its URL, and
 * takes the first file:init / file:upload_config carrying that key from an allowed origin.
 */
export function usePopupSession(expected: 'file:init' | 'file:upload_config'): PopupState | null | 'orphan' {
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const { data: info } = useAppInfo();
  const origins = useMemo(
    () => allowedOrigins(info?.agent_file_origin ?? [], window.location.origin),
    [info?.agent_file_origin],
  );
  const [message, setMessage] = useState<PopupMessage | null>(null);
  /** The newest token the opener sent (it renews it every few minutes). */
  const [token, setToken] = useState<string | null>(null);
  const opener = window.opener as Window | null;

  useEffect(() => {
    if (!opener || !key) return;
    const listener = (event: MessageEvent) => {
      if (event.source !== opener) return;
      const received = readPopupMessage(event, key, origins);
      if (received?.type !== expected) return;
      setMessage((first) => first ?? received);
      setToken(received.session.token);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [expected, key, opener, origins]);

  const answered = message !== null;
  useEffect(() => {
    if (!opener || !key || answered) return;
    let attempts = 0;
    const sayReady = () => {
      attempts += 1;
      opener.postMessage({ type: 'file:ready', key }, window.location.origin);
    };
    sayReady();
    const timer = setInterval(
      () => (attempts < READY_ATTEMPTS ? sayReady() : clearInterval(timer)),
      READY_RETRY_MS,
    );
    return () => clearInterval(timer);
  }, [answered, key, opener]);

  const popup = useMemo((): PopupState | null | 'orphan' => {
    if (!opener || !key) return 'orphan';
    if (!message || (message.type !== 'file:init' && message.type !== 'file:upload_config')) return null;
    const { session } = message;
    const client = new FileAgentClient({
      endpoints: session.endpoints,
      token: session.token,
      root: session.root,
      agentVersion: session.agentVersion,
    });
    return {
      key,
      session,
      client,
      path: message.path,
      options: message.type === 'file:upload_config' ? message.options : {},
      notifyUploaded: (path: string) =>
        opener.postMessage({ type: 'file:uploaded', key, path }, window.location.origin),
    };
  }, [key, message, opener]);

  useEffect(() => {
    if (popup && popup !== 'orphan' && token) popup.client.setToken(token);
  }, [popup, token]);

  return popup;
}
