import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  mailAddressSchema,
  mailPasswordSchema,
  mailQuotaSchema,
  type MailAccount,
  type MailAlias,
  type MailOverview,
} from '@hostdeck/contracts/mailserver';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { MailActions } from './MailPage';

const quotaValid = (value: string) => /^\d+$/.test(value) && mailQuotaSchema.safeParse(Number(value)).success;

function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(bytes < 10 * 1_048_576 ? 1 : 0)} MB`;
}

type AccountDialog = { kind: 'create' } | { kind: 'password' | 'quota'; account: MailAccount } | null;

/** Mail accounts: create (address, password, quota), change the password or quota, delete. */
export function MailAccountsPanel({ overview, actions }: { overview: MailOverview; actions: MailActions }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<AccountDialog>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="mail-accounts">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2">
          {t('mail.accounts.title')}
        </Typography>
        <Button
          variant="contained"
          size="small"
          disabled={overview.domains.length === 0}
          loading={actions.isBusy('account:new')}
          onClick={() => setDialog({ kind: 'create' })}
          data-testid="mail-account-create"
        >
          {t('mail.accounts.create')}
        </Button>
      </Stack>
      {overview.accounts.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {overview.domains.length === 0 ? t('mail.accounts.needDomain') : t('mail.accounts.empty')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('mail.accounts.address')}</TableCell>
              <TableCell>{t('mail.accounts.usage')}</TableCell>
              <TableCell align="right">{t('mail.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {overview.accounts.map((account) => (
              <TableRow key={account.address} data-testid={`mail-account-${account.address}`}>
                <TableCell>{account.address}</TableCell>
                <TableCell>
                  {account.quota_mb === 0
                    ? t('mail.accounts.usedUnlimited', { used: formatMegabytes(account.used_bytes) })
                    : t('mail.accounts.used', {
                        used: formatMegabytes(account.used_bytes),
                        quota: account.quota_mb,
                      })}
                </TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Button size="small" onClick={() => setDialog({ kind: 'password', account })}>
                      {t('mail.accounts.password')}
                    </Button>
                    <Button size="small" onClick={() => setDialog({ kind: 'quota', account })}>
                      {t('mail.accounts.quota')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      loading={actions.isBusy(`account:${account.address}`)}
                      onClick={() => setDeleting(account.address)}
                    >
                      {t('mail.delete')}
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ActionDialog open={dialog !== null} onClose={() => setDialog(null)}>
        {dialog?.kind === 'create' && (
          <CreateAccountForm overview={overview} actions={actions} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'password' && (
          <PasswordForm account={dialog.account} actions={actions} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'quota' && (
          <QuotaForm account={dialog.account} actions={actions} onClose={() => setDialog(null)} />
        )}
      </ActionDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('mail.accounts.deleteTitle', { address: deleting ?? '' })}
        message={t('mail.accounts.deleteMessage')}
        confirmLabel={t('mail.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting === null) return;
          await actions.run(
            `account:${deleting}`,
            'deleteAccount',
            { params: { address: deleting } },
            { rethrow: true },
          );
        }}
      />
    </Paper>
  );
}

/** A dialog's submit: runs the action, closes when it started. */
function useDialogSubmit(start: () => Promise<unknown>, onClose: () => void) {
  return useMutation({ mutationFn: start, onSuccess: () => onClose(), meta: { handleErrors: false } });
}

function CreateAccountForm({
  overview,
  actions,
  onClose,
}: {
  overview: MailOverview;
  actions: MailActions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [local, setLocal] = useState('');
  const [domain, setDomain] = useState(
    overview.domains.find((d) => d.is_default)?.name ?? overview.domains[0]?.name ?? '',
  );
  const [password, setPassword] = useState('');
  const [quota, setQuota] = useState('0');
  const address = `${local}@${domain}`;
  const addressValid = local !== '' && mailAddressSchema.safeParse(address).success;
  const passwordValid = mailPasswordSchema.safeParse(password).success;
  const submit = useDialogSubmit(
    () =>
      actions.run(
        'account:new',
        'createAccount',
        { body: { address, password, quota_mb: Number(quota) } },
        { rethrow: true },
      ),
    onClose,
  );
  return (
    <ActionDialogFrame
      form
      title={t('mail.accounts.createTitle')}
      submitLabel={t('mail.accounts.create')}
      submitTestId="mail-account-submit"
      submitDisabled={!addressValid || !passwordValid || !quotaValid(quota)}
      busy={submit.isPending}
      onClose={onClose}
      onSubmit={() => submit.mutate()}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={t('mail.accounts.localPart')}
            value={local}
            onChange={(event) => setLocal(event.target.value.trim().toLowerCase())}
            error={local !== '' && !addressValid}
            helperText={local !== '' && !addressValid ? t('mail.accounts.localPartInvalid') : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'mail-account-local' } }}
            sx={{ flexGrow: 1 }}
          />
          <TextField
            select
            label={t('mail.accounts.domain')}
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'mail-account-domain' } }}
            sx={{ minWidth: 180 }}
          >
            {overview.domains.map((d) => (
              <option key={d.name} value={d.name}>
                @{d.name}
              </option>
            ))}
          </TextField>
        </Stack>
        <TextField
          label={t('mail.accounts.passwordLabel')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={password !== '' && !passwordValid}
          helperText={t('mail.accounts.passwordHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'mail-account-password' } }}
        />
        <TextField
          label={t('mail.accounts.quotaLabel')}
          value={quota}
          onChange={(event) => setQuota(event.target.value.trim())}
          error={!quotaValid(quota)}
          helperText={t('mail.accounts.quotaHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'mail-account-quota' } }}
        />
      </Stack>
    </ActionDialogFrame>
  );
}

function PasswordForm({
  account,
  actions,
  onClose,
}: {
  account: MailAccount;
  actions: MailActions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const valid = mailPasswordSchema.safeParse(password).success;
  const submit = useDialogSubmit(
    () =>
      actions.run(
        `account:${account.address}`,
        'accountPassword',
        { params: { address: account.address }, body: { password } },
        { rethrow: true },
      ),
    onClose,
  );
  return (
    <ActionDialogFrame
      form
      title={t('mail.accounts.passwordTitle', { address: account.address })}
      submitLabel={t('mail.save')}
      submitDisabled={!valid}
      busy={submit.isPending}
      onClose={onClose}
      onSubmit={() => submit.mutate()}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('mail.accounts.passwordLabel')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={password !== '' && !valid}
          helperText={t('mail.accounts.passwordHelp')}
        />
      </Stack>
    </ActionDialogFrame>
  );
}

function QuotaForm({
  account,
  actions,
  onClose,
}: {
  account: MailAccount;
  actions: MailActions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [quota, setQuota] = useState(String(account.quota_mb));
  const submit = useDialogSubmit(
    () =>
      actions.run(
        `account:${account.address}`,
        'accountQuota',
        { params: { address: account.address }, body: { quota_mb: Number(quota) } },
        { rethrow: true },
      ),
    onClose,
  );
  return (
    <ActionDialogFrame
      form
      title={t('mail.accounts.quotaTitle', { address: account.address })}
      submitLabel={t('mail.save')}
      submitDisabled={!quotaValid(quota)}
      busy={submit.isPending}
      onClose={onClose}
      onSubmit={() => submit.mutate()}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('mail.accounts.quotaLabel')}
          value={quota}
          onChange={(event) => setQuota(event.target.value.trim())}
          error={!quotaValid(quota)}
          helperText={t('mail.accounts.quotaHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
    </ActionDialogFrame>
  );
}

/** The addresses typed in a box, one per line or separated by commas or spaces. */
function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((value) => value.trim().toLowerCase())
    .filter((value) => value !== '');
}

/** Aliases and forwards: save (create or replace) and delete. */
export function MailAliasesPanel({ overview, actions }: { overview: MailOverview; actions: MailActions }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<MailAlias | 'new' | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="mail-aliases">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('mail.aliases.title')}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          disabled={overview.domains.length === 0}
          loading={actions.isBusy('alias:new')}
          onClick={() => setEditing('new')}
          data-testid="mail-alias-create"
        >
          {t('mail.aliases.create')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('mail.aliases.about')}
      </Typography>
      {overview.aliases.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('mail.aliases.source')}</TableCell>
              <TableCell>{t('mail.aliases.destinations')}</TableCell>
              <TableCell align="right">{t('mail.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {overview.aliases.map((alias) => (
              <TableRow key={alias.source} data-testid={`mail-alias-${alias.source}`}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{alias.source}</span>
                    <Chip
                      size="small"
                      label={alias.kind === 'forward' ? t('mail.aliases.forward') : t('mail.aliases.alias')}
                    />
                    {alias.keep_copy && (
                      <Chip size="small" variant="outlined" label={t('mail.aliases.keepCopy')} />
                    )}
                  </Stack>
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{alias.destinations.join(', ')}</TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Button size="small" onClick={() => setEditing(alias)}>
                      {t('mail.edit')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      loading={actions.isBusy(`alias:${alias.source}`)}
                      onClick={() => setDeleting(alias.source)}
                    >
                      {t('mail.delete')}
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ActionDialog open={editing !== null} onClose={() => setEditing(null)}>
        {editing !== null && (
          <AliasForm
            alias={editing === 'new' ? null : editing}
            actions={actions}
            onClose={() => setEditing(null)}
          />
        )}
      </ActionDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('mail.aliases.deleteTitle', { address: deleting ?? '' })}
        message={t('mail.aliases.deleteMessage')}
        confirmLabel={t('mail.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting === null) return;
          await actions.run(
            `alias:${deleting}`,
            'deleteAlias',
            { params: { address: deleting } },
            { rethrow: true },
          );
        }}
      />
    </Paper>
  );
}

function AliasForm({
  alias,
  actions,
  onClose,
}: {
  alias: MailAlias | null;
  actions: MailActions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState(alias?.source ?? '');
  const [destinations, setDestinations] = useState(alias?.destinations.join('\n') ?? '');
  const list = splitAddresses(destinations);
  const sourceValid = mailAddressSchema.safeParse(source).success;
  const destinationsValid =
    list.length > 0 && list.length <= 50 && list.every((value) => mailAddressSchema.safeParse(value).success);
  const submit = useDialogSubmit(
    () =>
      actions.run(
        `alias:${alias?.source ?? 'new'}`,
        'saveAlias',
        { body: { source, destinations: list } },
        { rethrow: true },
      ),
    onClose,
  );
  return (
    <ActionDialogFrame
      form
      title={alias ? t('mail.aliases.editTitle', { address: alias.source }) : t('mail.aliases.createTitle')}
      submitLabel={t('mail.save')}
      submitTestId="mail-alias-submit"
      submitDisabled={!sourceValid || !destinationsValid}
      busy={submit.isPending}
      onClose={onClose}
      onSubmit={() => submit.mutate()}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DialogContentText>{t('mail.aliases.formHelp')}</DialogContentText>
        <TextField
          label={t('mail.aliases.source')}
          value={source}
          disabled={alias !== null}
          onChange={(event) => setSource(event.target.value.trim().toLowerCase())}
          error={source !== '' && !sourceValid}
          helperText={source !== '' && !sourceValid ? t('mail.addressInvalid') : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'mail-alias-source' } }}
        />
        <TextField
          label={t('mail.aliases.destinations')}
          value={destinations}
          multiline
          minRows={3}
          onChange={(event) => setDestinations(event.target.value)}
          error={destinations !== '' && !destinationsValid}
          helperText={t('mail.aliases.destinationsHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'mail-alias-destinations' } }}
        />
      </Stack>
    </ActionDialogFrame>
  );
}
