import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MonitoringSettings } from '@hostdeck/contracts/monitoring';
import { notifySuccess } from '../../api/error-handling';
import { useFieldErrors } from '../../api/form-errors';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { monitoringSettingsKey, saveMonitoringSettings, useMonitoringSettings } from './monitoring-api';

type NumberField = 'disk_percent' | 'cpu_percent' | 'memory_percent' | 'consecutive_samples';
const NUMBER_FIELDS: readonly NumberField[] = [
  'disk_percent',
  'cpu_percent',
  'memory_percent',
  'consecutive_samples',
];

/** A whole number as typed, or the text itself (the panel's grammar then says what is wrong). */
const numberOrText = (value: string): number =>
  /^\d+$/.test(value.trim()) ? Number(value.trim()) : (value as never);

/** The thresholds that open the disk, CPU and memory alerts of this server (PUT …/monitoring). */
export function ThresholdsForm({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  const settings = useMonitoringSettings(serverId);
  if (settings.isPending) return <LoadingIndicator />;
  if (settings.isError) return <Alert severity="error">{t('monitoring.loadFailed')}</Alert>;
  return <Form key={JSON.stringify(settings.data.data)} serverId={serverId} initial={settings.data.data} />;
}

function Form({ serverId, initial }: { serverId: number; initial: MonitoringSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fieldErrors = useFieldErrors();
  const [enabled, setEnabled] = useState(initial.alerts_enabled);
  const [values, setValues] = useState<Record<NumberField, string>>(() => ({
    disk_percent: String(initial.disk_percent),
    cpu_percent: String(initial.cpu_percent),
    memory_percent: String(initial.memory_percent),
    consecutive_samples: String(initial.consecutive_samples),
  }));
  const save = useMutation({
    mutationFn: (body: MonitoringSettings) => saveMonitoringSettings(serverId, body),
    onSuccess: (answer) => {
      notifySuccess();
      queryClient.setQueryData(monitoringSettingsKey(serverId), answer);
    },
    onError: (error) => fieldErrors.apply(error),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack
        component="form"
        spacing={2}
        sx={{ maxWidth: 560 }}
        data-testid="monitoring-thresholds"
        onSubmit={(event) => {
          event.preventDefault();
          if (save.isPending) return;
          fieldErrors.clear();
          save.mutate({
            alerts_enabled: enabled,
            disk_percent: numberOrText(values.disk_percent),
            cpu_percent: numberOrText(values.cpu_percent),
            memory_percent: numberOrText(values.memory_percent),
            consecutive_samples: numberOrText(values.consecutive_samples),
          });
        }}
      >
        <Typography variant="h6">{t('monitoring.thresholds.title')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('monitoring.thresholds.text')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={enabled}
              onChange={(event) => setEnabled(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'monitoring-field-alerts_enabled' } as object }}
            />
          }
          label={t('monitoring.thresholds.alerts_enabled')}
        />
        {NUMBER_FIELDS.map((field) => (
          <TextField
            key={field}
            name={field}
            label={t(`monitoring.thresholds.${field}`)}
            value={values[field]}
            disabled={!enabled}
            onChange={(event) => {
              setValues((current) => ({ ...current, [field]: event.target.value }));
              fieldErrors.clear(field);
            }}
            error={fieldErrors.has(field)}
            helperText={fieldErrors.get(field)}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `monitoring-field-${field}` } }}
          />
        ))}
        <Stack direction="row">
          <Button type="submit" variant="contained" loading={save.isPending} data-testid="monitoring-save">
            {t('monitoring.thresholds.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
