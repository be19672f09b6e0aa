import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../api/error-handling';
import { fieldErrorsOf } from '../api/field-errors';
import { ActionDialog, ActionDialogFrame } from './ActionDialog';

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
  const [busy, setBusy] = useState(false);
  const matches = typed.trim() === serverName.trim();

  async function submit() {
    if (!matches || busy) return;
    setBusy(true);
    try {
      await onDelete(typed);
      onClose();
    } catch (failure) {
      handleApiError(failure);
      setError(fieldErrorsOf(failure).name ?? (failure instanceof Error ? failure.message : null));
    } finally {
      setBusy(false);
    }
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
      onSubmit={() => void submit()}
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
