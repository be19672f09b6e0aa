import CodeIcon from '@mui/icons-material/Code';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DEFAULT_SSH_MODE, type SshMode } from '@hostdeck/contracts';
import { useAppInfo } from '../api/use-app-info';
import { agentTooOld, AgentUpgradePrompt } from '../components/AgentUpgradePrompt';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { PageTitle } from '../pages/PageTitle';
import { useRouteServerId, useServerDetail } from '../servers/use-server-detail';
import { useCurrentUser } from '../session/use-current-user';
import { usePersistPreferences } from '../shell/user-preferences';
import { ScriptPicker } from './ScriptPicker';
import { TerminalStatusOverlay } from './TerminalStatusOverlay';
import { useTerminalSession } from './use-terminal-session';
import type { XtermHandle } from './XtermView';

// xterm.js and its addons load with this chunk only when a terminal is shown.
const XtermView = lazy(() => import('./XtermView'));

const STATUS_COLORS = { connecting: 'warning', connected: 'success', disconnected: 'error' } as const;

/** Commands another page asked this terminal to run (router state, so no link can inject them). */
function startupCommandsFrom(state: unknown): string[] {
  const commands = (state as { commands?: unknown } | null)?.commands;
  return Array.isArray(commands)
    ? commands.filter((command): command is string => typeof command === 'string')
    : [];
}

/**
 * /servers/{server}/ssh (spec/001 §2 Terminal): the Connect Mode chooser (remote by default, the
 * choice kept in the user's preferences as `ssh_mode`), xterm with a status overlay and Reconnect,
 * and the custom-script picker once connected. Direct mode needs the panel's agent version on the
 * server, else 'Upgrade Now'.
 */
export function TerminalPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const { data: info } = useAppInfo();
  const user = useCurrentUser();
  const persist = usePersistPreferences();
  const location = useLocation();
  const [startupCommands] = useState(() => startupCommandsFrom(location.state));
  const [mode, setMode] = useState<SshMode>(user?.preferences.ssh_mode ?? DEFAULT_SSH_MODE);
  const [xterm, setXterm] = useState<XtermHandle | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const xtermRef = useCallback((handle: XtermHandle | null) => setXterm(handle), []);

  const needsUpgrade =
    mode === 'direct' && server && info ? agentTooOld(server.agent_version, info.agent_version) : false;
  const session = useTerminalSession({
    serverId,
    serverIp: server?.ip ?? '',
    mode,
    enabled: Boolean(server && info && xterm) && !needsUpgrade,
    terminalHost: info?.agent_terminal_host ?? null,
    xterm,
    startupCommands,
  });

  if (!server || !info) return <LoadingIndicator />;

  const chooseMode = (next: SshMode | null) => {
    if (!next || next === mode) return;
    setMode(next);
    persist({ ssh_mode: next });
  };
  const paste = (content: string) => {
    setPickerOpen(false);
    xterm?.paste(content);
    xterm?.focus();
  };
  const run = (content: string) => {
    setPickerOpen(false);
    const text = content.replace(/\r\n/g, '\n');
    session.send(text.endsWith('\n') ? text : `${text}\n`);
    xterm?.focus();
  };

  return (
    <Stack spacing={2}>
      <PageTitle>{t('terminal.pageTitle', { name: server.display_name })}</PageTitle>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2">{t('terminal.mode.label')}</Typography>
        <Tooltip
          title={
            mode === 'remote'
              ? t('terminal.mode.remoteHint')
              : t('terminal.mode.directHint', { brand: info.brand })
          }
        >
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_event, next: SshMode | null) => chooseMode(next)}
            data-testid="terminal-mode"
          >
            <ToggleButton value="direct" data-testid="terminal-mode-direct">
              {t('terminal.mode.direct')}
            </ToggleButton>
            <ToggleButton value="remote" data-testid="terminal-mode-remote">
              {t('terminal.mode.remote')}
            </ToggleButton>
          </ToggleButtonGroup>
        </Tooltip>
        {!needsUpgrade && (
          <Chip
            size="small"
            color={STATUS_COLORS[session.status]}
            label={t(`terminal.status.${session.status}`)}
            data-testid="terminal-status"
            data-status={session.status}
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {session.status === 'connected' && !needsUpgrade && (
          <Button
            startIcon={<CodeIcon />}
            onClick={() => setPickerOpen(true)}
            data-testid="terminal-scripts-button"
          >
            {t('terminal.scripts.button')}
          </Button>
        )}
      </Stack>
      {needsUpgrade ? (
        <AgentUpgradePrompt
          serverId={server.id}
          testId="terminal-agent-upgrade"
          message={t('terminal.upgrade.message', { brand: info.brand })}
          installingMessage={t('terminal.upgrade.started')}
          buttonLabel={t('terminal.upgrade.button')}
        />
      ) : (
        <Box
          sx={{
            position: 'relative',
            height: 'calc(100vh - 240px)',
            minHeight: 320,
            borderRadius: 1,
            overflow: 'hidden',
          }}
        >
          <Suspense fallback={<LoadingIndicator />}>
            <XtermView ref={xtermRef} onInput={(data) => session.send(data)} onResize={session.resize} />
          </Suspense>
          <TerminalStatusOverlay status={session.status} onReconnect={session.reconnect} />
        </Box>
      )}
      {pickerOpen && <ScriptPicker onClose={() => setPickerOpen(false)} onPaste={paste} onRun={run} />}
    </Stack>
  );
}
