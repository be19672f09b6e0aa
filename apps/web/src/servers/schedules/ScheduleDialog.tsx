import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SCHEDULE_PRESETS,
  SCHEDULE_TIMEOUT_DEFAULT,
  type Schedule,
  type SchedulePreset,
} from '@hostdeck/contracts/schedules';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { explainExpression, formatInZone, isReboot, isValidExpression, nextRuns } from './cron-text';
import { saveSchedule, schedulesKey } from './schedules-api';

type PresetChoice = SchedulePreset | 'custom';
const PRESET_NAMES = Object.keys(SCHEDULE_PRESETS) as SchedulePreset[];

const presetOf = (expression: string): PresetChoice =>
  PRESET_NAMES.find((name) => SCHEDULE_PRESETS[name] === expression) ?? 'custom';

/** "New cron job" and "Edit": command, user, a preset or an expression explained, time limit. */
export function ScheduleDialog(props: {
  open: boolean;
  serverId: number;
  /** The job to edit; null: a new one. */
  schedule: Schedule | null;
  defaultUser: string;
  serverTimeZone: string;
  onClose: () => void;
  onStarted: (eventId: number) => void;
}) {
  return (
    <ActionDialog open={props.open} onClose={props.onClose}>
      <ScheduleForm {...props} />
    </ActionDialog>
  );
}

function ScheduleForm({
  serverId,
  schedule,
  defaultUser,
  serverTimeZone,
  onClose,
  onStarted,
}: {
  serverId: number;
  schedule: Schedule | null;
  defaultUser: string;
  serverTimeZone: string;
  onClose: () => void;
  onStarted: (eventId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [command, setCommand] = useState(schedule?.command ?? '');
  const [user, setUser] = useState(schedule?.user ?? defaultUser);
  const [expression, setExpression] = useState(schedule?.expression ?? SCHEDULE_PRESETS.everyMinute);
  const [timeout, setTimeoutValue] = useState(String(schedule?.timeout_seconds ?? SCHEDULE_TIMEOUT_DEFAULT));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const fieldErrors = useFieldErrors();
  const preset = presetOf(expression);
  const valid = isValidExpression(expression);
  const words = explainExpression(expression, i18n.language);
  const browserTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const save = useMutation({
    mutationFn: () =>
      saveSchedule(serverId, schedule?.id ?? null, {
        user,
        command,
        expression,
        timeout_seconds: Number(timeout),
      }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: schedulesKey(serverId) });
      onClose();
      onStarted(answer.id);
    },
    onError: (error) => fieldErrors.apply(error),
  });

  const errorOf = (field: string) => problems[field] ?? fieldErrors.get(field);
  const clear = (field: string) => {
    fieldErrors.clear(field);
    setProblems(({ [field]: _cleared, ...rest }) => rest);
  };

  function submit() {
    if (save.isPending) return;
    const found: Record<string, string> = {};
    if (command.trim() === '') found.command = t('validation.required');
    if (!valid) found.expression = t('grammar.cron');
    const seconds = Number(timeout);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > 86_400)
      found.timeout_seconds = t('schedules.form.timeoutRange');
    setProblems(found);
    fieldErrors.clear();
    if (Object.keys(found).length === 0) save.mutate();
  }

  const runsIn = (timeZone: string | undefined, testId: string, label: string) => (
    <Stack spacing={0.25} data-testid={testId}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      {nextRuns(expression, timeZone).map((date) => (
        <Typography key={date.getTime()} variant="body2" component="div">
          {formatInZone(date, i18n.language, timeZone)}
        </Typography>
      ))}
    </Stack>
  );

  return (
    <ActionDialogFrame
      form
      title={schedule ? t('schedules.form.editTitle') : t('schedules.form.createTitle')}
      submitLabel={schedule ? t('schedules.form.save') : t('schedules.form.create')}
      submitTestId="schedule-submit"
      busy={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          name="command"
          label={t('schedules.form.command')}
          value={command}
          onChange={(event) => {
            setCommand(event.target.value);
            clear('command');
          }}
          error={errorOf('command') !== undefined}
          helperText={errorOf('command') ?? t('schedules.form.commandHelp')}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'schedule-command', spellCheck: false } }}
        />
        <TextField
          name="user"
          label={t('schedules.form.user')}
          value={user}
          onChange={(event) => {
            setUser(event.target.value);
            clear('user');
          }}
          error={errorOf('user') !== undefined}
          helperText={errorOf('user') ?? t('schedules.form.userHelp')}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'schedule-user', spellCheck: false } }}
        />
        <TextField
          select
          label={t('schedules.form.preset')}
          value={preset}
          onChange={(event) => {
            const choice = event.target.value as PresetChoice;
            if (choice !== 'custom') setExpression(SCHEDULE_PRESETS[choice]);
            clear('expression');
          }}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'schedule-preset' } }}
        >
          {PRESET_NAMES.map((name) => (
            <MenuItem key={name} value={name}>
              {t(`schedules.presets.${name}`)}
            </MenuItem>
          ))}
          <MenuItem value="custom">{t('schedules.presets.custom')}</MenuItem>
        </TextField>
        <TextField
          name="expression"
          label={t('schedules.form.expression')}
          value={expression}
          onChange={(event) => {
            setExpression(event.target.value);
            clear('expression');
          }}
          error={!valid || errorOf('expression') !== undefined}
          helperText={
            <span data-testid="schedule-expression-help">
              {!valid
                ? t('grammar.cron')
                : (errorOf('expression') ??
                  (isReboot(expression) ? t('schedules.form.onReboot') : (words ?? '')))}
            </span>
          }
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'schedule-expression', spellCheck: false } }}
        />
        {valid && !isReboot(expression) && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} data-testid="schedule-next-runs">
            {runsIn(
              serverTimeZone,
              'schedule-next-server',
              t('schedules.form.nextServer', { zone: serverTimeZone }),
            )}
            {runsIn(
              undefined,
              'schedule-next-browser',
              t('schedules.form.nextBrowser', { zone: browserTimeZone }),
            )}
          </Stack>
        )}
        <TextField
          name="timeout_seconds"
          type="number"
          label={t('schedules.form.timeout')}
          value={timeout}
          onChange={(event) => {
            setTimeoutValue(event.target.value);
            clear('timeout_seconds');
          }}
          error={errorOf('timeout_seconds') !== undefined}
          helperText={errorOf('timeout_seconds') ?? t('schedules.form.timeoutHelp')}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'schedule-timeout', min: 1, max: 86_400 } }}
        />
      </Stack>
    </ActionDialogFrame>
  );
}
