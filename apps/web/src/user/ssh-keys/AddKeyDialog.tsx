import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateUserSshKeyBody, UserSshKey } from '@hostdeck/contracts/user-ssh-keys';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { createUserSshKey } from './user-ssh-keys-api';

/** "Add key": a name and one public key line; the panel checks both (its messages show in place). */
export function AddKeyDialog({
  open,
  initialKey = '',
  onClose,
  onAdded,
}: {
  open: boolean;
  initialKey?: string;
  onClose: () => void;
  onAdded: (key: UserSshKey) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      {open ? <AddKeyForm initialKey={initialKey} onClose={onClose} onAdded={onAdded} /> : null}
    </Dialog>
  );
}

function AddKeyForm({
  initialKey,
  onClose,
  onAdded,
}: {
  initialKey: string;
  onClose: () => void;
  onAdded: (key: UserSshKey) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [publicKey, setPublicKey] = useState(initialKey);
  const fieldErrors = useFieldErrors();
  const create = useMutation({
    mutationFn: (body: CreateUserSshKeyBody) => createUserSshKey(body),
    onSuccess: (key) => {
      onAdded(key);
      onClose();
    },
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });

  return (
    <ActionDialogFrame
      form
      title={t('userSshKeys.create.title')}
      submitLabel={t('userSshKeys.create.submit')}
      submitTestId="user-ssh-key-create-submit"
      busy={create.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (create.isPending) return;
        fieldErrors.clear();
        create.mutate({ name: name.trim(), public_key: publicKey.trim() });
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          name="name"
          label={t('userSshKeys.create.name')}
          value={name}
          required
          autoFocus
          onChange={(event) => {
            setName(event.target.value);
            fieldErrors.clear('name');
          }}
          error={fieldErrors.has('name')}
          helperText={fieldErrors.get('name') ?? t('userSshKeys.create.nameHelp')}
          slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'user-ssh-key-name' } }}
        />
        <TextField
          name="public_key"
          label={t('userSshKeys.create.publicKey')}
          value={publicKey}
          required
          multiline
          minRows={3}
          onChange={(event) => {
            setPublicKey(event.target.value);
            fieldErrors.clear('public_key');
          }}
          error={fieldErrors.has('public_key')}
          helperText={fieldErrors.get('public_key') ?? t('userSshKeys.create.publicKeyHelp')}
          slotProps={{
            htmlInput: {
              'data-testid': 'user-ssh-key-public-key',
              spellCheck: false,
              style: { fontFamily: 'monospace', wordBreak: 'break-all' },
            },
          }}
        />
      </Stack>
    </ActionDialogFrame>
  );
}
