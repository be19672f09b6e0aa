import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteDetail } from '@hostdeck/contracts';
import { handleApiError } from '../../api/error-handling';
import { fieldErrorsOf } from '../../api/field-errors';
import { ActionDialog, ActionDialogFrame } from '../../servers/ActionDialog';
import { inputTestId } from '../../servers/test-ids';

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
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (busy || chosen.length === 0) return;
    setBusy(true);
    try {
      await onRequest(candidates.filter((name) => chosen.includes(name)));
      onClose();
    } catch (failure) {
      handleApiError(failure);
      setError(fieldErrorsOf(failure).domains ?? (failure instanceof Error ? failure.message : null));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ActionDialogFrame
      form
      title={t('siteSsl.free.title')}
      submitLabel={t('siteSsl.free.submit')}
      submitDisabled={chosen.length === 0}
      submitTestId="ssl-free-submit"
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('siteSsl.free.message')}</DialogContentText>
        {error && (
          <Alert severity="error" data-testid="ssl-free-error">
            {error}
          </Alert>
        )}
        <FormGroup data-field="domains">
          <FormLabel>{t('siteSsl.free.domains')}</FormLabel>
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
          {chosen.length === 0 && <FormHelperText error>{t('siteSsl.free.noDomains')}</FormHelperText>}
        </FormGroup>
        {wildcards.map((name) => (
          <Alert key={name} severity="info">
            {t('siteSsl.free.wildcard', { domain: name })}
          </Alert>
        ))}
      </Stack>
    </ActionDialogFrame>
  );
}
