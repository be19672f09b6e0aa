import Dialog from '@mui/material/Dialog';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DNS_TTL_OPTIONS } from '@hostdeck/contracts/constants';
import type { DnsRecord, DnsRecordInput, DnsRecordType } from '@hostdeck/contracts/dns-records';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import type { Bind9Action } from './bind9-api';
import { bind9TtlLabel } from './bind9-format';

const WITH_PRIORITY: readonly DnsRecordType[] = ['MX', 'SRV', 'HTTPS'];

type Field = 'priority' | 'weight' | 'port' | 'flags' | 'tag' | 'params';
/** Record fields beyond name, TTL and content, as strings in the form (record keys are typed loosely). */
const extra = (record: DnsRecord | null, key: Field, fallback: string) => {
  const value = (record as Partial<Record<Field, unknown>> | null)?.[key];
  return value === undefined ? fallback : String(value);
};

/** The body of one record from the form: only the fields of its type (the API is strict). */
export function bind9RecordBody(
  type: DnsRecordType,
  fields: Record<string, string> & { ttl: string },
): DnsRecordInput {
  const number = (value: string | undefined) => (!value || value.trim() === '' ? Number.NaN : Number(value));
  const base = {
    name: (fields.name ?? '').trim(),
    ttl: Number(fields.ttl),
    content: (fields.content ?? '').trim(),
  };
  switch (type) {
    case 'MX':
      return { type, ...base, priority: number(fields.priority) };
    case 'SRV':
      return {
        type,
        ...base,
        priority: number(fields.priority),
        weight: number(fields.weight),
        port: number(fields.port),
      };
    case 'CAA':
      return {
        type,
        ...base,
        flags: number(fields.flags) as 0 | 128,
        tag: (fields.tag ?? 'issue') as 'issue',
      };
    case 'HTTPS':
      return { type, ...base, priority: number(fields.priority), params: (fields.params ?? '').trim() };
    default:
      return { type, ...base } as DnsRecordInput;
  }
}

interface Bind9RecordDialogProps {
  open: boolean;
  zone: string;
  types: readonly DnsRecordType[];
  /** The record to change; null to add one. */
  record: DnsRecord | null;
  busy: boolean;
  run: (action: Bind9Action) => Promise<void>;
  onClose: () => void;
}

/** Add or change one record of a bind9 zone, with the fields of its type (§9 types and TTL options). */
export function Bind9RecordDialog(props: Bind9RecordDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm">
      {props.open ? <RecordForm {...props} /> : null}
    </Dialog>
  );
}

function RecordForm({ zone, types, record, busy, run, onClose }: Bind9RecordDialogProps) {
  const { t } = useTranslation();
  const fieldErrors = useFieldErrors();
  const [type, setType] = useState<DnsRecordType>(record?.type ?? 'A');
  const [fields, setFields] = useState<Record<string, string> & { ttl: string }>({
    name: record?.name ?? '',
    ttl: String(record?.ttl ?? 1),
    content: record?.content ?? '',
    priority: extra(record, 'priority', '10'),
    weight: extra(record, 'weight', '0'),
    port: extra(record, 'port', ''),
    flags: extra(record, 'flags', '0'),
    tag: extra(record, 'tag', 'issue'),
    params: extra(record, 'params', ''),
  });
  const ttl = Number(fields.ttl);
  const ttlOptions: readonly number[] = DNS_TTL_OPTIONS.includes(ttl as never)
    ? DNS_TTL_OPTIONS
    : [...DNS_TTL_OPTIONS, ttl];
  const set = (key: string, value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    fieldErrors.clear(key);
  };

  const field = (key: string, label: string, props: object = {}) => (
    <TextField
      name={key}
      label={label}
      value={fields[key] ?? ''}
      onChange={(event) => set(key, event.target.value)}
      error={fieldErrors.has(key)}
      helperText={fieldErrors.get(key)}
      slotProps={{ htmlInput: { 'data-testid': `bind9-record-${key}` } }}
      {...props}
    />
  );
  const select = (key: string, label: string, options: readonly (string | number)[], width?: number) => (
    <TextField
      select
      name={key}
      label={label}
      value={fields[key] ?? ''}
      onChange={(event) => set(key, event.target.value)}
      error={fieldErrors.has(key)}
      helperText={fieldErrors.get(key)}
      sx={width ? { width } : { flex: 1 }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={String(option)}>
          {key === 'ttl' ? bind9TtlLabel(t, Number(option)) : option}
        </MenuItem>
      ))}
    </TextField>
  );
  const numeric = { type: 'number', sx: { width: 140 } };

  return (
    <ActionDialogFrame
      form
      title={
        record
          ? t('dns.record.editTitle', { type: record.type, name: record.name })
          : t('dns.record.addTitle', { zone })
      }
      submitLabel={t('dns.record.submit')}
      submitTestId="bind9-record-submit"
      busy={busy}
      onClose={onClose}
      onSubmit={() => {
        if (busy) return;
        fieldErrors.clear();
        const body = bind9RecordBody(type, fields);
        const action: Bind9Action = record
          ? { kind: 'updateRecord', zone, record: record.id, body }
          : { kind: 'createRecord', zone, body };
        run(action).then(onClose, (error: unknown) => fieldErrors.apply(error));
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction="row" spacing={2}>
          <TextField
            select
            name="type"
            label={t('dns.record.type')}
            value={type}
            disabled={record !== null}
            onChange={(event) => setType(event.target.value as DnsRecordType)}
            sx={{ width: 140 }}
            slotProps={{ htmlInput: { 'data-testid': 'bind9-record-type' } }}
          >
            {types.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
          {select('ttl', t('dns.record.ttl'), ttlOptions)}
        </Stack>
        {field('name', t('dns.record.name'), {
          required: true,
          autoFocus: true,
          helperText: fieldErrors.get('name') ?? t('dns.record.nameHelp', { zone }),
        })}
        {WITH_PRIORITY.includes(type) || type === 'CAA' ? (
          <Stack direction="row" spacing={2}>
            {WITH_PRIORITY.includes(type) ? field('priority', t('dns.record.priority'), numeric) : null}
            {type === 'SRV' ? field('weight', t('dns.record.weight'), numeric) : null}
            {type === 'SRV' ? field('port', t('dns.record.port'), numeric) : null}
            {type === 'CAA' ? select('flags', t('dns.record.flags'), [0, 128], 140) : null}
            {type === 'CAA' ? select('tag', t('dns.record.tag'), ['issue', 'issuewild', 'iodef']) : null}
          </Stack>
        ) : null}
        {field('content', t(`dns.record.content.${type}`), {
          required: true,
          multiline: type === 'TXT',
          helperText:
            fieldErrors.get('content') ??
            (type === 'TXT' || type === 'CAA' ? t(`dns.record.contentHelp.${type}`) : undefined),
        })}
        {type === 'HTTPS'
          ? field('params', t('dns.record.params'), {
              helperText: fieldErrors.get('params') ?? t('dns.record.paramsHelp'),
            })
          : null}
      </Stack>
    </ActionDialogFrame>
  );
}
