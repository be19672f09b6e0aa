import {
  REALTIME_BUILD_PARAM,
  REALTIME_PATH,
  realtimeMessageSchema,
  type RealtimeMessage,
} from '@hostdeck/contracts';
import { currentWebBuild } from './web-build';

/**
 * One websocket per tab on the private channel user.{id} (spec/000 §4). The session cookie
 * authenticates it; the panel checks the Origin. It reconnects with backoff after a drop, and
 * hands every valid message to the listener. The URL names the page's build, so a panel upgraded
 * meanwhile answers with the reload prompt (`uireload`, spec/000 §2, §4) once the tab reconnects.
 */
export function connectRealtime(onMessage: (message: RealtimeMessage) => void): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const open = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const build = currentWebBuild();
    const query = build ? `?${REALTIME_BUILD_PARAM}=${encodeURIComponent(build)}` : '';
    socket = new WebSocket(`${scheme}://${window.location.host}${REALTIME_PATH}${query}`);
    socket.onopen = () => {
      attempt = 0;
    };
    socket.onmessage = (event) => {
      try {
        const parsed = realtimeMessageSchema.safeParse(JSON.parse(String(event.data)));
        if (parsed.success) onMessage(parsed.data);
      } catch {
        // Not JSON: ignore, the channel only carries typed messages.
      }
    };
    socket.onclose = () => {
      if (stopped) return;
      attempt += 1;
      retry = setTimeout(open, Math.min(30_000, 500 * 2 ** attempt));
    };
  };
  open();

  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    socket?.close();
  };
}
