import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bind9Zone } from '@hostdeck/contracts/bind9';
import type { DnsRecord } from '@hostdeck/contracts/dns-records';
import { notifySuccess } from '../../api/error-handling';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { bind9StatusQuery, useBind9Actions, useBind9Records, zoneDownloadUrl } from './bind9-api';
import { bind9RecordSummary, bind9TtlLabel } from './bind9-format';
import { Bind9RecordDialog } from './Bind9RecordDialog';

type Actions = ReturnType<typeof useBind9Actions>;

/**
 * `/servers/{server}/dns` (issue 19): the bind9 zones of a server. The panel's zones (create,
 * import by upload or paste, export and download, delete, DNSSEC with the DS record for the
 * registrar) and their records with a form per type; zones made by hand listed read-only.
 */
export function Bind9Page() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const status = useQuery({ ...bind9StatusQuery(serverId), placeholderData: keepPreviousData });
  const actions = useBind9Actions(serverId);
  const [selected, setSelected] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const zones = status.data?.zones ?? [];
  const current = zones.find((zone) => zone.name === selected) ?? null;

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('dns.title')}</PageTitle>
        {server && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
            {t('serverPage.section', { name: server.display_name })}
          </Typography>
        )}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('dns.about')}
      </Typography>
      {status.isPending ? (
        <LoadingIndicator />
      ) : status.isError && !status.data ? (
        <LoadFailure
          title={t('dns.loadFailed')}
          message={status.error.message}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
          testId="bind9-load-failure"
        />
      ) : !status.data.installed ? (
        <Alert severity="info" data-testid="bind9-not-installed">
          {t('dns.notInstalled')}
        </Alert>
      ) : (
        <>
          {!status.data.running && (
            <Alert severity="warning" data-testid="bind9-not-running">
              {t('dns.notRunning')}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
              <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                {t('dns.zones')}
              </Typography>
              <Button variant="outlined" onClick={() => setDialog('import')} data-testid="bind9-import-open">
                {t('dns.import.open')}
              </Button>
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setDialog('create')}
                data-testid="bind9-create-open"
              >
                {t('dns.create.open')}
              </Button>
            </Stack>
            {zones.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }} data-testid="bind9-no-zones">
                {t('dns.noZones')}
              </Typography>
            ) : (
              <ZonesTable
                serverId={serverId}
                zones={zones}
                selected={selected}
                actions={actions}
                onSelect={setSelected}
                onDelete={setDeleting}
              />
            )}
          </Paper>
          {current && <ZoneRecords key={current.name} serverId={serverId} zone={current} actions={actions} />}
        </>
      )}
      <Dialog open={dialog !== null} onClose={() => setDialog(null)} fullWidth maxWidth="sm">
        {dialog !== null && <ZoneForm mode={dialog} actions={actions} onClose={() => setDialog(null)} />}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('dns.delete.title', { zone: deleting ?? '' })}
        message={t('dns.delete.message')}
        confirmLabel={t('dns.delete.confirm')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await actions.run(`zone:${deleting}`, { kind: 'deleteZone', zone: deleting }, { rethrow: true });
          if (selected === deleting) setSelected(null);
        }}
      />
    </Stack>
  );
}

function ZonesTable({
  serverId,
  zones,
  selected,
  actions,
  onSelect,
  onDelete,
}: {
  serverId: number;
  zones: Bind9Zone[];
  selected: string | null;
  actions: Actions;
  onSelect: (zone: string) => void;
  onDelete: (zone: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" data-testid="bind9-zones">
        <TableHead>
          <TableRow>
            <TableCell>{t('dns.zone')}</TableCell>
            <TableCell>{t('dns.kind')}</TableCell>
            <TableCell>{t('dns.dnssec')}</TableCell>
            <TableCell align="right">{t('dns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {zones.map((zone) => (
            <TableRow
              key={zone.name}
              selected={zone.name === selected}
              data-testid={`bind9-zone-${zone.name}`}
              data-managed={zone.managed}
            >
              <TableCell>{zone.name}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={zone.managed ? 'primary' : 'default'}
                  label={zone.managed ? t('dns.managed') : t('dns.byHand', { type: zone.type })}
                />
              </TableCell>
              <TableCell>
                {zone.managed ? (
                  <Switch
                    checked={zone.dnssec}
                    disabled={actions.isBusy(`dnssec:${zone.name}`)}
                    onChange={(event) =>
                      void actions.run(`dnssec:${zone.name}`, {
                        kind: 'dnssec',
                        zone: zone.name,
                        dnssec: event.target.checked,
                      })
                    }
                    slotProps={{ input: { 'data-testid': `bind9-dnssec-${zone.name}` } as object }}
                  />
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  {zone.managed && (
                    <>
                      <Button
                        size="small"
                        onClick={() => onSelect(zone.name)}
                        data-testid={`bind9-records-${zone.name}`}
                      >
                        {t('dns.records')}
                      </Button>
                      <Button
                        size="small"
                        href={zoneDownloadUrl(serverId, zone.name)}
                        download={`${zone.name}.zone`}
                      >
                        {t('dns.download')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        loading={actions.isBusy(`zone:${zone.name}`)}
                        onClick={() => onDelete(zone.name)}
                        data-testid={`bind9-delete-${zone.name}`}
                      >
                        {t('dns.delete.open')}
                      </Button>
                    </>
                  )}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** New zone, or import of a zone file (upload or paste). */
function ZoneForm({
  mode,
  actions,
  onClose,
}: {
  mode: 'create' | 'import';
  actions: Actions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fieldErrors = useFieldErrors();
  const [name, setName] = useState('');
  const [content, setContent] = useState('');
  const [dnssec, setDnssec] = useState(false);
  const [busy, setBusy] = useState(false);

  return (
    <ActionDialogFrame
      form
      title={mode === 'create' ? t('dns.create.title') : t('dns.import.title')}
      submitLabel={mode === 'create' ? t('dns.create.submit') : t('dns.import.submit')}
      submitTestId="bind9-zone-submit"
      busy={busy}
      onClose={onClose}
      onSubmit={() => {
        if (busy) return;
        fieldErrors.clear();
        setBusy(true);
        const zone = name.trim().toLowerCase();
        actions
          .run(
            `zone:${zone}`,
            mode === 'create'
              ? { kind: 'createZone', body: { name: zone, dnssec } }
              : { kind: 'importZone', body: { name: zone, content } },
            { rethrow: true },
          )
          .then(onClose, (error: unknown) => fieldErrors.apply(error))
          .finally(() => setBusy(false));
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          name="name"
          label={t('dns.zoneName')}
          value={name}
          required
          autoFocus
          onChange={(event) => {
            setName(event.target.value);
            fieldErrors.clear('name');
          }}
          error={fieldErrors.has('name')}
          helperText={fieldErrors.get('name') ?? t('dns.zoneNameHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'bind9-zone-name' } }}
        />
        {mode === 'create' ? (
          <>
            <FormControlLabel
              control={<Switch checked={dnssec} onChange={(event) => setDnssec(event.target.checked)} />}
              label={t('dns.dnssecOn')}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('dns.create.help')}
            </Typography>
          </>
        ) : (
          <>
            <Button variant="outlined" component="label">
              {t('dns.import.upload')}
              <input
                hidden
                type="file"
                accept=".zone,.db,.txt,text/plain"
                data-testid="bind9-zone-file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void file.text().then(setContent);
                }}
              />
            </Button>
            <TextField
              name="content"
              label={t('dns.import.content')}
              value={content}
              multiline
              minRows={8}
              maxRows={20}
              onChange={(event) => {
                setContent(event.target.value);
                fieldErrors.clear('content');
              }}
              error={fieldErrors.has('content')}
              helperText={fieldErrors.get('content') ?? t('dns.import.help')}
              slotProps={{
                htmlInput: { 'data-testid': 'bind9-zone-content', style: { fontFamily: 'monospace' } },
              }}
            />
          </>
        )}
      </Stack>
    </ActionDialogFrame>
  );
}

function ZoneRecords({ serverId, zone, actions }: { serverId: number; zone: Bind9Zone; actions: Actions }) {
  const { t } = useTranslation();
  const records = useBind9Records(serverId, zone.name);
  const [editing, setEditing] = useState<DnsRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DnsRecord | null>(null);
  const detail = records.data?.zone;
  const busyKey = `records:${zone.name}`;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="bind9-zone-records">
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('dns.recordsOf', { zone: zone.name })}
        </Typography>
        {detail?.serial != null && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="bind9-serial">
            {t('dns.serial', { serial: detail.serial })}
          </Typography>
        )}
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          loading={actions.isBusy(busyKey)}
          onClick={() => setEditing('new')}
          data-testid="bind9-record-add"
        >
          {t('dns.record.add')}
        </Button>
      </Stack>
      {detail?.dnssec && detail.ds.length > 0 && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="bind9-ds">
          <Typography variant="body2">{t('dns.dsHelp')}</Typography>
          {detail.ds.map((ds) => (
            <Stack key={ds} direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {ds}
              </Typography>
              <Button
                size="small"
                onClick={() =>
                  void navigator.clipboard.writeText(ds).then(() => notifySuccess(t('dns.copied')))
                }
              >
                {t('dns.copy')}
              </Button>
            </Stack>
          ))}
        </Alert>
      )}
      {detail?.dnssec && detail.ds.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('dns.dsPending')}
        </Alert>
      )}
      {records.isPending ? (
        <LoadingIndicator />
      ) : records.isError ? (
        <LoadFailure
          title={t('dns.loadFailed')}
          message={records.error.message}
          onRetry={() => void records.refetch()}
          retrying={records.isFetching}
        />
      ) : (
        <TableContainer>
          <Table size="small" data-testid="bind9-records">
            <TableHead>
              <TableRow>
                <TableCell>{t('dns.record.type')}</TableCell>
                <TableCell>{t('dns.record.name')}</TableCell>
                <TableCell>{t('dns.record.value')}</TableCell>
                <TableCell>{t('dns.record.ttl')}</TableCell>
                <TableCell align="right">{t('dns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {records.data.data.map((record) => (
                <TableRow key={record.id} data-testid={`bind9-record-${record.type}-${record.name}`}>
                  <TableCell>{record.type}</TableCell>
                  <TableCell>{record.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    {bind9RecordSummary(record)}
                  </TableCell>
                  <TableCell>{bind9TtlLabel(t, record.ttl)}</TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      <Button
                        size="small"
                        disabled={actions.isBusy(busyKey)}
                        onClick={() => setEditing(record)}
                      >
                        {t('dns.record.edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        disabled={actions.isBusy(busyKey)}
                        onClick={() => setDeleting(record)}
                      >
                        {t('dns.record.delete')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Bind9RecordDialog
        open={editing !== null}
        zone={zone.name}
        types={records.data?.meta.types ?? []}
        record={editing === 'new' ? null : editing}
        busy={actions.isBusy(busyKey)}
        run={(action) => actions.run(busyKey, action, { rethrow: true })}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('dns.record.deleteTitle', { type: deleting?.type ?? '', name: deleting?.name ?? '' })}
        message={deleting ? bind9RecordSummary(deleting) : ''}
        confirmLabel={t('dns.record.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          actions.run(
            busyKey,
            { kind: 'deleteRecord', zone: zone.name, record: deleting!.id },
            { rethrow: true },
          )
        }
      />
    </Paper>
  );
}
