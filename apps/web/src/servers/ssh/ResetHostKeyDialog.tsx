import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { notifySuccess } from '../../api/error-handling';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { resetHostKey } from './ssh-api';

/**
 * "Reset the recorded host key" (POST …/host-key/reset): the next connection records the key the
 * server shows. The user types the server's name, sent as `confirm`.
 */
export function ResetHostKeyDialog(props: {
  open: boolean;
  serverId: number;
  name: string;
  onClose: () => void;
}) {
  return (
    <ActionDialog open={props.open} onClose={props.onClose}>
      <ResetHostKeyForm {...props} />
    </ActionDialog>
  );
}

function ResetHostKeyForm({
  serverId,
  name,
  onClose,
}: {
  serverId: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const reset = useMutation({
    mutationFn: () => resetHostKey(serverId, typed),
    onSuccess: () => {
      notifySuccess();
      void queryClient.invalidateQueries({ queryKey: [UPDATE_KEYS.server, serverId] });
      onClose();
    },
  });
  return (
    <ActionDialogFrame
      form
      title={t('ssh.hostKey.title')}
      submitLabel={t('ssh.hostKey.button')}
      submitColor="error"
      submitTestId="ssh-host-key-confirm"
      submitDisabled={typed !== name}
      busy={reset.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (typed === name && !reset.isPending) reset.mutate();
      }}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('ssh.hostKey.confirm', { name })}</DialogContentText>
        <TextField
          name="confirm"
          autoFocus
          autoComplete="off"
          label={t('ssh.hostKey.label')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'ssh-host-key-input', spellCheck: false } }}
        />
      </Stack>
    </ActionDialogFrame>
  );
}
