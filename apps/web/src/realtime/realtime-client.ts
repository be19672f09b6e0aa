import { REALTIME_PATH, realtimeMessageSchema, type RealtimeMessage } from '@hostdeck/contracts';

/**
 * One websocket per tab on the private channel user.{id} (spec/000 §4). The session cookie
 * authenticates it; the panel checks the Origin. It reconnects with backoff after a drop, and
 * hands every valid message to the listener.
 */
export function connectRealtime(onMessage: (message: RealtimeMessage) => void): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const open = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${window.location.host}${REALTIME_PATH}`);
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
