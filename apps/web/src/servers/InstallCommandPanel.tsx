import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerDetail } from '@hostdeck/contracts';
import { showSnackbar } from '../feedback/snackbar-store';
import { installCommandLines } from './install-command';
import { serverDetailKey } from '../api/panel-queries';
import { verifyConnection } from './server-api';

/**
 * The "run this command on your server" method: the command that installs the panel's public key
 * (no password reaches the panel), a copy button, and "I have run it — connect", which asks the
 * panel to connect, check the system and start provisioning. Its failure stays on screen.
 */
export function InstallCommandPanel({
  server,
  onConnected,
}: {
  server: Pick<ServerDetail, 'id' | 'install_command'>;
  onConnected: (server: ServerDetail) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const command = server.install_command ?? '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(command);
      showSnackbar(t('connect.command.copied'));
    } catch {
      showSnackbar(t('connect.command.copyFailed'), 'warning');
    }
  }

  // A failure is reported by the query client's mutation cache (handleApiError) and stays on
  // screen.
  const verify = useMutation({
    mutationFn: () => verifyConnection(server.id),
    onMutate: () => setFailure(null),
    onSuccess: (connected) => {
      queryClient.setQueryData(serverDetailKey(server.id), connected);
      void queryClient.invalidateQueries({ queryKey: ['servers'] });
      onConnected(connected);
    },
    onError: (error) => setFailure(error instanceof Error ? error.message : t('errors.somethingWentWrong')),
  });
  const busy = verify.isPending;

  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="install-command-panel">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('connect.command.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('connect.command.explain')}
        </Typography>
        <Box
          component="pre"
          data-testid="connect-install-command"
          data-command={command}
          sx={{
            m: 0,
            p: 2,
            bgcolor: '#1e1e1e',
            color: '#d4d4d4',
            borderRadius: 1,
            fontFamily: 'monospace',
            fontSize: 13,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
          }}
        >
          {installCommandLines(command).join('\n  ')}
        </Box>
        {failure && (
          <Alert severity="error" data-testid="connect-verify-error">
            {failure}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() => void copy()}
            data-testid="connect-copy-command"
          >
            {t('connect.command.copy')}
          </Button>
          <Button
            variant="contained"
            loading={busy}
            onClick={() => verify.mutate()}
            data-testid="connect-verify"
          >
            {t('connect.command.verify')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
