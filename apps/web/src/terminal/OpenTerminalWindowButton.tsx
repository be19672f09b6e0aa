import TerminalIcon from '@mui/icons-material/Terminal';
import Button from '@mui/material/Button';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../app/lazy-page';
import { openFloatingWindow } from '../components/floating-window-store';
import { LoadingIndicator } from '../components/LoadingIndicator';

// The terminal's code and its English come when a window is opened, as with the terminal page.
const FloatingTerminal = lazyPage(
  () => import('./FloatingTerminal').then((module) => module.FloatingTerminal),
  ['terminal'],
);

/** On the server page: opens the server's terminal in a floating window (FloatingTerminal.tsx). */
export function OpenTerminalWindowButton({
  server,
}: {
  server: { id: number; ip: string; display_name: string };
}) {
  const { t } = useTranslation();
  const open = () =>
    openFloatingWindow({
      title: t('serverShow.terminalWindow.title', { name: server.display_name }),
      content: (
        <Suspense fallback={<LoadingIndicator />}>
          <FloatingTerminal serverId={server.id} serverIp={server.ip} />
        </Suspense>
      ),
    });
  return (
    <Button variant="outlined" startIcon={<TerminalIcon />} onClick={open} data-testid="open-terminal-window">
      {t('serverShow.terminalWindow.open')}
    </Button>
  );
}
