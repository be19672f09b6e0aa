import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { WireguardPeer } from '@hostdeck/contracts/wireguard';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { useClientQr } from './wireguard-api';

/** The client's `.conf` as a QR code for the phone apps (a PNG the panel renders). */
export function ClientQrDialog({
  serverId,
  peer,
  onClose,
}: {
  serverId: number;
  peer: WireguardPeer | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qr = useClientQr(serverId, peer?.id ?? null, 'all');
  return (
    <Dialog open={peer !== null} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('wireguard.qrTitle', { name: peer?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('wireguard.qrHelp')}
        </Typography>
        {qr.isPending ? (
          <LoadingIndicator />
        ) : qr.isError ? (
          <LoadFailure
            title={t('wireguard.qrFailed')}
            message={qr.error.message}
            onRetry={() => void qr.refetch()}
          />
        ) : (
          <Box
            component="img"
            src={qr.data.data.qr}
            alt={t('wireguard.qrAlt', { name: peer?.name ?? '' })}
            sx={{ width: '100%', imageRendering: 'pixelated' }}
            data-testid="wireguard-qr-image"
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('wireguard.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
