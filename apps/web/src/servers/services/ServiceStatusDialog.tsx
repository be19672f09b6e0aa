import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { useServiceStatus } from './services-api';

const pre = {
  m: 0,
  p: 1.5,
  bgcolor: 'action.hover',
  borderRadius: 1,
  fontFamily: 'monospace',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  maxHeight: 320,
  overflow: 'auto',
} as const;

/** `systemctl status` of one service and the last lines of its journal, read from the server. */
export function ServiceStatusDialog({
  serverId,
  service,
  onClose,
}: {
  serverId: number;
  service: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const status = useServiceStatus(serverId, service);
  return (
    <Dialog open={service !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('services.statusTitle', { name: service ?? '' })}</DialogTitle>
      <DialogContent data-testid="service-status-dialog">
        {status.isPending ? (
          <LoadingIndicator />
        ) : status.isError ? (
          <Alert severity="error">{status.error.message}</Alert>
        ) : (
          <>
            <Typography component="pre" sx={pre} data-testid="service-status-text">
              {status.data.data.status}
            </Typography>
            <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
              {t('services.journal')}
            </Typography>
            <Typography component="pre" sx={pre} data-testid="service-journal">
              {status.data.data.journal || t('services.journalEmpty')}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void status.refetch()} disabled={status.isFetching}>
          {t('services.refresh')}
        </Button>
        <Button onClick={onClose}>{t('services.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
