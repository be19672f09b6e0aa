import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { RealtimeMessage, StreamContentMessage } from '@hostdeck/contracts';
import { useAppInfo } from '../api/use-app-info';
import { showSnackbar } from '../feedback/snackbar-store';
import { openUiReloadDialog } from '../feedback/ui-reload-store';
import { i18n } from '../i18n/i18n';
import { eventDescription } from '../notifications/event-text';
import { upsertNotificationEvent } from '../notifications/use-notification-events';
import { broadcastRealtimeMessage } from './realtime-bus';
import { applyRealtimeMessage } from './realtime-effects';
import { useRealtime } from './use-realtime';

const StreamContext = createContext<readonly StreamContentMessage[]>([]);

/**
 * Joins user.{id} once someone is signed in, applies what each message means for the shell
 * (spec/000 §4: snackbars, the bell, query reloads, the UI-reload prompt), passes every message
 * on to listening pages, and shares the live output buffer with the pages.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { data } = useAppInfo();
  const queryClient = useQueryClient();
  const onMessage = useCallback(
    (message: RealtimeMessage) => {
      applyRealtimeMessage(message, {
        queryClient,
        showSnackbar,
        openUiReloadDialog,
        upsertEvent: (event) => upsertNotificationEvent(queryClient, event),
        describeEvent: (event) => eventDescription(i18n.t, event),
      });
      broadcastRealtimeMessage(message);
    },
    [queryClient],
  );
  // The panel refuses the channel until the email is verified (it holds server events), so an
  // unverified user does not connect at all rather than retrying a refused socket.
  const user = data?.user;
  const stream = useRealtime(user?.email_verified ? user.id : null, onMessage);
  return <StreamContext.Provider value={stream}>{children}</StreamContext.Provider>;
}

export const useStream = () => useContext(StreamContext);
