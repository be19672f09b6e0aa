import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '../../feedback/snackbar-store';

/** Recovery codes, shown once after they are made; the panel keeps only sealed copies. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      showSnackbar(t('twoFactor.recovery.copied'));
    } catch {
      // Clipboard access needs a secure context and permission; the codes stay selectable.
      showSnackbar(t('twoFactor.recovery.copyFailed'), 'warning');
    }
  }

  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('twoFactor.recovery.storeSafely')}</Alert>
      <Box
        component="ul"
        data-testid="two-factor-recovery-codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          fontFamily: 'monospace',
          bgcolor: 'action.hover',
          borderRadius: 1,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 0.5,
          userSelect: 'all',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row">
        <Button
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy()}
          data-testid="two-factor-recovery-copy"
        >
          {t('twoFactor.recovery.copy')}
        </Button>
      </Stack>
    </Stack>
  );
}
