import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../api/error-handling';
import { fieldErrorsOf } from '../api/field-errors';

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
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      {open ? <DeleteServerForm onClose={onClose} {...props} /> : null}
    </Dialog>
  );
}

function DeleteServerForm({ serverName, onClose, onDelete }: Omit<DeleteServerDialogProps, 'open'>) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = typed.trim() === serverName.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
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
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogTitle>{t('serverShow.delete.title')}</DialogTitle>
      <DialogContent>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('serverShow.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color="error"
          disabled={!matches}
          loading={busy}
          data-testid="server-delete-submit"
        >
          {t('serverShow.delete.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
