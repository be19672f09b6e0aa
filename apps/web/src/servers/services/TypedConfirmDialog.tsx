import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';

/**
 * Stopping or disabling a service the panel's access depends on (SSH, the agent, the network): the
 * user types the service's name, which is sent as `confirm` (the panel refuses without it).
 */
export function TypedConfirmDialog(props: {
  open: boolean;
  name: string;
  title: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (typed: string) => Promise<void>;
}) {
  return (
    <ActionDialog open={props.open} onClose={props.onClose}>
      <TypedConfirmForm {...props} />
    </ActionDialog>
  );
}

function TypedConfirmForm({
  name,
  title,
  confirmLabel,
  onClose,
  onConfirm,
}: {
  name: string;
  title: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (typed: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const action = useMutation({ mutationFn: () => onConfirm(typed), onSuccess: () => onClose() });
  return (
    <ActionDialogFrame
      form
      title={title}
      submitLabel={confirmLabel}
      submitColor="error"
      submitTestId="service-confirm-submit"
      submitDisabled={typed !== name}
      busy={action.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (typed === name && !action.isPending) action.mutate();
      }}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('services.confirm.message', { name })}</DialogContentText>
        <TextField
          name="confirm"
          autoFocus
          autoComplete="off"
          label={t('services.confirm.label', { name })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'service-confirm-input', spellCheck: false } }}
        />
      </Stack>
    </ActionDialogFrame>
  );
}
