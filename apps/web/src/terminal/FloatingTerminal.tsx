import Box from '@mui/material/Box';
import { lazy, Suspense, useCallback, useState } from 'react';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { TerminalStatusOverlay } from './TerminalStatusOverlay';
import { useTerminalSession } from './use-terminal-session';
import type { XtermHandle } from './XtermView';

const XtermView = lazy(() => import('./XtermView'));

/**
 * A server's terminal in a floating window (spec/000 §2 floating resizable windows, §9 60% × 80%):
 * it stays open while the reader moves through the panel, which the terminal page cannot. Remote
 * mode, the spec's default (spec/001 §2), so it needs no agent; the page keeps the mode chooser and
 * the script picker. xterm refits when the window is resized (XtermView's ResizeObserver).
 */
export function FloatingTerminal({ serverId, serverIp }: { serverId: number; serverIp: string }) {
  const [xterm, setXterm] = useState<XtermHandle | null>(null);
  const xtermRef = useCallback((handle: XtermHandle | null) => setXterm(handle), []);
  const session = useTerminalSession({
    serverId,
    serverIp,
    mode: 'remote',
    enabled: xterm !== null,
    terminalHost: null,
    xterm,
    startupCommands: [],
  });
  return (
    <Box data-testid="floating-terminal" sx={{ position: 'relative', height: '100%', minHeight: 200 }}>
      <Suspense fallback={<LoadingIndicator />}>
        <XtermView ref={xtermRef} onInput={(data) => session.send(data)} onResize={session.resize} />
      </Suspense>
      <TerminalStatusOverlay status={session.status} onReconnect={session.reconnect} />
    </Box>
  );
}
