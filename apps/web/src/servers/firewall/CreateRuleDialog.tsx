import Dialog from '@mui/material/Dialog';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FIREWALL_ACTIONS,
  FIREWALL_MESSAGES,
  FIREWALL_PROTOCOLS,
  createFirewallRuleRequestSchema,
  type CreateFirewallRuleRequest,
  type FirewallAction,
  type FirewallProtocol,
} from '@hostdeck/contracts/firewall';
import { fieldMessage } from '../../api/field-messages';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';

/**
 * "Add rule": name, allow or deny, TCP, UDP or both, a port or a range, and a source (anywhere,
 * an address or a network). Checked with the contract's grammars here and again by the panel.
 */
export function CreateRuleDialog({
  open,
  ...props
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (body: CreateFirewallRuleRequest) => Promise<void>;
}) {
  return (
    <Dialog open={open} onClose={props.onClose} fullWidth maxWidth="sm">
      {open ? <CreateRuleForm {...props} /> : null}
    </Dialog>
  );
}

function CreateRuleForm({
  onClose,
  onSubmit,
}: {
  onClose: () => void;
  onSubmit: (body: CreateFirewallRuleRequest) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [action, setAction] = useState<FirewallAction>('allow');
  const [protocol, setProtocol] = useState<FirewallProtocol>('tcp');
  const [port, setPort] = useState('');
  const [source, setSource] = useState('');
  const fieldErrors = useFieldErrors();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const messageText = (message: string): string => {
    const own = Object.entries(FIREWALL_MESSAGES).find(([, english]) => english === message)?.[0];
    if (own) return t(`firewall.messages.${own as keyof typeof FIREWALL_MESSAGES}`);
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
    const body: CreateFirewallRuleRequest = {
      name: name.trim(),
      action,
      protocol,
      port: port.trim(),
      source: source.trim() === '' ? 'any' : source.trim(),
    };
    const checked = createFirewallRuleRequestSchema.safeParse(body);
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
      slotProps={{ htmlInput: { 'data-testid': `firewall-form-${key}`, spellCheck: false } }}
    />
  );

  return (
    <ActionDialogFrame
      form
      title={t('firewall.create.title')}
      submitLabel={t('firewall.create.submit')}
      submitTestId="firewall-create-submit"
      busy={create.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {field('name', t('firewall.create.name'), name, setName, {
          required: true,
          helper: t('firewall.create.nameHelp'),
        })}
        <Stack direction="row" spacing={2}>
          <TextField
            select
            name="action"
            label={t('firewall.create.action')}
            value={action}
            onChange={(event) => setAction(event.target.value as FirewallAction)}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'firewall-form-action' } }}
          >
            {FIREWALL_ACTIONS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`firewall.actions.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            name="protocol"
            label={t('firewall.create.protocol')}
            value={protocol}
            onChange={(event) => setProtocol(event.target.value as FirewallProtocol)}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'firewall-form-protocol' } }}
          >
            {FIREWALL_PROTOCOLS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`firewall.protocols.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {field('port', t('firewall.create.port'), port, setPort, {
          required: true,
          placeholder: '8080',
          helper: t('firewall.create.portHelp'),
        })}
        {field('source', t('firewall.create.source'), source, setSource, {
          placeholder: t('firewall.anywhere'),
          helper: t('firewall.create.sourceHelp'),
        })}
      </Stack>
    </ActionDialogFrame>
  );
}
