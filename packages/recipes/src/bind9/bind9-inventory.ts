import type { Bind9Zone } from '@hostdeck/contracts/bind9';
import type { DnsRecord } from '@hostdeck/contracts/dns-records';
import { InventoryFormatError } from '../inventory.js';
import { parseBind9Line } from './bind9-records.js';

export interface Bind9ZonesInventory {
  installed: boolean;
  running: boolean;
  zones: Bind9Zone[];
}

/** Debian's built-in zones (named.conf.default-zones): not the user's, never listed. */
const DEFAULT_ZONES: ReadonlySet<string> = new Set([
  '.',
  '',
  'localhost',
  '127.in-addr.arpa',
  '0.in-addr.arpa',
  '255.in-addr.arpa',
]);

const flag = (value: string | undefined) => {
  if (value === '1') return true;
  if (value === '0') return false;
  throw new InventoryFormatError(`unexpected bind9 flag ${JSON.stringify(value)}`);
};

/** Reads scripts/bind9/zones.sh's lines. */
export function parseBind9Zones(stdout: string): Bind9ZonesInventory {
  const result: Bind9ZonesInventory = { installed: false, running: false, zones: [] };
  let seen = false;
  for (const line of stdout.split('\n')) {
    if (line === '') continue;
    const [kind, ...fields] = line.split('\t');
    if (kind === 'installed') {
      result.installed = flag(fields[0]);
      seen = true;
    } else if (kind === 'running') result.running = flag(fields[0]);
    else if (kind === 'zone') {
      const [name, type, managed, dnssec] = fields;
      // The root hint zone "." arrives with an empty name (zones.sh strips the trailing dot).
      if (name !== undefined && DEFAULT_ZONES.has(name)) continue;
      if (!name || !type) throw new InventoryFormatError('unexpected bind9 zone line');
      result.zones.push({ name, type, managed: flag(managed), dnssec: flag(dnssec) });
    } else throw new InventoryFormatError(`unexpected bind9 line ${JSON.stringify(kind)}`);
  }
  if (!seen) throw new InventoryFormatError('bind9 inventory without its installed line');
  result.zones.sort((a, b) => a.name.localeCompare(b.name));
  return result;
}

export interface Bind9ZoneInventory {
  managed: boolean;
  dnssec: boolean;
  serial: number | null;
  /** DS records of the key-signing keys, for the registrar. */
  ds: string[];
  /** The canonical lines (named-checkzone -D), SOA included: the export. */
  lines: string[];
  /** The records the panel shows (spec/000 §9 types). */
  records: DnsRecord[];
}

/** Reads scripts/bind9/zone-read.sh's lines for `zone`. */
export function parseBind9Zone(zone: string, stdout: string): Bind9ZoneInventory {
  const result: Bind9ZoneInventory = {
    managed: false,
    dnssec: false,
    serial: null,
    ds: [],
    lines: [],
    records: [],
  };
  let seen = false;
  for (const line of stdout.split('\n')) {
    if (line === '') continue;
    const tab = line.indexOf('\t');
    const kind = tab === -1 ? line : line.slice(0, tab);
    const value = tab === -1 ? '' : line.slice(tab + 1);
    if (kind === 'managed') {
      result.managed = flag(value);
      seen = true;
    } else if (kind === 'dnssec') result.dnssec = flag(value);
    else if (kind === 'ds') result.ds.push(value.replace(/\s+/g, ' ').trim());
    else if (kind === 'rr') {
      result.lines.push(value);
      const soa = /^\S+\s+[0-9]+\s+IN\s+SOA\s+\S+\s+\S+\s+([0-9]+)\s/.exec(value);
      if (soa) result.serial = Number(soa[1]);
      const record = parseBind9Line(zone, value);
      if (record) result.records.push(record);
    } else throw new InventoryFormatError(`unexpected bind9 zone line ${JSON.stringify(kind)}`);
  }
  if (!seen) throw new InventoryFormatError('bind9 zone read without its managed line');
  return result;
}
