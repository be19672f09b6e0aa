import Dialog from '@mui/material/Dialog';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FAIL2BAN_MESSAGES,
  FAIL2BAN_PRESET_DEFAULTS,
  FAIL2BAN_PRESETS,
  fail2banJailSettingsSchema,
  type Fail2banJailSettings,
  type Fail2banPreset,
} from '@hostdeck/contracts/fail2ban';
import { fieldMessage } from '../../api/field-messages';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';

export interface JailDialogTarget {
  /** The preset to edit (its settings as now), or null to pick one and create it. */
  preset: Fail2banPreset | null;
  settings?: Partial<Fail2banJailSettings>;
  /** Edit the panel's jail (PUT), or take over / create one (POST). */
  mode: 'create' | 'update';
}

/** Create a jail from a preset, or change maxretry / findtime / bantime of the panel's jail. */
export function JailDialog({
  target,
  onClose,
  onSubmit,
}: {
  target: JailDialogTarget | null;
  onClose: () => void;
  onSubmit: (
    preset: Fail2banPreset,
    settings: Fail2banJailSettings,
    mode: 'create' | 'update',
  ) => Promise<void>;
}) {
  return (
    <Dialog open={target !== null} onClose={onClose} fullWidth maxWidth="xs">
      {target ? <JailForm target={target} onClose={onClose} onSubmit={onSubmit} /> : null}
    </Dialog>
  );
}

function JailForm({
  target,
  onClose,
  onSubmit,
}: {
  target: JailDialogTarget;
  onClose: () => void;
  onSubmit: (
    preset: Fail2banPreset,
    settings: Fail2banJailSettings,
    mode: 'create' | 'update',
  ) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [preset, setPreset] = useState<Fail2banPreset>(target.preset ?? 'sshd');
  const start = { ...FAIL2BAN_PRESET_DEFAULTS[preset], ...target.settings };
  const [values, setValues] = useState({
    maxretry: String(start.maxretry),
    findtime: String(start.findtime),
    bantime: String(start.bantime),
  });
  const fieldErrors = useFieldErrors();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const messageText = (message: string): string => {
    const own = Object.entries(FAIL2BAN_MESSAGES).find(([, english]) => english === message)?.[0];
    if (own) return t(`fail2ban.messages.${own as keyof typeof FAIL2BAN_MESSAGES}`);
    const known = fieldMessage(message);
    return 'key' in known ? t(known.key) : known.text;
  };
  const save = useMutation({
    mutationFn: (settings: Fail2banJailSettings) => onSubmit(preset, settings, target.mode),
    onSuccess: () => onClose(),
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });

  const submit = () => {
    if (save.isPending) return;
    fieldErrors.clear();
    const toNumber = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);
    const checked = fail2banJailSettingsSchema.safeParse({
      maxretry: toNumber(values.maxretry),
      findtime: toNumber(values.findtime),
      bantime: toNumber(values.bantime),
    });
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= messageText(issue.message);
      setProblems(found);
      return;
    }
    setProblems({});
    save.mutate(checked.data);
  };

  const number = (key: keyof typeof values, helper: string) => (
    <TextField
      label={t(`fail2ban.form.${key}`)}
      value={values[key]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [key]: event.target.value }));
        fieldErrors.clear(key);
      }}
      error={Boolean(problems[key] ?? fieldErrors.get(key))}
      helperText={problems[key] ?? fieldErrors.get(key) ?? helper}
      name={key}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `fail2ban-form-${key}` } }}
      fullWidth
    />
  );

  return (
    <ActionDialogFrame
      title={
        target.mode === 'update'
          ? t('fail2ban.form.editTitle', { jail: preset })
          : t('fail2ban.form.createTitle')
      }
      submitLabel={t('fail2ban.form.save')}
      busy={save.isPending}
      submitTestId="fail2ban-form-submit"
      form
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label={t('fail2ban.form.preset')}
          value={preset}
          disabled={target.preset !== null}
          onChange={(event) => {
            const next = event.target.value as Fail2banPreset;
            setPreset(next);
            const defaults = FAIL2BAN_PRESET_DEFAULTS[next];
            setValues({
              maxretry: String(defaults.maxretry),
              findtime: String(defaults.findtime),
              bantime: String(defaults.bantime),
            });
          }}
          helperText={t(`fail2ban.presets.${preset}`)}
          slotProps={{ htmlInput: { 'data-testid': 'fail2ban-form-preset' } }}
          fullWidth
        >
          {FAIL2BAN_PRESETS.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        {number('maxretry', t('fail2ban.form.maxretryHelp'))}
        {number('findtime', t('fail2ban.form.findtimeHelp'))}
        {number('bantime', t('fail2ban.form.bantimeHelp'))}
      </Stack>
    </ActionDialogFrame>
  );
}
