import Dialog from '@mui/material/Dialog';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VPS_PROVIDERS, type VpsCredential, type VpsProviderSlug } from '@hostdeck/contracts/vps';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { createVpsCredential, updateVpsCredential } from './vps-api';

interface CredentialDialogProps {
  open: boolean;
  /** The credential to edit (name, token); null to add one. */
  credential: VpsCredential | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add a credential (provider, name, token; checked by the provider) or rename one / change its token. */
export function VpsCredentialDialog(props: CredentialDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm">
      {props.open ? <CredentialForm {...props} /> : null}
    </Dialog>
  );
}

function CredentialForm({ credential, onClose, onSaved }: CredentialDialogProps) {
  const { t } = useTranslation();
  const fieldErrors = useFieldErrors();
  const [slug, setSlug] = useState<VpsProviderSlug>(
    (credential?.provider as VpsProviderSlug | undefined) ?? 'hetzner',
  );
  const [name, setName] = useState(credential?.name ?? '');
  const [token, setToken] = useState('');
  const provider = VPS_PROVIDERS.find((candidate) => candidate.slug === slug);

  const save = useMutation({
    mutationFn: () =>
      credential
        ? updateVpsCredential(credential.id, {
            name: name.trim(),
            ...(token.trim() ? { token: token.trim() } : {}),
          })
        : createVpsCredential({ provider: slug, name: name.trim(), token: token.trim() }),
    onSuccess: () => {
      onSaved();
      onClose();
    },
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });

  return (
    <ActionDialogFrame
      form
      title={
        credential
          ? t('userVps.credential.editTitle', { name: credential.name })
          : t('userVps.credential.addTitle')
      }
      submitLabel={credential ? t('userVps.credential.save') : t('userVps.credential.add')}
      submitTestId="vps-credential-submit"
      busy={save.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (save.isPending) return;
        fieldErrors.clear();
        save.mutate();
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          name="provider"
          label={t('userVps.credential.provider')}
          value={slug}
          disabled={credential !== null}
          onChange={(event) => setSlug(event.target.value as VpsProviderSlug)}
          error={fieldErrors.has('provider')}
          helperText={fieldErrors.get('provider')}
          slotProps={{ htmlInput: { 'data-testid': 'vps-credential-provider' } }}
        >
          {VPS_PROVIDERS.map((option) => (
            <MenuItem key={option.slug} value={option.slug} data-testid={`vps-provider-${option.slug}`}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          name="name"
          label={t('userVps.credential.name')}
          value={name}
          required
          autoFocus
          onChange={(event) => {
            setName(event.target.value);
            fieldErrors.clear('name');
          }}
          error={fieldErrors.has('name')}
          helperText={fieldErrors.get('name') ?? t('userVps.credential.nameHelp')}
          slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'vps-credential-name' } }}
        />
        <TextField
          name="token"
          type="password"
          autoComplete="off"
          label={t('userVps.credential.token')}
          value={token}
          required={credential === null}
          onChange={(event) => {
            setToken(event.target.value);
            fieldErrors.clear('token');
          }}
          error={fieldErrors.has('token')}
          helperText={
            fieldErrors.get('token') ??
            (credential ? t('userVps.credential.tokenEditHelp') : t('userVps.credential.tokenHelp'))
          }
          slotProps={{ htmlInput: { 'data-testid': 'vps-credential-token' } }}
        />
        {provider ? (
          <Link href={provider.token_url} target="_blank" rel="noreferrer" variant="body2">
            {t('userVps.credential.tokenLink', { provider: provider.name })}
          </Link>
        ) : null}
      </Stack>
    </ActionDialogFrame>
  );
}
