import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SSH_KEY_MESSAGES,
  addSshKeyRequestSchema,
  type AddSshKeyRequest,
} from '@hostdeck/contracts/ssh-keys';
import { SSH_PUBLIC_KEY_MESSAGES } from '@hostdeck/contracts/ssh-public-key';
import { fieldMessage } from '../../api/field-messages';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { useSshKeyUsers } from './ssh-keys-api';

/**
 * "Add key": one public key line (no options: the panel refuses them), an optional name (its
 * comment) and the users whose authorized_keys get it, from the server's own list.
 */
export function AddSshKeyDialog({
  open,
  ...props
}: {
  open: boolean;
  serverId: number;
  defaultUser: string;
  onClose: () => void;
  onSubmit: (body: AddSshKeyRequest) => Promise<void>;
}) {
  return (
    <Dialog open={open} onClose={props.onClose} fullWidth maxWidth="sm">
      {open ? <AddSshKeyForm {...props} /> : null}
    </Dialog>
  );
}

function AddSshKeyForm({
  serverId,
  defaultUser,
  onClose,
  onSubmit,
}: {
  serverId: number;
  defaultUser: string;
  onClose: () => void;
  onSubmit: (body: AddSshKeyRequest) => Promise<void>;
}) {
  const { t } = useTranslation();
  const users = useSshKeyUsers(serverId, true);
  const [publicKey, setPublicKey] = useState('');
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>(defaultUser ? [defaultUser] : []);
  const fieldErrors = useFieldErrors();
  // The form's own check, with the contract's grammars (the panel checks again).
  const [problems, setProblems] = useState<Record<string, string>>({});
  const messageText = (message: string): string => {
    if (message === SSH_PUBLIC_KEY_MESSAGES.invalid) return t('ssh-keys.messages.invalid');
    if (message === SSH_PUBLIC_KEY_MESSAGES.options) return t('ssh-keys.messages.options');
    if (message === SSH_KEY_MESSAGES.users) return t('ssh-keys.messages.users');
    if (message === SSH_KEY_MESSAGES.userTwice) return t('ssh-keys.messages.userTwice');
    if (message === SSH_KEY_MESSAGES.name) return t('ssh-keys.messages.name');
    const known = fieldMessage(message);
    return 'key' in known ? t(known.key) : known.text;
  };
  const errorOf = (key: string) => problems[key] ?? fieldErrors.get(key);
  const clear = (key: string) => {
    fieldErrors.clear(key);
    setProblems(({ [key]: _cleared, ...rest }) => rest);
  };

  const add = useMutation({
    mutationFn: onSubmit,
    onSuccess: () => onClose(),
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });

  const submit = () => {
    if (add.isPending) return;
    fieldErrors.clear();
    const body: AddSshKeyRequest = {
      public_key: publicKey.trim(),
      users: chosen,
      ...(name.trim() ? { name: name.trim() } : {}),
    };
    const checked = addSshKeyRequestSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues)
        found[String(issue.path[0] ?? 'public_key')] ??= messageText(issue.message);
      setProblems(found);
      return;
    }
    setProblems({});
    add.mutate(body);
  };

  const toggle = (user: string, on: boolean) =>
    setChosen((current) => (on ? [...current, user] : current.filter((name) => name !== user)));
  const usersError = errorOf('users');

  return (
    <ActionDialogFrame
      form
      title={t('ssh-keys.add.title')}
      submitLabel={t('ssh-keys.add.submit')}
      submitTestId="ssh-key-add-submit"
      submitDisabled={publicKey.trim() === '' || chosen.length === 0}
      busy={add.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          name="public_key"
          label={t('ssh-keys.add.publicKey')}
          value={publicKey}
          required
          multiline
          minRows={3}
          placeholder="ssh-ed25519 AAAA… me@laptop"
          onChange={(event) => {
            setPublicKey(event.target.value);
            clear('public_key');
          }}
          error={errorOf('public_key') !== undefined}
          helperText={errorOf('public_key') ?? t('ssh-keys.add.publicKeyHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'ssh-key-form-public-key', spellCheck: false } }}
        />
        <TextField
          name="name"
          label={t('ssh-keys.add.name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            clear('name');
          }}
          error={errorOf('name') !== undefined}
          helperText={errorOf('name') ?? t('ssh-keys.add.nameHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'ssh-key-form-name', spellCheck: false } }}
        />
        <Stack spacing={0.5} data-field="users">
          <Typography variant="subtitle2">{t('ssh-keys.add.users')}</Typography>
          {users.isPending ? (
            <CircularProgress size={20} />
          ) : users.isError ? (
            <Alert severity="error">{users.error.message || t('ssh-keys.loadFailed')}</Alert>
          ) : (
            <FormGroup row>
              {users.data.data.map((user) => (
                <FormControlLabel
                  key={user.name}
                  label={user.name}
                  control={
                    <Checkbox
                      checked={chosen.includes(user.name)}
                      onChange={(event) => {
                        toggle(user.name, event.target.checked);
                        clear('users');
                      }}
                      slotProps={{ input: { 'data-testid': `ssh-key-form-user-${user.name}` } as object }}
                    />
                  }
                />
              ))}
            </FormGroup>
          )}
          {chosen.includes('root') && (
            <FormHelperText data-testid="ssh-key-form-root-warning">
              {t('ssh-keys.add.rootWarning')}
            </FormHelperText>
          )}
          {usersError && <FormHelperText error>{usersError}</FormHelperText>}
        </Stack>
      </Stack>
    </ActionDialogFrame>
  );
}
