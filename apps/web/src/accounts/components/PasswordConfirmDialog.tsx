import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRequestSchema } from '@hostdeck/contracts';
import { validateWithSchema } from '../schema-check';
import { useAccountForm } from '../use-account-form';
import { FormAlert } from './FormAlert';

interface PasswordConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** Red confirm button for irreversible actions (delete account). */
  destructive?: boolean;
  inputTestId: string;
  submitTestId: string;
  onClose: () => void;
  /** Runs the action with the password; a rejection keeps the dialog open with the error. */
  onConfirm: (password: string) => Promise<void>;
}

/**
 * Actions that need the password again (SECURITY.md): delete account, log out other sessions,
 * two-factor changes. A wrong password comes back as a field error under the input.
 */
export function PasswordConfirmDialog({ open, onClose, ...props }: PasswordConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      {/* Remounted on each opening, so a previous attempt's password and error are gone. */}
      {open ? <PasswordConfirmForm onClose={onClose} {...props} /> : null}
    </Dialog>
  );
}

function PasswordConfirmForm({
  title,
  description,
  confirmLabel,
  destructive = false,
  inputTestId,
  submitTestId,
  onClose,
  onConfirm,
}: Omit<PasswordConfirmDialogProps, 'open'>) {
  const { t } = useTranslation();
  const form = useAccountForm({
    initialValues: { password: '' },
    validate: (values) => validateWithSchema(confirmPasswordRequestSchema, values),
    onSubmit: async ({ password }) => {
      await onConfirm(password);
      onClose();
    },
  });
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{description}</DialogContentText>
          <FormAlert message={form.formError} />
          <TextField
            {...form.textField('password')}
            type="password"
            label={t('auth.fields.password')}
            autoComplete="current-password"
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': inputTestId } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={form.submitting}>
          {t('auth.actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          loading={form.submitting}
          data-testid={submitTestId}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
