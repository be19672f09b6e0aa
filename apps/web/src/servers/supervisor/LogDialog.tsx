import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { fetchProgramLog } from './supervisor-api';

/** The last lines of a program's log, read from the server when opened and on "Refresh". */
export function LogDialog({
  serverId,
  program,
  onClose,
}: {
  serverId: number;
  program: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const log = useQuery({
    queryKey: ['supervisor-log', serverId, program],
    queryFn: () => fetchProgramLog(serverId, program),
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="supervisor-log-dialog">
      <DialogTitle>{t('supervisor.log.title', { name: program })}</DialogTitle>
      <DialogContent>
        {log.isPending ? (
          <LoadingIndicator />
        ) : log.isError ? (
          <Alert severity="error">{log.error.message || t('supervisor.log.failed')}</Alert>
        ) : (
          <Box
            component="pre"
            data-testid="supervisor-log-content"
            sx={{
              m: 0,
              p: 2,
              maxHeight: '60vh',
              overflow: 'auto',
              bgcolor: 'grey.900',
              color: 'grey.100',
              fontSize: 12,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
            }}
          >
            {log.data.trim() === '' ? t('supervisor.log.empty') : log.data}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => void log.refetch()}
          disabled={log.isFetching}
          data-testid="supervisor-log-refresh"
        >
          {t('supervisor.log.refresh')}
        </Button>
        <Button onClick={onClose}>{t('supervisor.log.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
