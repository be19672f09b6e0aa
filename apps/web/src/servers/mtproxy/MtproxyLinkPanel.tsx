import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { useMtproxyActions } from './mtproxy-api';
import { useMtproxyLink } from './mtproxy-api';

/**
 * The tg://proxy link and its QR code (a PNG the API makes), shown on demand: they hold the secret,
 * so only a user who may manage the server gets them. Rotating makes a new secret; links already
 * given out stop working.
 */
export function MtproxyLinkPanel({
  serverId,
  actions,
}: {
  serverId: number;
  actions: ReturnType<typeof useMtproxyActions>;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const [rotating, setRotating] = useState(false);
  const link = useMtproxyLink(serverId, shown);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="mtproxy-link-panel">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('mtproxy.link')}
        </Typography>
        <Button
          color="error"
          disabled={actions.anyBusy}
          loading={actions.isBusy('rotate')}
          onClick={() => setRotating(true)}
          data-testid="mtproxy-rotate"
        >
          {t('mtproxy.rotate')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('mtproxy.linkHelp')}
      </Typography>
      {!shown ? (
        <Button variant="outlined" onClick={() => setShown(true)} data-testid="mtproxy-show-link">
          {t('mtproxy.showLink')}
        </Button>
      ) : link.isPending ? (
        <LoadingIndicator />
      ) : link.isError ? (
        <Alert severity="warning" data-testid="mtproxy-link-error">
          {link.error.message || t('mtproxy.linkFailed')}
        </Alert>
      ) : (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
          <Box
            component="img"
            src={link.data.qr}
            alt={t('mtproxy.qrAlt')}
            data-testid="mtproxy-qr"
            sx={{ width: 200, height: 200, imageRendering: 'pixelated', bgcolor: 'common.white' }}
          />
          <Stack spacing={1} sx={{ minWidth: 0 }}>
            <Typography
              variant="body2"
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
              data-testid="mtproxy-link"
            >
              {link.data.link}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                startIcon={<ContentCopyIcon />}
                onClick={() => void navigator.clipboard?.writeText(link.data.link)}
              >
                {t('mtproxy.copy')}
              </Button>
              <Button size="small" href={link.data.link}>
                {t('mtproxy.openInTelegram')}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      )}
      <ConfirmDialog
        open={rotating}
        title={t('mtproxy.rotateTitle')}
        message={t('mtproxy.rotateConfirm')}
        confirmLabel={t('mtproxy.rotate')}
        destructive
        onClose={() => setRotating(false)}
        onConfirm={() => actions.run('rotate', { kind: 'rotate' }, { rethrow: true })}
      />
    </Paper>
  );
}
