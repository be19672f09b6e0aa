import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { Container } from '@hostdeck/contracts/docker-containers';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { useContainerInspect } from './containers-api';

/** The Engine's inspect of a container, as JSON (read when the dialog opens). */
export function ContainerInspectDialog({
  serverId,
  container,
  onClose,
}: {
  serverId: number;
  container: Container | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const inspect = useContainerInspect(serverId, container?.id ?? null);
  return (
    <Dialog open={container !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('docker.containers.inspect.title', { name: container?.name ?? '' })}</DialogTitle>
      <DialogContent dividers>
        {inspect.isPending ? (
          <LoadingIndicator />
        ) : inspect.isError ? (
          <Alert severity="error">{inspect.error.message}</Alert>
        ) : (
          <Box
            component="pre"
            data-testid="docker-container-inspect-json"
            sx={{
              m: 0,
              fontFamily: 'monospace',
              fontSize: 12,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
            }}
          >
            {JSON.stringify(inspect.data.data, null, 2)}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('docker.containers.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
