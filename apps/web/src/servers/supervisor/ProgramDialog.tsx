import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUPERVISOR_AUTORESTART,
  SUPERVISOR_SIGNALS,
  type CreateSupervisorProgramRequest,
} from '@hostdeck/contracts/supervisor';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { checkProgramForm, type ProgramErrorKey, type ProgramFormValues } from './program-form';

/** Create or edit a program: every setting of its file; the name is fixed once created. */
export function ProgramDialog({
  open,
  ...props
}: {
  open: boolean;
  initial: ProgramFormValues;
  editing: boolean;
  onClose: () => void;
  onSubmit: (body: CreateSupervisorProgramRequest) => Promise<void>;
}) {
  return (
    <ActionDialog open={open} onClose={props.onClose}>
      <ProgramForm {...props} />
    </ActionDialog>
  );
}

function ProgramForm({
  initial,
  editing,
  onClose,
  onSubmit,
}: {
  initial: ProgramFormValues;
  editing: boolean;
  onClose: () => void;
  onSubmit: (body: CreateSupervisorProgramRequest) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ProgramFormValues>(initial);
  const [problems, setProblems] = useState<Record<string, ProgramErrorKey>>({});
  const [busy, setBusy] = useState(false);
  const fieldErrors = useFieldErrors();

  const set = <K extends keyof ProgramFormValues>(field: K, value: ProgramFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _cleared, ...rest }) => rest);
    fieldErrors.clear(field);
  };
  const errorOf = (field: string): string | undefined =>
    problems[field] ? t(`supervisor.errors.${problems[field]}`) : fieldErrors.get(field);
  const text = (
    field: Exclude<keyof ProgramFormValues, 'autostart' | 'environment'>,
    extra: object = {},
  ) => ({
    name: field,
    label: t(`supervisor.form.${field}`),
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as never),
    error: errorOf(field) !== undefined,
    helperText: errorOf(field) ?? t(`supervisor.form.${field}Help`),
    fullWidth: true,
    slotProps: { htmlInput: { 'data-testid': `supervisor-form-${field}`, spellCheck: false } },
    ...extra,
  });

  async function submit() {
    if (busy) return;
    const checked = checkProgramForm(values);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(checked.body);
      onClose();
    } catch (error) {
      fieldErrors.apply(error);
    } finally {
      setBusy(false);
    }
  }

  const setPair = (index: number, part: 'key' | 'value', value: string) => {
    setValues((current) => ({
      ...current,
      environment: current.environment.map((pair, at) => (at === index ? { ...pair, [part]: value } : pair)),
    }));
    setProblems(({ [`environment.${index}.${part}`]: _cleared, ...rest }) => rest);
  };

  return (
    <ActionDialogFrame
      form
      title={
        editing ? t('supervisor.form.editTitle', { name: values.name }) : t('supervisor.form.createTitle')
      }
      submitLabel={editing ? t('supervisor.form.save') : t('supervisor.form.create')}
      submitTestId="supervisor-form-submit"
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Stack spacing={2} sx={{ pt: 1 }} data-testid="supervisor-form">
        <TextField {...text('name', { disabled: editing, autoFocus: !editing })} />
        <TextField {...text('command')} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...text('directory')} />
          <TextField {...text('user')} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...text('numprocs', { type: 'number' })} />
          <TextField {...text('startsecs', { type: 'number' })} />
          <TextField {...text('stopwaitsecs', { type: 'number' })} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField {...text('autorestart', { select: true })}>
            {SUPERVISOR_AUTORESTART.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`supervisor.autorestart.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...text('stopsignal', { select: true })}>
            {SUPERVISOR_SIGNALS.map((signal) => (
              <MenuItem key={signal} value={signal}>
                {signal}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            sx={{ minWidth: 160 }}
            control={
              <Switch
                checked={values.autostart}
                onChange={(event) => set('autostart', event.target.checked)}
                slotProps={{ input: { 'data-testid': 'supervisor-form-autostart' } as object }}
              />
            }
            label={t('supervisor.form.autostart')}
          />
        </Stack>
        <Stack spacing={1}>
          <Typography variant="subtitle2">{t('supervisor.form.environment')}</Typography>
          {values.environment.map((pair, index) => (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                name={`environment.${index}.key`}
                label={t('supervisor.form.environmentKey')}
                value={pair.key}
                onChange={(event) => setPair(index, 'key', event.target.value)}
                error={errorOf(`environment.${index}.key`) !== undefined}
                helperText={errorOf(`environment.${index}.key`)}
                slotProps={{ htmlInput: { 'data-testid': 'supervisor-form-env-key', spellCheck: false } }}
              />
              <TextField
                size="small"
                fullWidth
                name={`environment.${index}.value`}
                label={t('supervisor.form.environmentValue')}
                value={pair.value}
                onChange={(event) => setPair(index, 'value', event.target.value)}
                error={errorOf(`environment.${index}.value`) !== undefined}
                helperText={errorOf(`environment.${index}.value`)}
                slotProps={{ htmlInput: { 'data-testid': 'supervisor-form-env-value', spellCheck: false } }}
              />
              <IconButton
                aria-label={t('supervisor.form.removeVariable')}
                onClick={() =>
                  setValues((current) => ({
                    ...current,
                    environment: current.environment.filter((_pair, at) => at !== index),
                  }))
                }
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            size="small"
            startIcon={<AddIcon />}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="supervisor-form-env-add"
            onClick={() =>
              setValues((current) => ({
                ...current,
                environment: [...current.environment, { key: '', value: '' }],
              }))
            }
          >
            {t('supervisor.form.addVariable')}
          </Button>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('supervisor.form.always')}
        </Typography>
      </Stack>
    </ActionDialogFrame>
  );
}
