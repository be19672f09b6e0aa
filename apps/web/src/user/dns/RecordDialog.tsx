import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DNS_TTL_OPTIONS } from '@hostdeck/contracts/constants';
import type { DnsRecordInput, DnsRecordsMeta, DnsRecordType } from '@hostdeck/contracts/dns-records';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { createDnsRecord, updateDnsRecord } from './dns-providers-api';
import { ttlLabel, type ListedDnsRecord } from './record-format';

const WITH_PRIORITY: readonly DnsRecordType[] = ['MX', 'SRV', 'HTTPS'];
const PROXIABLE: readonly DnsRecordType[] = ['A', 'AAAA', 'CNAME'];

/** The body of one record from the form's fields: only the fields of its type (the API is strict). */
export function recordBody(fields: {
  type: DnsRecordType;
  name: string;
  ttl: number;
  content: string;
  priority: string;
  weight: string;
  port: string;
  flags: number;
  tag: string;
  params: string;
  proxied: boolean;
  hasProxy: boolean;
}): DnsRecordInput {
  const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
  const base = { name: fields.name.trim(), ttl: fields.ttl, content: fields.content.trim() };
  const proxy = fields.hasProxy ? { proxied: fields.proxied } : {};
  switch (fields.type) {
    case 'A':
    case 'AAAA':
    case 'CNAME':
      return { type: fields.type, ...base, ...proxy } as DnsRecordInput;
    case 'MX':
      return { type: 'MX', ...base, priority: number(fields.priority) };
    case 'SRV':
      return {
        type: 'SRV',
        ...base,
        priority: number(fields.priority),
        weight: number(fields.weight),
        port: number(fields.port),
      };
    case 'CAA':
      return { type: 'CAA', ...base, flags: fields.flags as 0 | 128, tag: fields.tag as 'issue' };
    case 'HTTPS':
      return { type: 'HTTPS', ...base, priority: number(fields.priority), params: fields.params.trim() };
    default:
      return { type: fields.type, ...base } as DnsRecordInput;
  }
}

interface RecordDialogProps {
  open: boolean;
  credential: number;
  zone: { id: string; name: string };
  meta: DnsRecordsMeta;
  /** The record to edit; null to add one. */
  record: ListedDnsRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit one record, with the fields of its type (§9 types and TTL options). */
export function RecordDialog(props: RecordDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm">
      {props.open ? <RecordForm {...props} /> : null}
    </Dialog>
  );
}

function RecordForm({ credential, zone, meta, record, onClose, onSaved }: RecordDialogProps) {
  const { t } = useTranslation();
  const fieldErrors = useFieldErrors();
  const [type, setType] = useState<DnsRecordType>(record?.type ?? meta.types[0] ?? 'A');
  const [name, setName] = useState(record?.name ?? '');
  const [ttl, setTtl] = useState<number>(record?.ttl ?? 1);
  const [content, setContent] = useState(record?.content ?? '');
  const [priority, setPriority] = useState(String(record?.priority ?? 10));
  const [weight, setWeight] = useState(String(record?.weight ?? 0));
  const [port, setPort] = useState(String(record?.port ?? ''));
  const [flags, setFlags] = useState<number>(record?.flags ?? 0);
  const [tag, setTag] = useState(record?.tag ?? 'issue');
  const [params, setParams] = useState(record?.params ?? '');
  const [proxied, setProxied] = useState(record?.proxied ?? false);
  const ttlOptions: readonly number[] = DNS_TTL_OPTIONS.includes(ttl as never)
    ? DNS_TTL_OPTIONS
    : [...DNS_TTL_OPTIONS, ttl];

  const save = useMutation({
    mutationFn: (body: DnsRecordInput) =>
      record
        ? updateDnsRecord(credential, zone.id, record.id, body)
        : createDnsRecord(credential, zone.id, body),
    onSuccess: () => {
      onSaved();
      onClose();
    },
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });

  const field = (key: string, label: string, value: string, set: (value: string) => void, extra = {}) => (
    <TextField
      name={key}
      label={label}
      value={value}
      onChange={(event) => {
        set(event.target.value);
        fieldErrors.clear(key);
      }}
      error={fieldErrors.has(key)}
      helperText={fieldErrors.get(key)}
      slotProps={{ htmlInput: { 'data-testid': `dns-record-${key}` } }}
      {...extra}
    />
  );
  const numeric = { type: 'number', sx: { width: 140 } };

  return (
    <ActionDialogFrame
      form
      title={
        record
          ? t('userDns.record.editTitle', { type: record.type, name: record.name })
          : t('userDns.record.addTitle', { zone: zone.name })
      }
      submitLabel={t('userDns.record.submit')}
      submitTestId="dns-record-submit"
      busy={save.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (save.isPending) return;
        fieldErrors.clear();
        save.mutate(
          recordBody({
            type,
            name,
            ttl,
            content,
            priority,
            weight,
            port,
            flags,
            tag,
            params,
            proxied,
            hasProxy: meta.hasProxy && PROXIABLE.includes(type),
          }),
        );
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction="row" spacing={2}>
          <TextField
            select
            name="type"
            label={t('userDns.record.type')}
            value={type}
            disabled={record !== null}
            onChange={(event) => setType(event.target.value as DnsRecordType)}
            error={fieldErrors.has('type')}
            helperText={fieldErrors.get('type')}
            sx={{ width: 140 }}
            slotProps={{ htmlInput: { 'data-testid': 'dns-record-type' } }}
          >
            {meta.types.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            name="ttl"
            label={t('userDns.record.ttl')}
            value={ttl}
            onChange={(event) => setTtl(Number(event.target.value))}
            error={fieldErrors.has('ttl')}
            helperText={fieldErrors.get('ttl')}
            sx={{ flex: 1 }}
          >
            {ttlOptions.map((option) => (
              <MenuItem key={option} value={option}>
                {ttlLabel(t, option)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {field('name', t('userDns.record.name'), name, setName, {
          required: true,
          autoFocus: true,
          helperText: fieldErrors.get('name') ?? t('userDns.record.nameHelp', { zone: zone.name }),
        })}
        {WITH_PRIORITY.includes(type) || type === 'CAA' ? (
          <Stack direction="row" spacing={2}>
            {WITH_PRIORITY.includes(type)
              ? field('priority', t('userDns.record.priority'), priority, setPriority, numeric)
              : null}
            {type === 'SRV' ? field('weight', t('userDns.record.weight'), weight, setWeight, numeric) : null}
            {type === 'SRV' ? field('port', t('userDns.record.port'), port, setPort, numeric) : null}
            {type === 'CAA' ? (
              <TextField
                select
                name="flags"
                label={t('userDns.record.flags')}
                value={flags}
                onChange={(event) => setFlags(Number(event.target.value))}
                sx={{ width: 140 }}
              >
                {[0, 128].map((option) => (
                  <MenuItem key={option} value={option}>
                    {option}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            {type === 'CAA' ? (
              <TextField
                select
                name="tag"
                label={t('userDns.record.tag')}
                value={tag}
                onChange={(event) => setTag(event.target.value)}
                sx={{ flex: 1 }}
              >
                {['issue', 'issuewild', 'iodef'].map((option) => (
                  <MenuItem key={option} value={option}>
                    {option}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
          </Stack>
        ) : null}
        {field('content', t(`userDns.record.content.${type}`), content, setContent, {
          required: true,
          multiline: type === 'TXT',
          helperText:
            fieldErrors.get('content') ??
            (type === 'TXT' || type === 'CAA' ? t(`userDns.record.contentHelp.${type}`) : undefined),
        })}
        {type === 'HTTPS'
          ? field('params', t('userDns.record.params'), params, setParams, {
              helperText: fieldErrors.get('params') ?? t('userDns.record.paramsHelp'),
            })
          : null}
        {meta.hasProxy && PROXIABLE.includes(type) ? (
          <FormControlLabel
            control={
              <Switch
                checked={proxied}
                onChange={(event) => setProxied(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'dns-record-proxied' } as object }}
              />
            }
            label={t('userDns.record.proxied')}
          />
        ) : null}
      </Stack>
    </ActionDialogFrame>
  );
}
