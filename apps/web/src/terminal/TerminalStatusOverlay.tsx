import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TerminalStatus } from './terminal-connection';

/**
 * The terminal's status overlay (spec/001 §2): connecting, or disconnected with Reconnect; nothing
 * once connected. Shared by the terminal page and the terminal's floating window.
 */
export function TerminalStatusOverlay({
  status,
  onReconnect,
}: {
  status: TerminalStatus;
  onReconnect(): void;
}) {
  const { t } = useTranslation();
  if (status === 'connected') return null;
  return (
    <Box
      data-testid="terminal-overlay"
      sx={{
        position: 'absolute',
        inset: 0,
        // Above xterm's own layers (its link and WebGL canvases use z-index up to 10),
        // which otherwise take the click meant for Reconnect.
        zIndex: 20,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'rgba(0, 0, 0, 0.45)',
      }}
    >
      {status === 'connecting' ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'common.white' }}>
          <CircularProgress size={20} color="inherit" />
          <Typography>{t('terminal.status.connecting')}</Typography>
        </Stack>
      ) : (
        <Button
          variant="contained"
          startIcon={<RefreshIcon />}
          onClick={onReconnect}
          data-testid="terminal-reconnect"
        >
          {t('terminal.reconnect')}
        </Button>
      )}
    </Box>
  );
}
