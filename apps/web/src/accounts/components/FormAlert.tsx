import Alert from '@mui/material/Alert';

interface FormAlertProps {
  message: string | null;
  testId?: string;
  /** `success` for a confirmation ("the link was sent"); failures are `error`. */
  severity?: 'error' | 'success';
}

/** A form's failure that belongs to no single field (spec/000 §8), a confirmation, or nothing. */
export function FormAlert({ message, testId, severity = 'error' }: FormAlertProps) {
  if (message === null) return null;
  return (
    <Alert severity={severity} data-testid={testId}>
      {message}
    </Alert>
  );
}
