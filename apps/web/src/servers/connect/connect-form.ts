import {
  DEFAULT_LINUX_USER,
  PHP_VERSIONS,
  connectServerRequestSchema,
  timezoneSchema,
  type ConnectServerRequest,
  type ProvisionOptions,
} from '@hostdeck/contracts';
import { fieldMessage, type FieldMessage } from '../../api/field-messages';

/**
 * The Connect New Server form (spec/000 §2, §5; issue #5): its values, the request they make, and
 * the pre-check with the request's own contracts schema. The panel checks again and stays the
 * authority; its 422 field errors land under the same fields.
 */
export interface ConnectFormValues {
  name: string;
  ip: string;
  /** As typed; the schema turns digits into the port number and reports anything else. */
  port: string;
  method: ConnectServerRequest['method'];
  password: string;
  provision: ProvisionOptions;
}

export const DEFAULT_CONNECT_VALUES: ConnectFormValues = {
  name: '',
  ip: '',
  port: '22',
  method: 'password',
  password: '',
  provision: {
    web_server: 'nginx',
    php_versions: [],
    database: 'none',
    default_linux_user: DEFAULT_LINUX_USER,
    timezone: 'UTC',
  },
};

/**
 * What the form starts with (issue 26: it started with no PHP and no database, which few want):
 * the newest PHP the panel offers and MariaDB, the MySQL-compatible database Debian and Ubuntu
 * ship. Each is one click away from 'none'.
 */
export function defaultConnectValues(phpVersions: ProvisionOptions['php_versions']): ConnectFormValues {
  const [newest] = phpVersions;
  return {
    ...DEFAULT_CONNECT_VALUES,
    provision: {
      ...DEFAULT_CONNECT_VALUES.provision,
      php_versions: newest ? [newest] : [],
      database: 'mariadb',
    },
  };
}

/** Field names as the panel reports them and as the inputs are named (scroll targets). */
export const CONNECT_FIELDS = [
  'name',
  'ip',
  'port',
  'method',
  'password',
  'provision.web_server',
  'provision.php_versions',
  'provision.database',
  'provision.default_linux_user',
  'provision.timezone',
] as const;
export type ConnectField = (typeof CONNECT_FIELDS)[number];

export function connectRequest(values: ConnectFormValues): ConnectServerRequest {
  const port = values.port.trim();
  return {
    name: values.name,
    ip: values.ip.trim(),
    // A digit string becomes a number in the schema; anything else is kept so it is reported.
    port: /^\d{1,5}$/.test(port) ? Number(port) : (port as unknown as number),
    method: values.method,
    ...(values.method === 'password' ? { password: values.password } : {}),
    provision: values.provision,
  };
}

/** The form field a panel or schema error path belongs to (`provision.php_versions.0` → its list). */
export function connectFieldOf(path: string): ConnectField | null {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const candidate = parts.slice(0, length).join('.');
    if ((CONNECT_FIELDS as readonly string[]).includes(candidate)) return candidate as ConnectField;
    // A panel that reports provision fields without their prefix.
    const prefixed = `provision.${candidate}`;
    if ((CONNECT_FIELDS as readonly string[]).includes(prefixed)) return prefixed as ConnectField;
  }
  return null;
}

/** Checks the form with the request schema: the first message per field, in form order. */
export function validateConnectForm(values: ConnectFormValues): Partial<Record<ConnectField, FieldMessage>> {
  const result = connectServerRequestSchema.safeParse(connectRequest(values));
  if (result.success) return {};
  const errors: Partial<Record<ConnectField, FieldMessage>> = {};
  for (const issue of result.error.issues) {
    const field = connectFieldOf(issue.path.map(String).join('.'));
    if (field === null || errors[field]) continue;
    errors[field] = fieldMessage(issue.message);
  }
  return Object.fromEntries(
    CONNECT_FIELDS.filter((field) => errors[field]).map((field) => [field, errors[field]]),
  );
}

/** The PHP versions to offer: app info's `phpVersions` the panel can install, newest first. */
export function phpVersionOptions(fromAppInfo: readonly string[]): ProvisionOptions['php_versions'] {
  const offered = PHP_VERSIONS.filter((version) => fromAppInfo.includes(version));
  return offered.length > 0 ? offered : [...PHP_VERSIONS];
}

/**
 * Old spellings that browsers (ICU) still list, by the name the tz database uses today: a reader
 * in Vietnam looks for Asia/Ho_Chi_Minh, not Asia/Saigon. Both are valid on the servers.
 */
const CURRENT_ZONE_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** Time zones to choose from: UTC first, then the browser's IANA zones the panel accepts. */
export function timezoneOptions(supported: readonly string[]): string[] {
  const zones = new Set(
    supported
      .map((zone) => CURRENT_ZONE_NAMES[zone] ?? zone)
      .filter((zone) => zone !== 'UTC' && timezoneSchema.safeParse(zone).success),
  );
  return ['UTC', ...[...zones].sort()];
}

/** The browser's zones (`Intl.supportedValuesOf`), or none where it is not available. */
export function browserTimezones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}
