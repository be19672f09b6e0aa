import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { SNACKBAR_TIMEOUT_MS } from '@hostdeck/contracts';
import { dismissSnackbar, type Snackbar as SnackbarEntry } from './snackbar-store';

/**
 * The snackbar on screen (spec/000 §2/§4): shown for 3000 ms; while others wait, a 'Next (n)'
 * button skips to the next one.
 */
export function SnackbarView({ current, waiting }: { current: SnackbarEntry; waiting: number }) {
  const { t } = useTranslation();
  const dismiss = () => dismissSnackbar(current.id);

  return (
    <Snackbar
      // A new key per snackbar restarts the timeout for each one.
      key={current.id}
      open
      autoHideDuration={SNACKBAR_TIMEOUT_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dismiss();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        variant="filled"
        severity={current.color}
        onClose={dismiss}
        closeText={t('feedback.close')}
        data-testid="snackbar"
        data-color={current.color}
        action={
          waiting > 0 ? (
            <Button color="inherit" size="small" onClick={dismiss} data-testid="snackbar-next">
              {t('feedback.next', { n: waiting })}
            </Button>
          ) : undefined
        }
        sx={{ width: '100%', alignItems: 'center' }}
      >
        {current.message}
      </Alert>
    </Snackbar>
  );
}
