import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../api/form-errors';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';

interface DeleteServerDialogProps {
  open: boolean;
  serverName: string;
  onClose: () => void;
  /** Deletes the server with the typed name; a failure is reported and keeps the dialog open. */
  onDelete: (typedName: string) => Promise<void>;
}

/** Delete, confirmed by typing the server's name (issue #5: "Delete, with confirmation"). */
export function DeleteServerDialog({ open, onClose, ...props }: DeleteServerDialogProps) {
  return (
    <ActionDialog open={open} onClose={onClose}>
      <DeleteServerForm onClose={onClose} {...props} />
    </ActionDialog>
  );
}

function DeleteServerForm({ serverName, onClose, onDelete }: Omit<DeleteServerDialogProps, 'open'>) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A failure is reported by the query client's mutation cache (handleApiError).
  const remove = useMutation({
    mutationFn: onDelete,
    onSuccess: () => onClose(),
    onError: (failure) =>
      setError(fieldErrorsOf(failure).name ?? (failure instanceof Error ? failure.message : null)),
  });
  const busy = remove.isPending;
  const matches = typed.trim() === serverName.trim();

  function submit() {
    if (!matches || busy) return;
    remove.mutate(typed);
  }

  return (
    <ActionDialogFrame
      form
      title={t('serverShow.delete.title')}
      submitLabel={t('serverShow.delete.submit')}
      submitColor="error"
      submitDisabled={!matches}
      submitTestId="server-delete-submit"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <DialogContentText sx={{ mb: 2 }}>
        {t('serverShow.delete.message', { name: serverName })}
      </DialogContentText>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <TextField
        name="name"
        label={t('serverShow.delete.typeName')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'server-delete-name' } }}
      />
    </ActionDialogFrame>
  );
}
