import { useEffect, useState } from 'react';
import type { RealtimeMessage, StreamContentMessage } from '@hostdeck/contracts';
import { connectRealtime } from './realtime-client';
import { appendToStreamBuffer } from './stream-buffer';

/**
 * Joins the user's realtime channel while someone is signed in, and keeps the Stream_content
 * buffer (at most 500 entries). Other messages go to `onMessage` (bell, snackbars, list reloads).
 */
export function useRealtime(userId: number | null, onMessage?: (message: RealtimeMessage) => void) {
  const [stream, setStream] = useState<StreamContentMessage[]>([]);
  useEffect(() => {
    if (userId === null) return;
    return connectRealtime((message) => {
      if (message.type === 'Stream_content') setStream((buffer) => appendToStreamBuffer(buffer, message));
      else onMessage?.(message);
    });
  }, [userId, onMessage]);
  return stream;
}
