import { createHash } from 'node:crypto';
import { DNS_RECORD_TYPES } from '@hostdeck/contracts/constants';
import {
  DNS_AUTO_TTL,
  DNS_AUTO_TTL_SECONDS,
  type DnsRecord,
  type DnsRecordInput,
  type DnsRecordType,
} from '@hostdeck/contracts/dns-records';

/**
 * bind9 zone lines from validated records, and records back from named-checkzone's canonical
 * form (`named-checkzone -D`: one record a line, absolute names, explicit TTL and class). Every
 * field of a record has its own grammar (dns-records.ts): no control character, no quote or
 * backslash in text, names and targets LDH only, so a value cannot end its line, its quoted
 * string or add a directive.
 */

/** A record's id: the first 16 hex digits of the sha256 of its canonical line (the shell computes the same). */
export function bind9RecordId(canonicalLine: string): string {
  return createHash('sha256').update(canonicalLine, 'utf8').digest('hex').slice(0, 16);
}

const absolute = (name: string, zone: string) => (name === '@' ? `${zone}.` : `${name}.${zone}.`);
const target = (value: string) => (value === '.' ? '.' : `${value}.`);

/** TXT text as quoted strings of at most 255 bytes each (RFC 1035 character-strings). */
export function quoteTxt(text: string): string {
  const parts: string[] = [];
  let current = '';
  for (const character of text) {
    if (Buffer.byteLength(current + character, 'utf8') > 255) {
      parts.push(current);
      current = '';
    }
    current += character;
  }
  parts.push(current);
  return parts.map((part) => `"${part}"`).join(' ');
}

/** The record's data as a zone file writes it. */
function rdata(record: DnsRecordInput): string {
  switch (record.type) {
    case 'A':
    case 'AAAA':
      return record.content;
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return target(record.content);
    case 'MX':
      return `${record.priority} ${target(record.content)}`;
    case 'TXT':
      return quoteTxt(record.content);
    case 'SRV':
      return `${record.priority} ${record.weight} ${record.port} ${target(record.content)}`;
    case 'CAA':
      return `${record.flags} ${record.tag} "${record.content}"`;
    case 'HTTPS':
      return `${record.priority} ${target(record.content)}${record.params ? ` ${record.params}` : ''}`;
  }
}

/** One zone file line for a validated record of `zone` (TTL 1, Auto, is the zone's 3600). */
export function renderBind9Record(zone: string, record: DnsRecordInput): string {
  const ttl = record.ttl === DNS_AUTO_TTL ? DNS_AUTO_TTL_SECONDS : record.ttl;
  return `${absolute(record.name, zone)} ${ttl} IN ${record.type} ${rdata(record)}`;
}

/** A new zone: SOA, NS ns1.<zone>, and ns1's address (the server's). */
export function renderBind9NewZone(zone: string, address: string, serial: number): string {
  const ns = `ns1.${zone}.`;
  const family = address.includes(':') ? 'AAAA' : 'A';
  return [
    `$TTL ${DNS_AUTO_TTL_SECONDS}`,
    `${zone}. ${DNS_AUTO_TTL_SECONDS} IN SOA ${ns} hostmaster.${zone}. ${serial} 7200 3600 1209600 3600`,
    `${zone}. ${DNS_AUTO_TTL_SECONDS} IN NS ${ns}`,
    `${ns} ${DNS_AUTO_TTL_SECONDS} IN ${family} ${address}`,
    '',
  ].join('\n');
}

/** Splits rdata into words, keeping quoted strings whole (with their quotes). */
function words(text: string): string[] {
  const result: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (const match of text.matchAll(pattern)) result.push(match[0]);
  return result;
}

/** A quoted string's text: `\"`, `\\` and `\DDD` decoded. */
function unquote(word: string): string {
  const inner = word.startsWith('"') && word.endsWith('"') ? word.slice(1, -1) : word;
  const bytes: number[] = [];
  for (let index = 0; index < inner.length; index++) {
    const character = inner[index]!;
    if (character === '\\' && /^[0-9]{3}$/.test(inner.slice(index + 1, index + 4))) {
      bytes.push(Number(inner.slice(index + 1, index + 4)));
      index += 3;
    } else if (character === '\\' && index + 1 < inner.length) {
      bytes.push(...Buffer.from(inner[index + 1]!, 'utf8'));
      index += 1;
    } else {
      bytes.push(...Buffer.from(character, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

const relative = (fqdn: string, zone: string): string => {
  const name = fqdn.toLowerCase().replace(/\.$/, '');
  if (name === zone) return '@';
  return name.endsWith(`.${zone}`) ? name.slice(0, -(zone.length + 1)) : name;
};
const host = (value: string) => (value === '.' ? '.' : value.toLowerCase().replace(/\.$/, ''));
const TYPES: ReadonlySet<string> = new Set(DNS_RECORD_TYPES);

/**
 * A canonical line as a record of the panel's shape, or null for a line it does not show (SOA,
 * DNSSEC records, a type outside spec/000 §9). Read leniently: a zone made or imported elsewhere
 * may hold values the panel's forms would not write.
 */
export function parseBind9Line(zone: string, line: string): DnsRecord | null {
  const match = /^(\S+)\s+([0-9]+)\s+IN\s+([A-Z0-9]+)\s+(.*)$/.exec(line.trim());
  if (!match) return null;
  const [, owner, ttlText, typeText, data] = match as unknown as [string, string, string, string, string];
  if (!TYPES.has(typeText)) return null;
  const type = typeText as DnsRecordType;
  const id = bind9RecordId(line);
  const base = { id, name: relative(owner, zone), ttl: Number(ttlText) };
  const parts = words(data);
  const number = (index: number) => Number(parts[index] ?? NaN);
  switch (type) {
    case 'A':
    case 'AAAA':
      return { ...base, type, content: parts[0] ?? '' };
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return { ...base, type, content: host(parts[0] ?? '') };
    case 'MX':
      return { ...base, type, priority: number(0), content: host(parts[1] ?? '') };
    case 'TXT':
      return { ...base, type, content: parts.map(unquote).join('') };
    case 'SRV':
      return {
        ...base,
        type,
        priority: number(0),
        weight: number(1),
        port: number(2),
        content: host(parts[3] ?? '.'),
      };
    case 'CAA': {
      const flags = number(0) === 128 ? 128 : 0;
      const tag = parts[1] === 'issuewild' || parts[1] === 'iodef' ? parts[1] : 'issue';
      return { ...base, type, flags, tag, content: unquote(parts.slice(2).join(' ')) };
    }
    case 'HTTPS':
      return {
        ...base,
        type,
        priority: number(0),
        content: host(parts[1] ?? '.'),
        params: parts
          .slice(2)
          .map((param) => param.replace(/="(.*)"$/, '=$1'))
          .join(' '),
      };
  }
}
