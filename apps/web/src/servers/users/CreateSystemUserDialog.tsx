import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SYSTEM_USER_SHELLS,
  type CreateSystemUserRequest,
  type SystemUserShell,
} from '@hostdeck/contracts/system-users';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { nameProblem, passwordProblem, type UsersKey } from './system-user-forms';

/** "Create user": name, shell, an optional password, sudo or SFTP-only (one or the other). */
export function CreateSystemUserDialog({
  open,
  ...props
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (body: CreateSystemUserRequest) => Promise<void>;
}) {
  return (
    <ActionDialog open={open} onClose={props.onClose}>
      <CreateSystemUserForm {...props} />
    </ActionDialog>
  );
}

function CreateSystemUserForm({
  onClose,
  onSubmit,
}: {
  onClose: () => void;
  onSubmit: (body: CreateSystemUserRequest) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [shell, setShell] = useState<SystemUserShell>('/bin/bash');
  const [password, setPassword] = useState('');
  const [sudo, setSudo] = useState(false);
  const [sftpOnly, setSftpOnly] = useState(false);
  const [problems, setProblems] = useState<Record<string, UsersKey>>({});
  const fieldErrors = useFieldErrors();

  const create = useMutation({
    mutationFn: onSubmit,
    onSuccess: () => onClose(),
    onError: (error) => fieldErrors.apply(error),
    // The section's action already reported the failure.
    meta: { handleErrors: false },
  });
  const errorOf = (field: string) => (problems[field] ? t(problems[field]) : fieldErrors.get(field));
  const clear = (field: string) => {
    fieldErrors.clear(field);
    setProblems(({ [field]: _cleared, ...rest }) => rest);
  };

  function submit() {
    if (create.isPending) return;
    const found: Record<string, UsersKey> = {};
    const badName = nameProblem(name);
    if (badName) found.name = badName;
    const badPassword = passwordProblem(password, true);
    if (badPassword) found.password = badPassword;
    setProblems(found);
    fieldErrors.clear();
    if (Object.keys(found).length > 0) return;
    create.mutate({
      name,
      shell: sftpOnly ? 'nologin' : shell,
      ...(password === '' ? {} : { password }),
      sudo: sftpOnly ? false : sudo,
      sftp_only: sftpOnly,
    });
  }

  const shellLabel = (value: SystemUserShell) => (value === 'nologin' ? t('users.form.shellNologin') : value);

  return (
    <ActionDialogFrame
      form
      title={t('users.form.title')}
      submitLabel={t('users.form.submit')}
      submitTestId="system-user-create-submit"
      busy={create.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          name="name"
          label={t('users.form.name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            clear('name');
          }}
          error={errorOf('name') !== undefined}
          helperText={errorOf('name') ?? t('users.form.nameHelp')}
          autoFocus
          autoComplete="off"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'system-user-name', spellCheck: false } }}
        />
        <TextField
          select
          name="shell"
          label={t('users.form.shell')}
          value={sftpOnly ? 'nologin' : shell}
          disabled={sftpOnly}
          onChange={(event) => setShell(event.target.value as SystemUserShell)}
          error={errorOf('shell') !== undefined}
          helperText={errorOf('shell')}
          fullWidth
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'system-user-shell' } as object } }}
        >
          {SYSTEM_USER_SHELLS.map((value) => (
            <MenuItem key={value} value={value}>
              {shellLabel(value)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          name="password"
          type="password"
          label={t('users.form.password')}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            clear('password');
          }}
          error={errorOf('password') !== undefined}
          helperText={errorOf('password') ?? t('users.form.passwordHelp')}
          autoComplete="new-password"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'system-user-password-input' } }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={sudo && !sftpOnly}
              disabled={sftpOnly}
              onChange={(event) => setSudo(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'system-user-sudo-switch' } as object }}
            />
          }
          label={t('users.form.sudo')}
        />
        {errorOf('sudo') && (
          <Typography variant="body2" color="error">
            {errorOf('sudo')}
          </Typography>
        )}
        <Stack>
          <FormControlLabel
            control={
              <Switch
                checked={sftpOnly}
                onChange={(event) => setSftpOnly(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'system-user-sftp-switch' } as object }}
              />
            }
            label={t('users.form.sftpOnly')}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('users.form.sftpOnlyHelp')}
          </Typography>
        </Stack>
      </Stack>
    </ActionDialogFrame>
  );
}
