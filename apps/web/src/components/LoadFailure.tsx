import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

interface LoadFailureProps {
  title: string;
  /** What went wrong, in words (the panel's or the agent's message); none when the title says it all. */
  message?: string;
  onRetry: () => void;
  retrying?: boolean;
  /** Test id of the alert; each list has its own, browser tests tell them apart. */
  testId?: string;
}

/**
 * Something needed for the page could not be loaded: say what, and offer to try again. Every list
 * shows this, never its empty state, when it failed to load (issue 26: a failure looked empty).
 */
export function LoadFailure({
  title,
  message,
  onRetry,
  retrying = false,
  testId = 'load-failure',
}: LoadFailureProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      data-testid={testId}
      sx={{ maxWidth: 640, mx: 'auto', my: 4 }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={onRetry}
          loading={retrying}
          data-testid={`${testId}-retry`}
        >
          {t('common.retry')}
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {message}
    </Alert>
  );
}
