import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import type { BackupConfigItem, BackupDriveItem } from '@hostdeck/contracts/backups';
import { backupsKey, saveBackupConfig } from './backups-api';
import {
  PERIODS,
  VERIFY_MODES,
  configBody,
  configFormProblems,
  configFormValues,
  type ConfigFormValues,
} from './config-form';
import type { BackupItem } from './server-items';
import { WideDialog } from './WideDialog';

interface ConfigDialogProps {
  serverId: number;
  /** The configuration to edit; null: a new one. */
  config: BackupConfigItem | null;
  drives: readonly BackupDriveItem[];
  sites: readonly BackupItem[];
  databases: readonly BackupItem[];
  onClose: () => void;
  onStarted: (eventId: number) => void;
}

/** "New backup" and "Edit": drive, when, how many to keep, what to leave out, which sites and databases, verification. */
export function ConfigDialog(props: ConfigDialogProps & { open: boolean }) {
  return (
    <WideDialog open={props.open} onClose={props.onClose}>
      <ConfigForm {...props} />
    </WideDialog>
  );
}

function ItemChecks({
  label,
  empty,
  items,
  chosen,
  testId,
  onChange,
}: {
  label: string;
  empty: string;
  items: readonly BackupItem[];
  chosen: readonly number[];
  testId: string;
  onChange: (ids: number[]) => void;
}) {
  return (
    <Stack spacing={0.5} data-testid={testId}>
      <FormLabel component="legend">{label}</FormLabel>
      {items.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {empty}
        </Typography>
      ) : (
        <FormGroup>
          {items.map((item) => (
            <FormControlLabel
              key={item.id}
              label={`${item.name} (${item.detail})`}
              control={
                <Checkbox
                  size="small"
                  checked={chosen.includes(item.id)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked ? [...chosen, item.id] : chosen.filter((id) => id !== item.id),
                    )
                  }
                  slotProps={{ input: { 'data-testid': `${testId}-${item.name}` } as object }}
                />
              }
            />
          ))}
        </FormGroup>
      )}
    </Stack>
  );
}

function ConfigForm({ serverId, config, drives, sites, databases, onClose, onStarted }: ConfigDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ConfigFormValues>(() =>
    configFormValues(config, drives.length === 1 ? drives[0]!.id : null),
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const fieldErrors = useFieldErrors();

  const save = useMutation({
    mutationFn: () => saveBackupConfig(serverId, config?.id ?? null, configBody(values)),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: backupsKey(serverId) });
      onClose();
      onStarted(answer.id);
    },
    onError: (error) => fieldErrors.apply(error),
  });

  const set = <K extends keyof ConfigFormValues>(key: K, value: ConfigFormValues[K], field: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    fieldErrors.clear(field);
    setProblems(({ [field]: _cleared, ...rest }) => rest);
  };
  const problemText: Record<string, string> = {
    required: t('validation.required'),
    time: t('backup.form.problems.time'),
    cycle: t('backup.form.problems.cycle'),
    exclude: t('backup.form.problems.exclude'),
    nothing: t('backup.form.problems.nothing'),
  };
  const errorOf = (field: string) =>
    problems[field] !== undefined ? problemText[problems[field]] : fieldErrors.get(field);
  const drive = drives.find((item) => item.id === values.driveId);

  function submit() {
    if (save.isPending) return;
    const found = configFormProblems(values);
    setProblems(found);
    fieldErrors.clear();
    if (Object.keys(found).length === 0) save.mutate();
  }

  const keepField = (field: 'daily' | 'weekly' | 'monthly') => (
    <TextField
      name={`cycle.${field}`}
      type="number"
      label={t(`backup.form.keep.${field}`)}
      value={values[field]}
      onChange={(event) => set(field, event.target.value, `cycle.${field}`)}
      error={errorOf(`cycle.${field}`) !== undefined}
      helperText={errorOf(`cycle.${field}`)}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `backup-keep-${field}`, min: 0, max: 999 } }}
    />
  );

  return (
    <ActionDialogFrame
      form
      title={config ? t('backup.form.editTitle') : t('backup.form.createTitle')}
      submitLabel={config ? t('backup.form.save') : t('backup.form.create')}
      submitTestId="backup-config-submit"
      busy={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {drives.length === 0 && <Alert severity="info">{t('backup.form.noDrives')}</Alert>}
        <TextField
          select
          name="drive_id"
          label={t('backup.form.drive')}
          value={values.driveId ?? ''}
          disabled={config !== null}
          onChange={(event) => set('driveId', Number(event.target.value), 'drive_id')}
          error={errorOf('drive_id') !== undefined}
          helperText={errorOf('drive_id')}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'backup-config-drive' } }}
        >
          {drives.map((item) => (
            <MenuItem key={item.id} value={item.id} data-testid={`backup-config-drive-${item.id}`}>
              {item.name} ({t(`backup.drives.kinds.${item.kind}`)})
            </MenuItem>
          ))}
        </TextField>
        {drive?.kind === 'local' && <Alert severity="warning">{t('backup.drives.localWarning')}</Alert>}
        <Stack direction="row" spacing={2}>
          <TextField
            select
            name="period"
            label={t('backup.form.period')}
            value={values.period}
            onChange={(event) => set('period', event.target.value as ConfigFormValues['period'], 'period')}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'backup-config-period' } }}
          >
            {PERIODS.map((period) => (
              <MenuItem key={period} value={period}>
                {t(`backup.periods.${period}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            name="run_at"
            type="time"
            label={t('backup.form.runAt')}
            value={values.runAt}
            onChange={(event) => set('runAt', event.target.value, 'run_at')}
            error={errorOf('run_at') !== undefined}
            helperText={errorOf('run_at') ?? t('backup.form.runAtHelp')}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'backup-config-run-at' }, inputLabel: { shrink: true } }}
          />
        </Stack>
        <Stack spacing={1}>
          <FormLabel component="legend">{t('backup.form.retention')}</FormLabel>
          <Stack direction="row" spacing={2}>
            {keepField('daily')}
            {keepField('weekly')}
            {keepField('monthly')}
          </Stack>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('backup.form.retentionHelp')}
          </Typography>
        </Stack>
        {errorOf('site_ids') !== undefined && (
          <Alert severity="error" data-testid="backup-config-nothing">
            {errorOf('site_ids')}
          </Alert>
        )}
        <ItemChecks
          label={t('backup.form.sites')}
          empty={t('backup.form.noSites')}
          items={sites}
          chosen={values.siteIds}
          testId="backup-config-sites"
          onChange={(ids) => set('siteIds', ids, 'site_ids')}
        />
        <ItemChecks
          label={t('backup.form.databases')}
          empty={t('backup.form.noDatabases')}
          items={databases}
          chosen={values.databaseIds}
          testId="backup-config-databases"
          onChange={(ids) => set('databaseIds', ids, 'site_ids')}
        />
        <TextField
          name="excludes"
          label={t('backup.form.excludes')}
          value={values.excludes}
          onChange={(event) => set('excludes', event.target.value, 'excludes')}
          error={errorOf('excludes') !== undefined}
          helperText={errorOf('excludes') ?? t('backup.form.excludesHelp')}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'backup-config-excludes', spellCheck: false } }}
        />
        <TextField
          select
          name="verify"
          label={t('backup.form.verify')}
          value={values.verify}
          onChange={(event) => set('verify', event.target.value as ConfigFormValues['verify'], 'verify')}
          helperText={t('backup.form.verifyHelp')}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'backup-config-verify' } }}
        >
          {VERIFY_MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {t(`backup.verifyModes.${mode}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </ActionDialogFrame>
  );
}
