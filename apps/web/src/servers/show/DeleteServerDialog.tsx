import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../api/form-errors';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { registerUserVpsCatalogues } from '../../user/vps/catalogue';

interface DeleteServerDialogProps {
  open: boolean;
  serverName: string;
  /** The VPS provider the server was created at (spec/000 §3 vps_provider): offers deleting it there too. */
  vpsProvider?: { name: string } | null | undefined;
  onClose: () => void;
  /**
   * Deletes the server with the typed name (and its machine at the provider when `atProvider`); a
   * failure is reported and keeps the dialog open.
   */
  onDelete: (typedName: string, atProvider: boolean) => Promise<void>;
}

/** Delete, confirmed by typing the server's name (issue #5: "Delete, with confirmation"). */
export function DeleteServerDialog({ open, onClose, ...props }: DeleteServerDialogProps) {
  return (
    <ActionDialog open={open} onClose={onClose}>
      <DeleteServerForm onClose={onClose} {...props} />
    </ActionDialog>
  );
}

function DeleteServerForm({
  serverName,
  vpsProvider,
  onClose,
  onDelete,
}: Omit<DeleteServerDialogProps, 'open'>) {
  const { t } = useTranslation();
  if (vpsProvider) registerUserVpsCatalogues();
  const [typed, setTyped] = useState('');
  const [atProvider, setAtProvider] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A failure is reported by the query client's mutation cache (handleApiError).
  const remove = useMutation({
    mutationFn: (name: string) => onDelete(name, atProvider),
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
      {vpsProvider ? (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Checkbox
              checked={atProvider}
              onChange={(event) => setAtProvider(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'server-delete-at-provider' } as object }}
            />
          }
          label={t('userVps.deleteAtProvider', { provider: vpsProvider.name })}
        />
      ) : null}
    </ActionDialogFrame>
  );
}
