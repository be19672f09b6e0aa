import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemUser } from '@hostdeck/contracts/system-users';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { passwordProblem, type UsersKey } from './system-user-forms';

/** "Change password" of one system user: the new password reaches the server over stdin. */
export function PasswordDialog({
  user,
  onClose,
  onSubmit,
}: {
  user: SystemUser | null;
  onClose: () => void;
  onSubmit: (name: string, password: string) => Promise<void>;
}) {
  return (
    <ActionDialog open={user !== null} onClose={onClose}>
      {user && <PasswordForm name={user.name} onClose={onClose} onSubmit={onSubmit} />}
    </ActionDialog>
  );
}

function PasswordForm({
  name,
  onClose,
  onSubmit,
}: {
  name: string;
  onClose: () => void;
  onSubmit: (name: string, password: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<UsersKey | null>(null);
  const fieldErrors = useFieldErrors();
  const change = useMutation({
    mutationFn: (value: string) => onSubmit(name, value),
    onSuccess: () => onClose(),
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });
  const error = problem ? t(problem) : fieldErrors.get('password');

  function submit() {
    if (change.isPending) return;
    const found = passwordProblem(password, false);
    setProblem(found);
    fieldErrors.clear();
    if (!found) change.mutate(password);
  }

  return (
    <ActionDialogFrame
      form
      title={t('users.passwordForm.title', { name })}
      submitLabel={t('users.passwordForm.submit')}
      submitTestId="system-user-password-submit"
      busy={change.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          name="password"
          type="password"
          label={t('users.passwordForm.password')}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setProblem(null);
            fieldErrors.clear('password');
          }}
          error={error !== undefined}
          helperText={error ?? t('users.passwordForm.help')}
          autoFocus
          autoComplete="new-password"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'system-user-new-password' } }}
        />
      </Stack>
    </ActionDialogFrame>
  );
}
