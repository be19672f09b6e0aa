import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteDetail } from '@hostdeck/contracts';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { inputTestId } from '../../components/test-ids';

interface DeleteSiteDialogProps {
  open: boolean;
  site: SiteDetail;
  onClose: () => void;
  /** Deletes the site; a failure is reported and keeps the dialog open. */
  onDelete: (deleteDatabase: boolean) => Promise<void>;
}

/**
 * Delete, confirmed by typing the site's name; the database goes too only when asked (issue 7:
 * "DB only when asked"). The vhost, pool, home and an isolated user are removed on the server.
 */
export function DeleteSiteDialog({ open, onClose, ...props }: DeleteSiteDialogProps) {
  return (
    <ActionDialog open={open} onClose={onClose}>
      <DeleteSiteForm onClose={onClose} {...props} />
    </ActionDialog>
  );
}

function DeleteSiteForm({ site, onClose, onDelete }: Omit<DeleteSiteDialogProps, 'open'>) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [deleteDatabase, setDeleteDatabase] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A failure is reported by the query client's mutation cache (handleApiError).
  const action = useMutation({
    mutationFn: onDelete,
    onSuccess: () => onClose(),
    onError: (failure) => setError(failure instanceof Error ? failure.message : null),
  });
  const busy = action.isPending;
  const matches = typed.trim() === site.name;

  function submit() {
    if (!matches || busy) return;
    action.mutate(deleteDatabase);
  }

  return (
    <ActionDialogFrame
      form
      title={t('sites.show.delete.title')}
      submitLabel={t('sites.show.delete.submit')}
      submitColor="error"
      submitDisabled={!matches}
      submitTestId="site-delete-submit"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('sites.show.delete.message', { name: site.name })}</DialogContentText>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          name="name"
          label={t('sites.show.delete.typeName', { name: site.name })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'site-delete-name', spellCheck: false } }}
        />
        {site.database && (
          <FormControlLabel
            label={t('sites.show.delete.database', { name: site.database.name })}
            control={
              <Checkbox
                checked={deleteDatabase}
                onChange={(event) => setDeleteDatabase(event.target.checked)}
                slotProps={{ input: inputTestId('site-delete-database') }}
              />
            }
          />
        )}
      </Stack>
    </ActionDialogFrame>
  );
}
