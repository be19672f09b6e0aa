import type { TFunction } from 'i18next';
import type { DnsRecord } from '@hostdeck/contracts/dns-records';

/** A TTL as the §9 options name it: Auto (1), minutes, hours, 1 day; anything else in seconds. */
export function bind9TtlLabel(t: TFunction, ttl: number): string {
  if (ttl === 1) return t('dns.ttl.auto');
  if (ttl === 86_400) return t('dns.ttl.day');
  if (ttl % 3600 === 0 && ttl < 86_400) return t('dns.ttl.hours', { count: ttl / 3600 });
  if (ttl % 60 === 0 && ttl < 3600) return t('dns.ttl.minutes', { count: ttl / 60 });
  return t('dns.ttl.seconds', { count: ttl });
}

/** A record's value in one line, with the parts of its type (MX priority, SRV weight and port…). */
export function bind9RecordSummary(record: DnsRecord): string {
  switch (record.type) {
    case 'MX':
      return `${record.priority} ${record.content}`;
    case 'SRV':
      return `${record.priority} ${record.weight} ${record.port} ${record.content}`;
    case 'CAA':
      return `${record.flags} ${record.tag} "${record.content}"`;
    case 'HTTPS':
      return `${record.priority} ${record.content} ${record.params}`.trim();
    default:
      return record.content;
  }
}
