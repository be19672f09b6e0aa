import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DnsCredential, DnsProvider } from '@hostdeck/contracts/dns-providers';
import { notifySuccess } from '../../api/error-handling';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { registerUserDnsCatalogues } from './catalogue';
import { CredentialDialog } from './CredentialDialog';
import {
  credentialsKey,
  deleteDnsCredential,
  deleteDnsRecord,
  dnsKey,
  useDnsCredentials,
  useDnsProviders,
  useDnsRecords,
  useDnsZones,
} from './dns-providers-api';
import { recordSummary, ttlLabel, type ListedDnsRecord } from './record-format';
import { RecordDialog } from './RecordDialog';

registerUserDnsCatalogues();

function ProviderBadge({ provider, slug }: { provider: DnsProvider | undefined; slug: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar
        variant="rounded"
        sx={{
          width: 28,
          height: 28,
          fontSize: 12,
          bgcolor: provider?.logo_bg ?? 'grey.500',
          color: provider?.logo_color ?? 'common.white',
        }}
      >
        {provider?.logo ?? slug.slice(0, 2).toUpperCase()}
      </Avatar>
      <Typography variant="body2">{provider?.name ?? slug}</Typography>
    </Stack>
  );
}

/**
 * `/user/dns` (spec/000 §2, issue 19): the account's DNS provider credentials (add with a token the
 * provider checks, rename, change the token, delete), a zone picker, and the zone's records with a
 * form per type (§9 types and TTLs) and the proxy toggle where the provider has one (`meta.hasProxy`).
 */
export function UserDnsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const providers = useDnsProviders();
  const credentials = useDnsCredentials();
  const [chosenCredential, setChosenCredential] = useState<number | null>(null);
  const [chosenZone, setChosenZone] = useState<string | null>(null);
  const [editing, setEditing] = useState<DnsCredential | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<DnsCredential | null>(null);
  const [recordEditing, setRecordEditing] = useState<ListedDnsRecord | null | undefined>(undefined);
  const [recordDeleting, setRecordDeleting] = useState<ListedDnsRecord | null>(null);

  const list = credentials.data ?? [];
  const credentialId = list.some((item) => item.id === chosenCredential)
    ? chosenCredential
    : (list[0]?.id ?? null);
  const zones = useDnsZones(credentialId);
  const zoneList = zones.data ?? [];
  const zone = zoneList.find((item) => item.id === chosenZone) ?? zoneList[0] ?? null;
  const records = useDnsRecords(credentialId, zone?.id ?? null);
  const providerOf = (slug: string) => providers.data?.find((provider) => provider.slug === slug);

  const reload = () => void queryClient.invalidateQueries({ queryKey: dnsKey });
  const saved = () => {
    reload();
    notifySuccess();
  };

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('pageTitles.userDns')}</PageTitle>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('userDns.intro')}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6">{t('userDns.credentials')}</Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={!providers.data}
          onClick={() => setEditing(null)}
          data-testid="dns-credential-add"
        >
          {t('userDns.addCredential')}
        </Button>
      </Stack>
      {credentials.isPending ? (
        <LoadingIndicator />
      ) : credentials.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void credentials.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {credentials.error.message || t('userDns.loadFailed')}
        </Alert>
      ) : list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="dns-credentials-empty">
          <Typography>{t('userDns.noCredentials')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" data-testid="dns-credentials-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('userDns.columns.provider')}</TableCell>
                  <TableCell>{t('userDns.columns.name')}</TableCell>
                  <TableCell>{t('userDns.columns.account')}</TableCell>
                  <TableCell align="right">{t('userDns.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((credential) => (
                  <TableRow
                    key={credential.id}
                    selected={credential.id === credentialId}
                    data-testid={`dns-credential-${credential.id}`}
                    data-name={credential.name}
                  >
                    <TableCell>
                      <ProviderBadge provider={providerOf(credential.provider)} slug={credential.provider} />
                    </TableCell>
                    <TableCell>{credential.name}</TableCell>
                    <TableCell>{credential.account ?? '—'}</TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        <Button
                          size="small"
                          disabled={credential.id === credentialId}
                          onClick={() => {
                            setChosenCredential(credential.id);
                            setChosenZone(null);
                          }}
                          data-testid="dns-credential-manage"
                        >
                          {t('userDns.manage')}
                        </Button>
                        <Button
                          size="small"
                          onClick={() => setEditing(credential)}
                          data-testid="dns-credential-edit"
                        >
                          {credential.has_token ? t('userDns.changeToken') : t('userDns.rename')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setDeleting(credential)}
                          data-testid="dns-credential-delete"
                        >
                          {t('userDns.delete')}
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}

      {credentialId !== null ? (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h6">{t('userDns.records')}</Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <TextField
                select
                size="small"
                label={t('userDns.zone')}
                value={zone?.id ?? ''}
                onChange={(event) => setChosenZone(event.target.value)}
                sx={{ minWidth: 240 }}
                disabled={zoneList.length === 0}
                slotProps={{ htmlInput: { 'data-testid': 'dns-zone-select' } }}
              >
                {zoneList.map((item) => (
                  <MenuItem key={item.id} value={item.id} data-testid={`dns-zone-${item.name}`}>
                    {item.name}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                disabled={!records.data}
                onClick={() => setRecordEditing(null)}
                data-testid="dns-record-add"
              >
                {t('userDns.addRecord')}
              </Button>
            </Stack>
          </Stack>
          {zones.isError ? (
            <Alert severity="error" data-testid="dns-zones-error">
              {zones.error.message || t('userDns.zonesFailed')}
            </Alert>
          ) : zones.isPending ? (
            <LoadingIndicator />
          ) : zone === null ? (
            <Alert severity="info">{t('userDns.noZones')}</Alert>
          ) : records.isError ? (
            <Alert
              severity="error"
              data-testid="dns-records-error"
              action={
                <Button color="inherit" size="small" onClick={() => void records.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {records.error.message || t('userDns.recordsFailed')}
            </Alert>
          ) : records.isPending ? (
            <LoadingIndicator />
          ) : records.data.data.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              <Typography>{t('userDns.noRecords')}</Typography>
            </Paper>
          ) : (
            <Paper variant="outlined">
              <TableContainer>
                <Table size="small" data-testid="dns-records-table">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('userDns.columns.type')}</TableCell>
                      <TableCell>{t('userDns.columns.recordName')}</TableCell>
                      <TableCell>{t('userDns.columns.content')}</TableCell>
                      <TableCell>{t('userDns.columns.ttl')}</TableCell>
                      {records.data.meta.hasProxy ? (
                        <TableCell>{t('userDns.columns.proxy')}</TableCell>
                      ) : null}
                      <TableCell align="right">{t('userDns.columns.actions')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {records.data.data.map((record) => (
                      <TableRow
                        key={record.id}
                        data-testid="dns-record-row"
                        data-name={record.name}
                        data-type={record.type}
                      >
                        <TableCell>
                          <Chip size="small" label={record.type} />
                        </TableCell>
                        <TableCell sx={{ fontFamily: 'monospace' }}>{record.name}</TableCell>
                        <TableCell
                          sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                          data-testid="dns-record-value"
                        >
                          {recordSummary(record)}
                        </TableCell>
                        <TableCell>{ttlLabel(t, record.ttl)}</TableCell>
                        {records.data.meta.hasProxy ? (
                          <TableCell data-testid="dns-record-proxy">
                            {record.proxied === undefined ? null : (
                              <Chip
                                size="small"
                                color={record.proxied ? 'warning' : 'default'}
                                label={record.proxied ? t('userDns.proxied') : t('userDns.dnsOnly')}
                              />
                            )}
                          </TableCell>
                        ) : null}
                        <TableCell align="right">
                          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                            <Button
                              size="small"
                              disabled={!records.data.meta.types.includes(record.type)}
                              onClick={() => setRecordEditing(record)}
                              data-testid="dns-record-edit"
                            >
                              {t('userDns.edit.button')}
                            </Button>
                            <Button
                              size="small"
                              color="error"
                              onClick={() => setRecordDeleting(record)}
                              data-testid="dns-record-delete"
                            >
                              {t('userDns.delete')}
                            </Button>
                          </Stack>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Paper>
          )}
        </Stack>
      ) : null}

      {providers.data ? (
        <CredentialDialog
          open={editing !== undefined}
          providers={providers.data}
          credential={editing ?? null}
          onClose={() => setEditing(undefined)}
          onSaved={saved}
        />
      ) : null}
      {credentialId !== null && zone && records.data ? (
        <RecordDialog
          open={recordEditing !== undefined}
          credential={credentialId}
          zone={zone}
          meta={records.data.meta}
          record={recordEditing ?? null}
          onClose={() => setRecordEditing(undefined)}
          onSaved={saved}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('userDns.confirmDelete.title', { name: deleting?.name ?? '' })}
        message={t('userDns.confirmDelete.message')}
        confirmLabel={t('userDns.confirmDelete.confirm')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteDnsCredential(deleting.id);
          void queryClient.invalidateQueries({ queryKey: credentialsKey });
          saved();
        }}
      />
      <ConfirmDialog
        open={recordDeleting !== null}
        title={t('userDns.confirmDeleteRecord.title', {
          type: recordDeleting?.type ?? '',
          name: recordDeleting?.name ?? '',
        })}
        message={t('userDns.confirmDeleteRecord.message')}
        confirmLabel={t('userDns.confirmDeleteRecord.confirm')}
        destructive
        onClose={() => setRecordDeleting(null)}
        onConfirm={async () => {
          if (!recordDeleting || credentialId === null || !zone) return;
          await deleteDnsRecord(credentialId, zone.id, recordDeleting.id);
          saved();
        }}
      />
    </Stack>
  );
}
