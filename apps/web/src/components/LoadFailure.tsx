import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

interface LoadFailureProps {
  title: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** Something needed for the page could not be loaded: say what, and offer to try again. */
export function LoadFailure({ title, message, onRetry, retrying = false }: LoadFailureProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      data-testid="load-failure"
      sx={{ maxWidth: 640, mx: 'auto', my: 4 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry} loading={retrying}>
          {t('common.retry')}
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {message}
    </Alert>
  );
}
