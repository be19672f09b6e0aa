import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pm2LogsRoute } from '@hostdeck/contracts/pm2';
import { apiGetParsed } from '../../api/client';
import { apiPath } from '../../api/api-path';
import { LoadingIndicator } from '../../components/LoadingIndicator';

/** The last lines of an app's output and error logs, read from the server when opened. */
export function LogsDialog({
  serverId,
  user,
  name,
  onClose,
}: {
  serverId: number;
  user: string;
  name: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const logs = useQuery({
    queryKey: ['pm2-logs', serverId, user, name],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(pm2LogsRoute.path, { server: serverId, name: name ?? '' }, { user, lines: 200 }),
          pm2LogsRoute.response,
        )
      ).data,
    enabled: name !== null,
    staleTime: 0,
    gcTime: 0,
  });

  const block = (title: string, text: string, testId: string) => (
    <Box>
      <Typography variant="subtitle2">{title}</Typography>
      <Box
        component="pre"
        data-testid={testId}
        sx={{
          m: 0,
          p: 1.5,
          maxHeight: 280,
          overflow: 'auto',
          bgcolor: 'action.hover',
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {text === '' ? t('pm2.logs.empty') : text}
      </Box>
    </Box>
  );

  return (
    <Dialog open={name !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('pm2.logs.title', { name: name ?? '' })}</DialogTitle>
      <DialogContent data-testid="pm2-logs">
        {logs.isPending ? (
          <LoadingIndicator />
        ) : logs.isError ? (
          <Alert severity="error">{logs.error.message || t('pm2.logs.failed')}</Alert>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            {block(t('pm2.logs.out'), logs.data.out, 'pm2-logs-out')}
            {block(t('pm2.logs.error'), logs.data.error, 'pm2-logs-error')}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void logs.refetch()} disabled={logs.isFetching} data-testid="pm2-logs-refresh">
          {t('pm2.logs.refresh')}
        </Button>
        <Button onClick={onClose}>{t('pm2.logs.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
