import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatePm2AppRequest } from '@hostdeck/contracts/pm2';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { PM2_FORM_FIELDS, pm2CreateRequest, type Pm2FormField, type Pm2FormValues } from './pm2-form';

/** "Start an app": name, script, working folder, arguments, instances and interpreter, as `user`. */
export function StartAppDialog({
  open,
  ...props
}: {
  open: boolean;
  user: string;
  home: string;
  onClose: () => void;
  onSubmit: (body: CreatePm2AppRequest) => Promise<unknown>;
}) {
  return (
    <ActionDialog open={open} onClose={props.onClose}>
      <StartAppForm {...props} />
    </ActionDialog>
  );
}

function StartAppForm({
  user,
  home,
  onClose,
  onSubmit,
}: {
  user: string;
  home: string;
  onClose: () => void;
  onSubmit: (body: CreatePm2AppRequest) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Pm2FormValues>({
    name: '',
    script: '',
    cwd: home,
    args: '',
    instances: '1',
    interpreter: '',
  });
  const [problems, setProblems] = useState<Partial<Record<Pm2FormField, true>>>({});
  const fieldErrors = useFieldErrors();
  const start = useMutation({
    mutationFn: onSubmit,
    onSuccess: () => onClose(),
    onError: (error) => fieldErrors.apply(error),
  });

  function submit() {
    if (start.isPending) return;
    fieldErrors.clear();
    const request = pm2CreateRequest(user, values);
    setProblems(request.problems ?? {});
    if (request.body) start.mutate(request.body);
  }

  const field = (name: Pm2FormField, extra: { type?: string; required?: boolean } = {}) => {
    const error = problems[name] ? t('pm2.form.invalid') : fieldErrors.get(name);
    return (
      <TextField
        key={name}
        name={name}
        label={t(`pm2.form.${name}`)}
        helperText={error ?? t(`pm2.form.${name}Help`)}
        error={Boolean(error)}
        value={values[name]}
        required={extra.required}
        type={extra.type}
        slotProps={{ htmlInput: { 'data-testid': `pm2-form-${name}` } }}
        onChange={(event) => {
          setValues((current) => ({ ...current, [name]: event.target.value }));
          fieldErrors.clear(name);
          setProblems(({ [name]: _cleared, ...rest }) => rest);
        }}
      />
    );
  };

  return (
    <ActionDialogFrame
      form
      title={t('pm2.form.title', { user })}
      submitLabel={t('pm2.form.submit')}
      submitTestId="pm2-form-submit"
      busy={start.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {PM2_FORM_FIELDS.map((name) =>
          field(name, {
            required: name === 'name' || name === 'script' || name === 'cwd',
            ...(name === 'instances' ? { type: 'number' } : {}),
          }),
        )}
      </Stack>
    </ActionDialogFrame>
  );
}
