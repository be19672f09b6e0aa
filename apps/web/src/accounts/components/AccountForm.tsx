import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from './FormAlert';

interface AccountFormProps {
  /** The `useAccountForm` state: its submit handler and the failure that belongs to no field. */
  form: { handleSubmit: (event: FormEvent) => void; formError: string | null };
  /** `data-testid` of the failure alert. */
  errorTestId: string;
  /** Shown above the failure alert (a "sent" confirmation, say). */
  notice?: ReactNode;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/** The form element of an account page or section: a column with the form's failure on top. */
export function AccountForm({ form, errorTestId, notice, sx, children }: AccountFormProps) {
  return (
    <Stack component="form" spacing={2} onSubmit={form.handleSubmit} noValidate sx={sx}>
      {notice}
      <FormAlert message={form.formError} testId={errorTestId} />
      {children}
    </Stack>
  );
}

interface SubmitButtonProps {
  submitting: boolean;
  testId: string;
  /** `large` on the sign-in and registration cards. */
  size?: 'medium' | 'large';
  children: ReactNode;
}

/** The primary submit button of an account form; it spins while the request runs. */
export function SubmitButton({ submitting, testId, size, children }: SubmitButtonProps) {
  return (
    <Button type="submit" variant="contained" size={size} loading={submitting} data-testid={testId}>
      {children}
    </Button>
  );
}
