import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { serverSearchQuery } from '../server-api';
import type { BackupDriveItem } from '@hostdeck/contracts/backups';
import { drivesKey, saveDrive } from './backups-api';
import {
  DRIVE_FIELDS,
  DRIVE_KINDS,
  driveBody,
  driveFormProblems,
  driveFormValues,
  type DriveFormValues,
} from './drive-form';

/** "Add drive" and "Edit drive": S3-compatible, SFTP, another server of the user, or a local folder. */
export function DriveDialog(props: {
  open: boolean;
  drive: BackupDriveItem | null;
  onClose: () => void;
  onSaved: (drive: BackupDriveItem, probeEventId: number | null) => void;
}) {
  return (
    <ActionDialog open={props.open} onClose={props.onClose}>
      <DriveForm {...props} />
    </ActionDialog>
  );
}

function DriveForm({
  drive,
  onClose,
  onSaved,
}: {
  drive: BackupDriveItem | null;
  onClose: () => void;
  onSaved: (drive: BackupDriveItem, probeEventId: number | null) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<DriveFormValues>(() => driveFormValues(drive));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const fieldErrors = useFieldErrors();
  const servers = useQuery({
    ...serverSearchQuery({ page: 1, itemsPerPage: 100 }),
    enabled: values.kind === 'server',
  });

  const save = useMutation({
    mutationFn: () => saveDrive(drive?.id ?? null, driveBody(values)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: drivesKey });
      onClose();
      onSaved(saved.data, saved.event_id);
    },
    onError: (error) => fieldErrors.apply(error),
  });

  const problemText = (problem: string) =>
    problem === 'port' ? t('backup.drives.form.portRange') : t('validation.required');
  const errorOf = (field: string) =>
    problems[field] !== undefined ? problemText(problems[field]) : fieldErrors.get(field);
  const clear = (field: string) => {
    fieldErrors.clear(field);
    setProblems(({ [field]: _cleared, ...rest }) => rest);
  };
  const setField = (field: string, value: string) => {
    setValues((current) => ({ ...current, fields: { ...current.fields, [field]: value } }));
    clear(field);
  };

  function submit() {
    if (save.isPending) return;
    const found = driveFormProblems(values, drive !== null);
    setProblems(found);
    fieldErrors.clear();
    if (Object.keys(found).length === 0) save.mutate();
  }

  return (
    <ActionDialogFrame
      form
      title={drive ? t('backup.drives.form.editTitle') : t('backup.drives.form.createTitle')}
      submitLabel={drive ? t('backup.drives.form.save') : t('backup.drives.form.create')}
      submitTestId="backup-drive-submit"
      busy={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label={t('backup.drives.kind')}
          value={values.kind}
          disabled={drive !== null}
          onChange={(event) =>
            setValues((current) => ({ ...current, kind: event.target.value as DriveFormValues['kind'] }))
          }
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'backup-drive-kind' } }}
        >
          {DRIVE_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind} data-testid={`backup-drive-kind-${kind}`}>
              {t(`backup.drives.kinds.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        {values.kind === 'local' && (
          <Alert severity="warning" data-testid="backup-drive-local-warning">
            {t('backup.drives.localWarning')}
          </Alert>
        )}
        <TextField
          name="name"
          label={t('backup.drives.form.name')}
          value={values.name}
          onChange={(event) => {
            setValues((current) => ({ ...current, name: event.target.value }));
            clear('name');
          }}
          error={errorOf('name') !== undefined}
          helperText={errorOf('name')}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'backup-drive-name', maxLength: 100 } }}
        />
        {values.kind === 'server' && (
          <TextField
            select
            label={t('backup.drives.form.targetServer')}
            value={values.serverId ?? ''}
            onChange={(event) => {
              setValues((current) => ({ ...current, serverId: Number(event.target.value) }));
              clear('server_id');
            }}
            error={errorOf('server_id') !== undefined}
            helperText={errorOf('server_id') ?? t('backup.drives.form.targetServerHelp')}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'backup-drive-server' } }}
          >
            {(servers.data?.data ?? []).map((server) => (
              <MenuItem key={server.id} value={server.id}>
                {server.display_name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {DRIVE_FIELDS[values.kind].map((field) => (
          <TextField
            key={field}
            name={field}
            type={field === 'port' ? 'number' : 'text'}
            label={t(`backup.drives.form.${field}`)}
            value={values.fields[field] ?? ''}
            onChange={(event) => setField(field, event.target.value)}
            error={errorOf(field) !== undefined}
            helperText={
              errorOf(field) ??
              (field === 'path'
                ? t(`backup.drives.form.pathHelp.${values.kind}`)
                : field === 'user' && values.kind === 'server'
                  ? t('backup.drives.form.serverUserHelp')
                  : undefined)
            }
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': `backup-drive-${field}`, spellCheck: false } }}
          />
        ))}
        {values.kind === 's3' && (
          <TextField
            name="secret_key"
            type="password"
            autoComplete="new-password"
            label={t('backup.drives.form.secret_key')}
            value={values.secret}
            onChange={(event) => {
              setValues((current) => ({ ...current, secret: event.target.value }));
              clear('secret_key');
            }}
            error={errorOf('secret_key') !== undefined}
            helperText={
              errorOf('secret_key') ??
              (drive?.has_secret ? t('backup.drives.form.secretKeep') : t('backup.drives.form.secretHelp'))
            }
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'backup-drive-secret' } }}
          />
        )}
        {values.kind === 'sftp' && (
          <TextField
            name="private_key"
            label={t('backup.drives.form.private_key')}
            value={values.secret}
            onChange={(event) => {
              setValues((current) => ({ ...current, secret: event.target.value }));
              clear('private_key');
            }}
            error={errorOf('private_key') !== undefined}
            helperText={
              errorOf('private_key') ??
              (drive?.has_secret
                ? t('backup.drives.form.privateKeyKeep')
                : t('backup.drives.form.privateKeyHelp'))
            }
            multiline
            minRows={2}
            maxRows={6}
            fullWidth
            slotProps={{
              htmlInput: {
                'data-testid': 'backup-drive-private-key',
                spellCheck: false,
                autoComplete: 'off',
                style: { fontFamily: 'monospace', fontSize: 12 },
              },
            }}
          />
        )}
        {values.kind === 'sftp' && <Alert severity="info">{t('backup.drives.form.keyNote')}</Alert>}
        {values.kind === 'server' && (
          <Alert severity="info" data-testid="backup-drive-server-key-note">
            {t('backup.drives.form.serverKeyNote')}
          </Alert>
        )}
        <Alert severity="info" variant="outlined">
          {t('backup.drives.form.probeNote')}
        </Alert>
      </Stack>
    </ActionDialogFrame>
  );
}
