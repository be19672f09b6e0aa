import { SUPPORTED_OS_IDS, systemInfoSchema, type SupportedOsId, type SystemInfo } from '@hostdeck/contracts';

/**
 * Parsers of what the read-only recipes print (packages/recipes server-detect-os and
 * server-system-info). Strict: output that does not have the expected shape is an error, never a
 * guess shown to the user as a fact.
 */

export class UnexpectedOutputError extends Error {}

/** The progress lines of hd_log are not data. */
const isProgressLine = (line: string) => line.startsWith('::hostdeck::');

/** Fields of an os-release file (`KEY=value`, values optionally quoted, shell style). */
export function parseOsRelease(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || isProgressLine(line)) continue;
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!;
    if (/^".*"$/.test(value)) value = value.slice(1, -1).replace(/\\(["\\$`])/g, '$1');
    else if (/^'.*'$/.test(value)) value = value.slice(1, -1);
    fields[match[1]!] = value;
  }
  return fields;
}

export interface DetectedOs {
  /** `debian-12`, `ubuntu-22.04`… (what SUPPORTED_OS_IDS lists), or the same form for others. */
  id: string;
  /** The system's own name of itself, e.g. `Debian GNU/Linux 12 (bookworm)`. */
  name: string;
  supported: boolean;
}

export function detectOs(osReleaseText: string): DetectedOs {
  const fields = parseOsRelease(osReleaseText);
  const distribution = (fields.ID ?? '').toLowerCase();
  if (!distribution) throw new UnexpectedOutputError('The os-release file names no distribution');
  const id = `${distribution}-${fields.VERSION_ID ?? ''}`;
  const name = fields.PRETTY_NAME || [fields.NAME ?? distribution, fields.VERSION ?? ''].join(' ').trim();
  return { id, name, supported: isSupportedOs(id) };
}

export function isSupportedOs(id: string): id is SupportedOsId {
  return (SUPPORTED_OS_IDS as readonly string[]).includes(id);
}

const SYSTEM_INFO_KEYS = [
  'os',
  'os_id',
  'kernel',
  'hostname',
  'cpu_model',
  'cpu_cores',
  'memory_total_bytes',
  'memory_used_bytes',
  'swap_total_bytes',
  'disk_total_bytes',
  'disk_used_bytes',
  'load',
  'uptime_seconds',
  'timezone',
] as const;
type SystemInfoKey = (typeof SYSTEM_INFO_KEYS)[number];

const INTEGER = /^(?:0|[1-9][0-9]{0,18})$/;
const DECIMAL = /^(?:0|[1-9][0-9]{0,18})(?:\.[0-9]{1,6})?$/;

/** The `key=value` lines of server-system-info: every key exactly once, numbers as numbers. */
export function parseSystemInfo(stdout: string): SystemInfo {
  const values = new Map<SystemInfoKey, string>();
  for (const line of stdout.split('\n')) {
    if (!line || isProgressLine(line)) continue;
    const separator = line.indexOf('=');
    const key = line.slice(0, separator) as SystemInfoKey;
    if (separator < 1 || !SYSTEM_INFO_KEYS.includes(key)) {
      throw new UnexpectedOutputError(`Unexpected system information line: ${line.slice(0, 80)}`);
    }
    if (values.has(key)) throw new UnexpectedOutputError(`${key} appears twice`);
    values.set(key, line.slice(separator + 1).trim());
  }
  const text = (key: SystemInfoKey) => {
    const value = values.get(key);
    if (value === undefined) throw new UnexpectedOutputError(`${key} is missing`);
    return value;
  };
  const number = (key: SystemInfoKey, pattern = INTEGER) => {
    const value = text(key);
    if (!pattern.test(value))
      throw new UnexpectedOutputError(`${key} is not a number: ${value.slice(0, 40)}`);
    return Number(value);
  };
  const load = text('load').split(' ');
  if (load.length !== 3 || !load.every((value) => DECIMAL.test(value))) {
    throw new UnexpectedOutputError(`load is not three numbers: ${text('load').slice(0, 40)}`);
  }
  return systemInfoSchema.parse({
    os: text('os'),
    os_id: text('os_id'),
    kernel: text('kernel'),
    hostname: text('hostname'),
    cpu_model: text('cpu_model'),
    cpu_cores: number('cpu_cores'),
    memory_total_bytes: number('memory_total_bytes'),
    memory_used_bytes: number('memory_used_bytes'),
    swap_total_bytes: number('swap_total_bytes'),
    disk_total_bytes: number('disk_total_bytes'),
    disk_used_bytes: number('disk_used_bytes'),
    load: load.map(Number),
    uptime_seconds: number('uptime_seconds', DECIMAL),
    timezone: text('timezone'),
  });
}
