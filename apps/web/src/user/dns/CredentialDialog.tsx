import Dialog from '@mui/material/Dialog';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DnsCredential, DnsProvider } from '@hostdeck/contracts/dns-providers';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { useServerChoices } from '../ssh-keys/user-ssh-keys-api';
import { createDnsCredential, updateDnsCredential } from './dns-providers-api';

interface CredentialDialogProps {
  open: boolean;
  providers: readonly DnsProvider[];
  /** The credential to edit (name, token); null to add one. */
  credential: DnsCredential | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add a credential (provider, name, the provider's fields; checked by the provider) or edit one. */
export function CredentialDialog(props: CredentialDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm">
      {props.open ? <CredentialForm {...props} /> : null}
    </Dialog>
  );
}

function CredentialForm({ providers, credential, onClose, onSaved }: CredentialDialogProps) {
  const { t } = useTranslation();
  const fieldErrors = useFieldErrors();
  const [slug, setSlug] = useState(credential?.provider ?? providers[0]?.slug ?? '');
  const [name, setName] = useState(credential?.name ?? '');
  const [token, setToken] = useState('');
  const [account, setAccount] = useState('');
  const [serverId, setServerId] = useState<number | ''>('');
  const provider = providers.find((candidate) => candidate.slug === slug);
  const fields = credential
    ? (provider?.fields.filter((field) => field === 'token') ?? [])
    : (provider?.fields ?? []);
  const servers = useServerChoices(fields.includes('server_id'));

  const save = useMutation({
    mutationFn: () =>
      credential
        ? updateDnsCredential(credential.id, {
            name: name.trim(),
            ...(token.trim() ? { token: token.trim() } : {}),
          })
        : createDnsCredential({
            provider: slug,
            name: name.trim(),
            ...(fields.includes('token') ? { token: token.trim() } : {}),
            ...(fields.includes('account') && account.trim() ? { account: account.trim() } : {}),
            ...(fields.includes('server_id') && serverId !== '' ? { server_id: serverId } : {}),
          }),
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
      title={credential ? t('userDns.edit.title', { name: credential.name }) : t('userDns.create.title')}
      submitLabel={credential ? t('userDns.edit.submit') : t('userDns.create.submit')}
      submitTestId="dns-credential-submit"
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
          label={t('userDns.create.provider')}
          value={slug}
          disabled={credential !== null}
          onChange={(event) => setSlug(event.target.value)}
          error={fieldErrors.has('provider')}
          helperText={fieldErrors.get('provider')}
          slotProps={{ htmlInput: { 'data-testid': 'dns-credential-provider' } }}
        >
          {providers.map((option) => (
            <MenuItem key={option.slug} value={option.slug} data-testid={`dns-provider-${option.slug}`}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          name="name"
          label={t('userDns.create.name')}
          value={name}
          required
          autoFocus
          onChange={(event) => {
            setName(event.target.value);
            fieldErrors.clear('name');
          }}
          error={fieldErrors.has('name')}
          helperText={fieldErrors.get('name') ?? t('userDns.create.nameHelp')}
          slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'dns-credential-name' } }}
        />
        {fields.includes('token') ? (
          <TextField
            name="token"
            type="password"
            autoComplete="off"
            label={t('userDns.create.token')}
            value={token}
            required={credential === null}
            onChange={(event) => {
              setToken(event.target.value);
              fieldErrors.clear('token');
            }}
            error={fieldErrors.has('token')}
            helperText={
              fieldErrors.get('token') ??
              (credential ? t('userDns.edit.tokenHelp') : t('userDns.create.tokenHelp'))
            }
            slotProps={{ htmlInput: { 'data-testid': 'dns-credential-token' } }}
          />
        ) : null}
        {fields.includes('token') && provider?.token_url ? (
          <Link href={provider.token_url} target="_blank" rel="noreferrer" variant="body2">
            {t('userDns.create.tokenLink', { provider: provider.name })}
          </Link>
        ) : null}
        {fields.includes('account') ? (
          <TextField
            name="account"
            label={t('userDns.create.account')}
            value={account}
            onChange={(event) => {
              setAccount(event.target.value);
              fieldErrors.clear('account');
            }}
            error={fieldErrors.has('account')}
            helperText={fieldErrors.get('account') ?? t('userDns.create.accountHelp')}
          />
        ) : null}
        {fields.includes('server_id') ? (
          <TextField
            select
            name="server_id"
            label={t('userDns.create.server')}
            value={serverId}
            onChange={(event) => setServerId(Number(event.target.value))}
            error={fieldErrors.has('server_id')}
            helperText={fieldErrors.get('server_id')}
          >
            {(servers.data?.data ?? []).map((server) => (
              <MenuItem key={server.id} value={server.id}>
                {server.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Stack>
    </ActionDialogFrame>
  );
}
