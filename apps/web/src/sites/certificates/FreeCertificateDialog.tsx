import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteDetail } from '@hostdeck/contracts';
import { fieldErrorsOf } from '../../api/form-errors';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { inputTestId } from '../../components/test-ids';

interface FreeCertificateDialogProps {
  open: boolean;
  site: SiteDetail;
  onClose: () => void;
  onRequest: (domains: string[]) => Promise<void>;
}

/**
 * Let's Encrypt for the site and the aliases the user keeps checked (all by default; one that
 * does not point at the server yet can be left out). Wildcards are listed as not possible: HTTP-01
 * cannot validate them.
 */
export function FreeCertificateDialog({ open, onClose, ...props }: FreeCertificateDialogProps) {
  return (
    <ActionDialog open={open} onClose={onClose}>
      <FreeCertificateForm onClose={onClose} {...props} />
    </ActionDialog>
  );
}

function FreeCertificateForm({ site, onClose, onRequest }: Omit<FreeCertificateDialogProps, 'open'>) {
  const { t } = useTranslation();
  const names = [site.name, ...site.aliases.map((alias) => alias.name)];
  const wildcards = [
    ...names.filter((name) => name.startsWith('*.')),
    ...(site.wildcard ? [`*.${site.name}`] : []),
  ];
  const candidates = names.filter((name) => !name.startsWith('*.'));
  const [chosen, setChosen] = useState<string[]>(candidates);
  const [error, setError] = useState<string | null>(null);
  // A failure is reported by the query client's mutation cache (handleApiError).
  const request = useMutation({
    mutationFn: onRequest,
    onSuccess: () => onClose(),
    onError: (failure) =>
      setError(fieldErrorsOf(failure).domains ?? (failure instanceof Error ? failure.message : null)),
  });
  const busy = request.isPending;

  function submit() {
    if (busy || chosen.length === 0) return;
    request.mutate(candidates.filter((name) => chosen.includes(name)));
  }

  return (
    <ActionDialogFrame
      form
      title={t('siteCertificates.free.title')}
      submitLabel={t('siteCertificates.free.submit')}
      submitDisabled={chosen.length === 0}
      submitTestId="ssl-free-submit"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('siteCertificates.free.message')}</DialogContentText>
        {error && (
          <Alert severity="error" data-testid="ssl-free-error">
            {error}
          </Alert>
        )}
        <FormGroup data-field="domains">
          <FormLabel>{t('siteCertificates.free.domains')}</FormLabel>
          {candidates.map((name) => (
            <FormControlLabel
              key={name}
              label={name}
              control={
                <Checkbox
                  checked={chosen.includes(name)}
                  onChange={(event) =>
                    setChosen((previous) =>
                      event.target.checked ? [...previous, name] : previous.filter((item) => item !== name),
                    )
                  }
                  slotProps={{ input: inputTestId(`ssl-free-domain-${name}`) }}
                />
              }
            />
          ))}
          {chosen.length === 0 && (
            <FormHelperText error>{t('siteCertificates.free.noDomains')}</FormHelperText>
          )}
        </FormGroup>
        {wildcards.map((name) => (
          <Alert key={name} severity="info">
            {t('siteCertificates.free.wildcard', { domain: name })}
          </Alert>
        ))}
      </Stack>
    </ActionDialogFrame>
  );
}
