import Alert from '@mui/material/Alert';

interface FormAlertProps {
  message: string | null;
  testId?: string;
}

/** A form's failure that belongs to no single field (spec/000 §8), or nothing. */
export function FormAlert({ message, testId }: FormAlertProps) {
  if (message === null) return null;
  return (
    <Alert severity="error" data-testid={testId}>
      {message}
    </Alert>
  );
}
