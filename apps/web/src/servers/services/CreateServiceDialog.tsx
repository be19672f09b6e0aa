import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SERVICE_MESSAGES,
  SERVICE_RESTART_POLICIES,
  createServiceRequestSchema,
  type CreateServiceRequest,
  type ServiceRestartPolicy,
} from '@hostdeck/contracts/services';
import { fieldMessage } from '../../api/field-messages';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';

/**
 * "Add service": the unit form (name, description, ExecStart, WorkingDirectory, User, Restart,
 * environment; enable and start). The panel checks every field and `systemd-analyze verify`s the
 * unit before writing it; its field messages show under the fields.
 */
export function CreateServiceDialog({
  open,
  ...props
}: {
  open: boolean;
  defaultUser: string;
  onClose: () => void;
  onSubmit: (body: CreateServiceRequest) => Promise<void>;
}) {
  return (
    <Dialog open={open} onClose={props.onClose} fullWidth maxWidth="sm">
      {open ? <CreateServiceForm {...props} /> : null}
    </Dialog>
  );
}

function CreateServiceForm({
  defaultUser,
  onClose,
  onSubmit,
}: {
  defaultUser: string;
  onClose: () => void;
  onSubmit: (body: CreateServiceRequest) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [execStart, setExecStart] = useState('');
  const [workingDirectory, setWorkingDirectory] = useState('');
  const [user, setUser] = useState(defaultUser);
  const [restart, setRestart] = useState<ServiceRestartPolicy>('on-failure');
  const [environment, setEnvironment] = useState<{ key: string; value: string }[]>([]);
  const [enable, setEnable] = useState(true);
  const [start, setStart] = useState(true);
  const fieldErrors = useFieldErrors();
  // The form's own check, with the contract's grammars (the panel checks again).
  const [problems, setProblems] = useState<Record<string, string>>({});
  const messageText = (message: string): string => {
    const own = Object.entries(SERVICE_MESSAGES).find(([, english]) => english === message)?.[0];
    if (own) return t(`services.messages.${own as keyof typeof SERVICE_MESSAGES}`);
    const known = fieldMessage(message);
    return 'key' in known ? t(known.key) : known.text;
  };
  const errorOf = (key: string) => problems[key] ?? fieldErrors.get(key);
  const clear = (key: string) => {
    fieldErrors.clear(key);
    setProblems(({ [key]: _cleared, ...rest }) => rest);
  };

  const create = useMutation({
    mutationFn: onSubmit,
    onSuccess: () => onClose(),
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });

  const submit = () => {
    if (create.isPending) return;
    fieldErrors.clear();
    const body: CreateServiceRequest = {
      name: name.trim(),
      ...(description.trim() ? { description: description.trim() } : {}),
      exec_start: execStart.trim(),
      ...(workingDirectory.trim() ? { working_directory: workingDirectory.trim() } : {}),
      user: user.trim(),
      restart,
      environment,
      enable,
      start,
    };
    const checked = createServiceRequestSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues)
        found[String(issue.path[0] ?? 'name')] ??= messageText(issue.message);
      setProblems(found);
      return;
    }
    setProblems({});
    create.mutate(body);
  };

  const field = (
    key: string,
    label: string,
    value: string,
    set: (value: string) => void,
    extra: { helper?: string; required?: boolean; placeholder?: string } = {},
  ) => (
    <TextField
      name={key}
      label={label}
      value={value}
      required={extra.required}
      placeholder={extra.placeholder}
      onChange={(event) => {
        set(event.target.value);
        clear(key);
      }}
      error={errorOf(key) !== undefined}
      helperText={errorOf(key) ?? extra.helper}
      slotProps={{ htmlInput: { 'data-testid': `service-form-${key}`, spellCheck: false } }}
    />
  );

  const environmentError = Object.entries(fieldErrors.all).find(([path]) =>
    path.startsWith('environment'),
  )?.[1];

  return (
    <ActionDialogFrame
      form
      title={t('services.create.title')}
      submitLabel={t('services.create.submit')}
      submitTestId="service-create-submit"
      busy={create.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {field('name', t('services.create.name'), name, setName, {
          required: true,
          helper: t('services.create.nameHelp'),
        })}
        {field('description', t('services.create.description'), description, setDescription)}
        {field('exec_start', t('services.create.execStart'), execStart, setExecStart, {
          required: true,
          placeholder: '/usr/bin/node /home/hostdeck/app/server.js',
          helper: t('services.create.execStartHelp'),
        })}
        {field(
          'working_directory',
          t('services.create.workingDirectory'),
          workingDirectory,
          setWorkingDirectory,
        )}
        {field('user', t('services.create.user'), user, setUser, {
          required: true,
          helper: t('services.create.userHelp'),
        })}
        <TextField
          select
          name="restart"
          label={t('services.create.restart')}
          value={restart}
          onChange={(event) => setRestart(event.target.value as ServiceRestartPolicy)}
          slotProps={{ htmlInput: { 'data-testid': 'service-form-restart' } }}
        >
          {SERVICE_RESTART_POLICIES.map((policy) => (
            <MenuItem key={policy} value={policy}>
              {t(`services.restartPolicies.${policy}`)}
            </MenuItem>
          ))}
        </TextField>
        <Stack spacing={1} data-field="environment">
          <Typography variant="subtitle2">{t('services.create.environment')}</Typography>
          {environment.map((pair, index) => (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                size="small"
                label={t('services.create.variable')}
                value={pair.key}
                onChange={(event) =>
                  setEnvironment((all) =>
                    all.map((p, i) => (i === index ? { ...p, key: event.target.value } : p)),
                  )
                }
                slotProps={{ htmlInput: { 'data-testid': `service-env-key-${index}` } }}
              />
              <TextField
                size="small"
                label={t('services.create.value')}
                value={pair.value}
                onChange={(event) =>
                  setEnvironment((all) =>
                    all.map((p, i) => (i === index ? { ...p, value: event.target.value } : p)),
                  )
                }
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'data-testid': `service-env-value-${index}` } }}
              />
              <IconButton
                aria-label={t('services.create.removeVariable')}
                onClick={() => setEnvironment((all) => all.filter((_p, i) => i !== index))}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
          {environmentError && (
            <Typography variant="caption" color="error">
              {environmentError}
            </Typography>
          )}
          <Button
            size="small"
            startIcon={<AddIcon />}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => setEnvironment((all) => [...all, { key: '', value: '' }])}
            data-testid="service-env-add"
          >
            {t('services.create.addVariable')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={2}>
          <FormControlLabel
            control={<Checkbox checked={enable} onChange={(event) => setEnable(event.target.checked)} />}
            label={t('services.create.enable')}
          />
          <FormControlLabel
            control={<Checkbox checked={start} onChange={(event) => setStart(event.target.checked)} />}
            label={t('services.create.start')}
          />
        </Stack>
      </Stack>
    </ActionDialogFrame>
  );
}
