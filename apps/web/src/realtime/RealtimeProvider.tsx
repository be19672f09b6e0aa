import { createContext, useContext, type ReactNode } from 'react';
import type { StreamContentMessage } from '@hostdeck/contracts';
import { useAppInfo } from '../api/use-app-info';
import { useRealtime } from './use-realtime';

const StreamContext = createContext<readonly StreamContentMessage[]>([]);

/** Joins user.{id} once someone is signed in and shares the live output buffer with the pages. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { data } = useAppInfo();
  const stream = useRealtime(data?.user?.id ?? null);
  return <StreamContext.Provider value={stream}>{children}</StreamContext.Provider>;
}

export const useStream = () => useContext(StreamContext);
