import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DnsRecordInput } from '@hostdeck/contracts/dns-records';
import {
  mailDomainNameSchema,
  type MailNeededRecord,
  type MailOverview,
} from '@hostdeck/contracts/mailserver';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useMailDomainCheck } from './mail-api';
import type { MailActions } from './MailPage';

/** A record's value as a DNS panel shows it (MX with its priority). */
export function recordValue(record: DnsRecordInput): string {
  const content = 'content' in record ? String(record.content) : '';
  return record.type === 'MX' ? `${record.priority} ${content}` : content;
}

const STATE_COLORS = { ok: 'success', missing: 'error', different: 'warning', unknown: 'default' } as const;

/** The mail domains: add, check (the records they need and their state), default, delete. */
export function MailDomainsPanel({
  serverId,
  overview,
  actions,
}: {
  serverId: number;
  overview: MailOverview;
  actions: MailActions;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [checked, setChecked] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const nameValid = mailDomainNameSchema.safeParse(name).success;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="mail-domains">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('mail.domains.title')}
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' }, mb: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          if (!nameValid) return;
          void actions
            .run('domain:new', 'createDomain', { body: { name } }, { rethrow: true })
            .then(() => setName(''))
            .catch(() => {});
        }}
      >
        <TextField
          label={t('mail.domains.name')}
          value={name}
          onChange={(event) => setName(event.target.value.trim().toLowerCase())}
          error={name !== '' && !nameValid}
          helperText={name !== '' && !nameValid ? t('mail.domainInvalid') : t('mail.domains.nameHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'mail-domain-name' } }}
          sx={{ flexGrow: 1 }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!nameValid}
          loading={actions.isBusy('domain:new')}
          data-testid="mail-domain-add"
        >
          {t('mail.domains.add')}
        </Button>
      </Stack>
      {overview.domains.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="mail-domains-empty">
          {t('mail.domains.empty')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('mail.domains.name')}</TableCell>
              <TableCell>{t('mail.domains.dkim')}</TableCell>
              <TableCell align="right">{t('mail.domains.accounts')}</TableCell>
              <TableCell align="right">{t('mail.domains.aliases')}</TableCell>
              <TableCell align="right">{t('mail.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {overview.domains.map((domain) => (
              <TableRow key={domain.name} data-testid={`mail-domain-${domain.name}`}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{domain.name}</span>
                    {domain.is_default && <Chip size="small" label={t('mail.domains.default')} />}
                  </Stack>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={domain.dkim ? 'success' : 'warning'}
                    label={domain.dkim ? t('mail.domains.dkimOn') : t('mail.domains.dkimOff')}
                  />
                </TableCell>
                <TableCell align="right">{domain.accounts}</TableCell>
                <TableCell align="right">{domain.aliases}</TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Button
                      size="small"
                      onClick={() => setChecked(checked === domain.name ? null : domain.name)}
                      data-testid={`mail-domain-check-${domain.name}`}
                    >
                      {t('mail.domains.check')}
                    </Button>
                    {!domain.is_default && (
                      <Button
                        size="small"
                        loading={actions.isBusy(`default:${domain.name}`)}
                        onClick={() =>
                          void actions.run(`default:${domain.name}`, 'defaultDomain', {
                            params: { domain: domain.name },
                          })
                        }
                      >
                        {t('mail.domains.makeDefault')}
                      </Button>
                    )}
                    <Button
                      size="small"
                      color="error"
                      loading={actions.isBusy(`domain:${domain.name}`)}
                      onClick={() => setDeleting(domain.name)}
                      data-testid={`mail-domain-delete-${domain.name}`}
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
      {checked !== null && <DomainCheck serverId={serverId} domain={checked} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('mail.domains.deleteTitle', { domain: deleting ?? '' })}
        message={t('mail.domains.deleteMessage')}
        confirmLabel={t('mail.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting === null) return;
          await actions.run(
            `domain:${deleting}`,
            'deleteDomain',
            { params: { domain: deleting } },
            { rethrow: true },
          );
        }}
      />
    </Paper>
  );
}

function DomainCheck({ serverId, domain }: { serverId: number; domain: string }) {
  const { t } = useTranslation();
  const check = useMailDomainCheck(serverId, domain);
  return (
    <Stack spacing={1} sx={{ mt: 2 }} data-testid="mail-domain-records">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3">
          {t('mail.records.title', { domain })}
        </Typography>
        <Button size="small" loading={check.isFetching} onClick={() => void check.refetch()}>
          {t('mail.records.recheck')}
        </Button>
      </Stack>
      {check.data && (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {check.data.source.kind === 'bind9'
              ? t('mail.records.sourceBind9')
              : t('mail.records.sourcePublic')}
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('mail.records.purpose')}</TableCell>
                <TableCell>{t('mail.records.type')}</TableCell>
                <TableCell>{t('mail.records.name')}</TableCell>
                <TableCell>{t('mail.records.value')}</TableCell>
                <TableCell>{t('mail.records.state')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {check.data.records.map((record) => (
                <RecordRow key={`${record.purpose}-${record.fqdn}`} record={record} />
              ))}
            </TableBody>
          </Table>
        </>
      )}
      {check.isError && <Alert severity="error">{check.error.message}</Alert>}
    </Stack>
  );
}

function RecordRow({ record }: { record: MailNeededRecord }) {
  const { t } = useTranslation();
  return (
    <TableRow data-testid={`mail-record-${record.purpose}`} data-state={record.state}>
      <TableCell>{t(`mail.records.purposes.${record.purpose}`)}</TableCell>
      <TableCell>{record.record.type}</TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>{record.fqdn}</TableCell>
      <TableCell sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
        {recordValue(record.record)}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={STATE_COLORS[record.state]}
          label={t(`mail.records.states.${record.state}`)}
        />
        {record.state === 'different' && record.found.length > 0 && (
          <Typography variant="caption" component="div" sx={{ wordBreak: 'break-all' }}>
            {t('mail.records.found', { found: record.found.join(' | ') })}
          </Typography>
        )}
        {record.detail && (
          <Typography variant="caption" component="div">
            {record.detail}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
