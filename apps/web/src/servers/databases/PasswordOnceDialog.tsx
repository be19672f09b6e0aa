import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/error-handling';
import { showSnackbar } from '../../feedback/snackbar-store';

/**
 * The password the panel generated, shown this once (the panel never answers it again): read-only,
 * selectable, with a copy button. Closing it forgets the password.
 */
export function PasswordOnceDialog({
  shown,
  onClose,
}: {
  shown: { user: string; password: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  async function copy(password: string) {
    try {
      await navigator.clipboard.writeText(password);
      notifySuccess(t('databases.password.copied'));
    } catch {
      showSnackbar(t('databases.password.copyFailed'), 'warning');
    }
  }
  return (
    <Dialog open={shown !== null} fullWidth maxWidth="xs" data-testid="database-password-dialog">
      {shown && (
        <>
          <DialogTitle>{t('databases.password.title', { user: shown.user })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Alert severity="warning">{t('databases.password.once')}</Alert>
              <TextField
                label={t('databases.password.label')}
                value={shown.password}
                fullWidth
                slotProps={{
                  htmlInput: {
                    readOnly: true,
                    'data-testid': 'database-password',
                    spellCheck: false,
                    style: { fontFamily: 'monospace' },
                  },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <Tooltip title={t('databases.password.copy')}>
                          <IconButton
                            aria-label={t('databases.password.copy')}
                            onClick={() => void copy(shown.password)}
                            data-testid="database-password-copy"
                            edge="end"
                          >
                            <ContentCopyIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose} data-testid="database-password-done">
              {t('databases.password.done')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
