import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Certificate } from '@hostdeck/contracts';
import { fieldErrorsOf } from '../../api/form-errors';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { siteSearchQuery } from '../site-queries';

interface CloneCertificateDialogProps {
  certificate: Certificate | null;
  siteId: number;
  onClose: () => void;
  onClone: (certificate: Certificate, targetSite: number) => Promise<void>;
}

/** Picks another site of the user's (GET api/sites) to install a copy of the certificate on. */
export function CloneCertificateDialog({ certificate, onClose, ...props }: CloneCertificateDialogProps) {
  return (
    <ActionDialog open={certificate !== null} onClose={onClose}>
      {certificate && <CloneForm certificate={certificate} onClose={onClose} {...props} />}
    </ActionDialog>
  );
}

function CloneForm({
  certificate,
  siteId,
  onClose,
  onClone,
}: Omit<CloneCertificateDialogProps, 'certificate'> & { certificate: Certificate }) {
  const { t } = useTranslation();
  const sites = useQuery(siteSearchQuery({ page: 1, itemsPerPage: 100 }));
  // Aliases are served by their main site's certificate: only main sites are offered.
  const others = (sites.data?.data ?? []).filter((site) => site.id !== siteId && site.site_id === null);
  const [target, setTarget] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  // A failure is reported by the query client's mutation cache (handleApiError).
  const clone = useMutation({
    mutationFn: (site: number) => onClone(certificate, site),
    onSuccess: () => onClose(),
    onError: (failure) =>
      setError(fieldErrorsOf(failure).site_id ?? (failure instanceof Error ? failure.message : null)),
  });
  const busy = clone.isPending;

  function submit() {
    if (target === '' || busy) return;
    clone.mutate(target);
  }

  return (
    <ActionDialogFrame
      form
      title={t('siteCertificates.clone.title')}
      submitLabel={t('siteCertificates.clone.submit')}
      submitDisabled={target === ''}
      submitTestId="ssl-clone-submit"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('siteCertificates.clone.message')}</DialogContentText>
        {error && <Alert severity="error">{error}</Alert>}
        {sites.isError ? (
          <LoadFailure
            testId="ssl-clone-sites-failure"
            title={t('sites.list.loadFailed')}
            message={sites.error.message}
            onRetry={() => void sites.refetch()}
            retrying={sites.isFetching}
          />
        ) : sites.isSuccess && others.length === 0 ? (
          <Alert severity="info">{t('siteCertificates.clone.noSites')}</Alert>
        ) : (
          <TextField
            select
            name="site_id"
            label={t('siteCertificates.clone.site')}
            value={target}
            onChange={(event) => {
              setTarget(Number(event.target.value));
              setError(null);
            }}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'ssl-clone-site' } }}
          >
            {others.map((site) => (
              <MenuItem key={site.id} value={site.id} data-testid={`ssl-clone-site-${site.id}`}>
                {site.display_name} ({site.server_name})
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </ActionDialogFrame>
  );
}
