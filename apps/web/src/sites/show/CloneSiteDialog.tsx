import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteDetail } from '@hostdeck/contracts';
import { fieldErrorsOf } from '../../api/form-errors';
import { LoadFailure } from '../../components/LoadFailure';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { useInstalledServers } from '../create/use-site-create-server';
import { selectTestIds } from '../select-test-id';

interface CloneSiteDialogProps {
  open: boolean;
  site: SiteDetail;
  onClose: () => void;
  /** Clones the site to the server; a failure is reported and keeps the dialog open. */
  onClone: (serverId: number) => Promise<void>;
}

/** The same site, with its files, on another installed server (POST clone). */
export function CloneSiteDialog({ open, onClose, ...props }: CloneSiteDialogProps) {
  return (
    <ActionDialog open={open} onClose={onClose}>
      <CloneSiteForm onClose={onClose} {...props} />
    </ActionDialog>
  );
}

function CloneSiteForm({ site, onClose, onClone }: Omit<CloneSiteDialogProps, 'open'>) {
  const { t } = useTranslation();
  const { servers, isPending, failed, retrying, retry } = useInstalledServers(true);
  const others = servers.filter((server) => server.id !== site.server.id);
  const [serverId, setServerId] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  // A failure is reported by the query client's mutation cache (handleApiError).
  const action = useMutation({
    mutationFn: onClone,
    onSuccess: () => onClose(),
    onError: (failure) =>
      setError(fieldErrorsOf(failure).server_id ?? (failure instanceof Error ? failure.message : null)),
  });
  const busy = action.isPending;

  function submit() {
    if (serverId === '' || busy) return;
    action.mutate(serverId);
  }

  return (
    <ActionDialogFrame
      form
      title={t('sites.show.clone.title')}
      submitLabel={t('sites.show.clone.submit')}
      submitDisabled={serverId === ''}
      submitTestId="site-clone-submit"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('sites.show.clone.message', { name: site.name })}</DialogContentText>
        {error && <Alert severity="error">{error}</Alert>}
        {failed ? (
          <LoadFailure
            testId="site-clone-servers-failure"
            title={t('sites.create.serversLoadFailed')}
            onRetry={retry}
            retrying={retrying}
          />
        ) : !isPending && others.length === 0 ? (
          <Alert severity="info">{t('sites.show.clone.noServers')}</Alert>
        ) : (
          <TextField
            select
            name="server_id"
            label={t('sites.create.server')}
            value={serverId}
            onChange={(event) => setServerId(Number(event.target.value))}
            fullWidth
            slotProps={selectTestIds('site-clone-server')}
          >
            {others.map((server) => (
              <MenuItem key={server.id} value={server.id} data-testid={`site-clone-server-${server.id}`}>
                {server.display_name} ({server.ip})
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </ActionDialogFrame>
  );
}
