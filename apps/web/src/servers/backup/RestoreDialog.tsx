import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { serverSearchQuery } from '../server-api';
import type { BackupConfigItem } from '@hostdeck/contracts/backups';
import { siteSearchQuery } from '../../sites/site-queries';
import { restoreBackup, snapshotContentsQuery } from './backups-api';
import { restoreBody, restoreFormValues, restoreProblems, type RestoreFormValues } from './restore-form';
import type { BackupItem } from './server-items';
import { SnapshotField } from './SnapshotField';
import { WideDialog } from './WideDialog';

interface RestoreDialogProps {
  serverId: number;
  config: BackupConfigItem;
  sites: readonly BackupItem[];
  databases: readonly BackupItem[];
  onClose: () => void;
  onStarted: (eventId: number) => void;
}

/**
 * Restore from a snapshot: a whole site (to itself, to another existing site, to a site of another
 * server, or to a new site made for it; the sites are the snapshot's own list, so a deleted site is
 * offered too and can only come back as a new site), one database (into a new database, or over
 * the live one only after its name is typed), or single files and folders of a site. Nothing that
 * is not chosen is touched.
 */
export function RestoreDialog(props: RestoreDialogProps & { open: boolean }) {
  return (
    <WideDialog open={props.open} onClose={props.onClose}>
      <RestoreForm {...props} />
    </WideDialog>
  );
}

function RestoreForm({ serverId, config, sites, databases, onClose, onStarted }: RestoreDialogProps) {
  const { t } = useTranslation();
  const configSites = sites.filter((site) => config.site_ids.includes(site.id));
  const configDatabases = databases.filter((database) => config.database_ids.includes(database.id));
  const [values, setValues] = useState<RestoreFormValues>(() =>
    restoreFormValues(configSites[0]?.id ?? config.site_ids[0] ?? null, configDatabases[0]?.id ?? null),
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const fieldErrors = useFieldErrors();
  const database = configDatabases.find((item) => item.id === values.databaseId);
  // The sites and databases as the snapshot recorded them: a site deleted since is listed too.
  const contents = useQuery({
    ...snapshotContentsQuery(serverId, config.id, values.snapshotId),
    enabled: values.kind === 'site' && values.snapshotId !== '',
  });
  const recordedSites =
    contents.data?.sites ?? configSites.map((site) => ({ id: site.id, name: site.name, live: true }));
  const recordedSite = recordedSites.find((site) => site.id === values.siteId);
  const siteLive = recordedSite?.live ?? configSites.some((site) => site.id === values.siteId);
  const siteDatabases = (contents.data?.databases ?? []).filter(
    (item) => item.ok && item.site_id !== null && item.site_id === values.siteId,
  );
  // A deleted site can only come back as a new site; its domain is the recorded one until edited.
  const [nameEdited, setNameEdited] = useState(false);
  const form: RestoreFormValues = {
    ...values,
    siteTarget: siteLive ? values.siteTarget : 'new',
    newSiteName: nameEdited ? values.newSiteName : (recordedSite?.name ?? ''),
  };
  const servers = useQuery({
    ...serverSearchQuery({ page: 1, itemsPerPage: 100 }),
    enabled: values.kind === 'site' && (form.siteTarget === 'server' || form.siteTarget === 'new'),
  });
  const targetServer = form.siteTarget === 'server' ? values.targetServerId : serverId;
  const targetSites = useQuery({
    ...siteSearchQuery({ page: 1, itemsPerPage: 100, serverId: targetServer ?? 0 }),
    enabled:
      values.kind === 'site' &&
      (form.siteTarget === 'other' || form.siteTarget === 'server') &&
      targetServer !== null,
  });

  const restore = useMutation({
    mutationFn: () => restoreBackup(serverId, config.id, restoreBody(form)),
    onSuccess: (answer) => {
      onClose();
      onStarted(answer.id);
    },
    onError: (error) => fieldErrors.apply(error),
  });

  const set = <K extends keyof RestoreFormValues>(key: K, value: RestoreFormValues[K], field: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    fieldErrors.clear(field);
    setProblems(({ [field]: _cleared, ...rest }) => rest);
  };
  const problemText: Record<string, string> = {
    required: t('validation.required'),
    typedName: t('backup.restore.typedNameWrong'),
    paths: t('backup.restore.pathsInvalid'),
    sameSite: t('backup.restore.sameSite'),
    siteName: t('backup.restore.newSiteNameInvalid'),
    siteGone: t('backup.restore.siteGone'),
  };
  const errorOf = (field: string) =>
    problems[field] !== undefined ? problemText[problems[field]] : fieldErrors.get(field);

  function submit() {
    if (restore.isPending) return;
    const found = restoreProblems(form, database?.name ?? '', siteLive);
    setProblems(found);
    fieldErrors.clear();
    if (Object.keys(found).length === 0) restore.mutate();
  }

  const siteChoices =
    values.kind === 'site' ? recordedSites : configSites.map((site) => ({ ...site, live: true }));
  const siteField = (
    <TextField
      select
      name="site_id"
      label={t('backup.restore.site')}
      value={siteChoices.some((site) => site.id === values.siteId) ? values.siteId : ''}
      onChange={(event) => {
        set('siteId', Number(event.target.value), 'site_id');
        set('newSiteName', '', 'new_site.name');
        setNameEdited(false);
      }}
      error={errorOf('site_id') !== undefined}
      helperText={errorOf('site_id') ?? (contents.isError ? t('backup.restore.contentsFailed') : undefined)}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': 'backup-restore-site' } }}
    >
      {siteChoices.map((site) => (
        <MenuItem key={site.id} value={site.id}>
          {site.live ? site.name : t('backup.restore.deletedSite', { name: site.name })}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <ActionDialogFrame
      form
      title={t('backup.restore.title')}
      submitLabel={t('backup.restore.submit')}
      submitColor={values.kind === 'database' && values.databaseTarget === 'live' ? 'error' : 'primary'}
      submitTestId="backup-restore-submit"
      busy={restore.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <SnapshotField
          serverId={serverId}
          configId={config.id}
          value={values.snapshotId}
          onChange={(snapshot) => set('snapshotId', snapshot, 'snapshot_id')}
          error={errorOf('snapshot_id')}
        />
        <TextField
          select
          name="kind"
          label={t('backup.restore.kind')}
          value={values.kind}
          onChange={(event) => set('kind', event.target.value as RestoreFormValues['kind'], 'kind')}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'backup-restore-kind' } }}
        >
          <MenuItem value="site" disabled={config.site_ids.length === 0}>
            {t('backup.restore.kinds.site')}
          </MenuItem>
          <MenuItem value="database" disabled={configDatabases.length === 0}>
            {t('backup.restore.kinds.database')}
          </MenuItem>
          <MenuItem value="files" disabled={configSites.length === 0}>
            {t('backup.restore.kinds.files')}
          </MenuItem>
        </TextField>

        {values.kind === 'site' && (
          <>
            {siteField}
            <TextField
              select
              name="target"
              label={t('backup.restore.siteTarget')}
              value={form.siteTarget}
              onChange={(event) =>
                set('siteTarget', event.target.value as RestoreFormValues['siteTarget'], 'target')
              }
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'backup-restore-target' } }}
            >
              <MenuItem value="same" disabled={!siteLive}>
                {t('backup.restore.siteTargets.same')}
              </MenuItem>
              <MenuItem value="other" disabled={!siteLive}>
                {t('backup.restore.siteTargets.other')}
              </MenuItem>
              <MenuItem value="server" disabled={!siteLive}>
                {t('backup.restore.siteTargets.server')}
              </MenuItem>
              <MenuItem value="new">{t('backup.restore.siteTargets.new')}</MenuItem>
            </TextField>
            {errorOf('target') !== undefined && <Alert severity="error">{errorOf('target')}</Alert>}
            {form.siteTarget === 'same' && siteLive && (
              <Alert severity="warning">{t('backup.restore.sameWarning')}</Alert>
            )}
            {form.siteTarget === 'new' && (
              <>
                <TextField
                  name="new_site.name"
                  label={t('backup.restore.newSiteName')}
                  value={form.newSiteName}
                  onChange={(event) => {
                    set('newSiteName', event.target.value, 'new_site.name');
                    setNameEdited(true);
                  }}
                  error={errorOf('new_site.name') !== undefined}
                  helperText={errorOf('new_site.name') ?? t('backup.restore.newSiteHelp')}
                  fullWidth
                  slotProps={{ htmlInput: { 'data-testid': 'backup-restore-new-site', spellCheck: false } }}
                />
                <TextField
                  select
                  name="target_server_id"
                  label={t('backup.restore.targetServer')}
                  value={values.targetServerId ?? 0}
                  onChange={(event) => {
                    const id = Number(event.target.value);
                    set('targetServerId', id === 0 ? null : id, 'target_server_id');
                  }}
                  error={errorOf('target_server_id') !== undefined}
                  helperText={errorOf('target_server_id')}
                  fullWidth
                  slotProps={{ htmlInput: { 'data-testid': 'backup-restore-new-site-server' } }}
                >
                  <MenuItem value={0}>{t('backup.restore.thisServer')}</MenuItem>
                  {(servers.data?.data ?? [])
                    .filter((server) => server.id !== serverId)
                    .map((server) => (
                      <MenuItem key={server.id} value={server.id}>
                        {server.display_name}
                      </MenuItem>
                    ))}
                </TextField>
              </>
            )}
            {form.siteTarget === 'server' && (
              <TextField
                select
                name="target_server_id"
                label={t('backup.restore.targetServer')}
                value={values.targetServerId ?? ''}
                onChange={(event) => {
                  set('targetServerId', Number(event.target.value), 'target_server_id');
                  set('targetSiteId', null, 'target_site_id');
                }}
                error={errorOf('target_server_id') !== undefined}
                helperText={errorOf('target_server_id')}
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': 'backup-restore-server' } }}
              >
                {(servers.data?.data ?? [])
                  .filter((server) => server.id !== serverId)
                  .map((server) => (
                    <MenuItem key={server.id} value={server.id}>
                      {server.display_name}
                    </MenuItem>
                  ))}
              </TextField>
            )}
            {(form.siteTarget === 'other' || form.siteTarget === 'server') && (
              <TextField
                select
                name="target_site_id"
                label={t('backup.restore.targetSite')}
                value={values.targetSiteId ?? ''}
                onChange={(event) => set('targetSiteId', Number(event.target.value), 'target_site_id')}
                error={errorOf('target_site_id') !== undefined}
                helperText={errorOf('target_site_id') ?? t('backup.restore.targetSiteHelp')}
                disabled={targetServer === null}
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': 'backup-restore-target-site' } }}
              >
                {(targetSites.data?.data ?? [])
                  .filter((site) => site.site_id === null && !site.is_agent && site.id !== values.siteId)
                  .map((site) => (
                    <MenuItem key={site.id} value={site.id}>
                      {site.name}
                    </MenuItem>
                  ))}
              </TextField>
            )}
            <FormControlLabel
              label={t('backup.restore.withDatabase')}
              control={
                <Checkbox
                  checked={values.withDatabase}
                  onChange={(event) => set('withDatabase', event.target.checked, 'with_database')}
                />
              }
            />
            {values.withDatabase && siteDatabases.length > 0 && (
              <Typography variant="body2" data-testid="backup-restore-site-databases">
                {t('backup.restore.siteDatabases', {
                  names: siteDatabases.map((item) => `${item.name} (${item.engine})`).join(', '),
                })}
              </Typography>
            )}
            {values.withDatabase && (
              <Typography variant="caption" sx={{ color: 'warning.main' }}>
                {form.siteTarget === 'new'
                  ? t('backup.restore.withDatabaseNewHelp')
                  : t('backup.restore.withDatabaseHelp')}
              </Typography>
            )}
          </>
        )}

        {values.kind === 'database' && (
          <>
            <TextField
              select
              name="database_id"
              label={t('backup.restore.database')}
              value={values.databaseId ?? ''}
              onChange={(event) => set('databaseId', Number(event.target.value), 'database_id')}
              error={errorOf('database_id') !== undefined}
              helperText={errorOf('database_id')}
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'backup-restore-database' } }}
            >
              {configDatabases.map((item) => (
                <MenuItem key={item.id} value={item.id}>
                  {item.name} ({item.detail})
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              name="target"
              label={t('backup.restore.databaseTarget')}
              value={values.databaseTarget}
              onChange={(event) =>
                set('databaseTarget', event.target.value as RestoreFormValues['databaseTarget'], 'target')
              }
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'backup-restore-database-target' } }}
            >
              <MenuItem value="new">{t('backup.restore.databaseTargets.new')}</MenuItem>
              <MenuItem value="live">{t('backup.restore.databaseTargets.live')}</MenuItem>
            </TextField>
            {values.databaseTarget === 'new' ? (
              <TextField
                name="new_name"
                label={t('backup.restore.newDatabaseName')}
                value={values.newDatabaseName}
                onChange={(event) => set('newDatabaseName', event.target.value, 'new_name')}
                error={errorOf('new_name') !== undefined}
                helperText={errorOf('new_name')}
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': 'backup-restore-new-database', spellCheck: false } }}
              />
            ) : (
              <>
                <Alert severity="error" data-testid="backup-restore-live-warning">
                  {t('backup.restore.liveWarning', { name: database?.name ?? '' })}
                </Alert>
                <TextField
                  name="confirm_name"
                  label={t('backup.restore.typeName', { name: database?.name ?? '' })}
                  value={values.typedName}
                  onChange={(event) => set('typedName', event.target.value, 'confirm_name')}
                  error={errorOf('confirm_name') !== undefined}
                  helperText={errorOf('confirm_name')}
                  fullWidth
                  slotProps={{ htmlInput: { 'data-testid': 'backup-restore-typed-name', spellCheck: false } }}
                />
              </>
            )}
          </>
        )}

        {values.kind === 'files' && (
          <>
            {siteField}
            <TextField
              name="paths"
              label={t('backup.restore.paths')}
              value={values.paths}
              onChange={(event) => set('paths', event.target.value, 'paths')}
              error={errorOf('paths') !== undefined}
              helperText={errorOf('paths') ?? t('backup.restore.pathsHelp')}
              multiline
              minRows={3}
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'backup-restore-paths', spellCheck: false } }}
            />
          </>
        )}
      </Stack>
    </ActionDialogFrame>
  );
}
