import { Resolver } from 'node:dns/promises';
import {
  MAILSERVER_DKIM_SELECTOR,
  MAIL_DELIVERABILITY_TEXTS,
  type MailDeliverabilityItem,
  type MailNeededRecord,
  type MailRecordState,
} from '@hostdeck/contracts/mailserver';
import type { DnsRecordInput } from '@hostdeck/contracts/dns-records';

/** What the domain check and the deliverability check ask the DNS (node:dns, injectable in tests). */
export interface MailResolver {
  resolveMx(name: string): Promise<{ exchange: string; priority: number }[]>;
  resolveTxt(name: string): Promise<string[][]>;
  resolve4(name: string): Promise<string[]>;
  reverse(ip: string): Promise<string[]>;
}

/** A resolver asking `servers` (a bind9 server's address), or the panel's own resolvers. */
export type MailResolverFactory = (servers?: string[]) => MailResolver;

export const createMailResolver: MailResolverFactory = (servers) => {
  const resolver = new Resolver({ timeout: 3000, tries: 1 });
  if (servers) resolver.setServers(servers);
  return resolver;
};

/** DNS answers that mean "no such record" rather than "could not ask". */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);
const isAbsent = (error: unknown) =>
  typeof error === 'object' && error !== null && ABSENT.has(String((error as { code?: unknown }).code));
const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null
    ? String((error as { code?: unknown }).code ?? 'error')
    : 'error';

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');
const squash = (text: string) => text.replace(/\s+/g, '');

/** The records a mail domain needs (MX, SPF, DKIM, DMARC), relative to the domain's zone. */
export function neededRecords(input: {
  domain: string;
  hostname: string;
  ip: string;
  dkimRecord: string | null;
}): { purpose: MailNeededRecord['purpose']; record: DnsRecordInput; fqdn: string }[] {
  const { domain, hostname, ip, dkimRecord } = input;
  const records: { purpose: MailNeededRecord['purpose']; record: DnsRecordInput; fqdn: string }[] = [
    {
      purpose: 'mx',
      record: { type: 'MX', name: '@', ttl: 1, priority: 10, content: hostname },
      fqdn: domain,
    },
    {
      purpose: 'spf',
      record: { type: 'TXT', name: '@', ttl: 1, content: `v=spf1 mx ip4:${ip} ~all` },
      fqdn: domain,
    },
  ];
  if (dkimRecord) {
    records.push({
      purpose: 'dkim',
      record: { type: 'TXT', name: `${MAILSERVER_DKIM_SELECTOR}._domainkey`, ttl: 1, content: dkimRecord },
      fqdn: `${MAILSERVER_DKIM_SELECTOR}._domainkey.${domain}`,
    });
  }
  records.push({
    purpose: 'dmarc',
    record: {
      type: 'TXT',
      name: '_dmarc',
      ttl: 1,
      content: `v=DMARC1; p=none; rua=mailto:postmaster@${domain}`,
    },
    fqdn: `_dmarc.${domain}`,
  });
  return records;
}

/** Asks the DNS for each needed record and says whether it is there as needed. */
export async function checkNeededRecords(
  resolver: MailResolver,
  input: Parameters<typeof neededRecords>[0],
): Promise<MailNeededRecord[]> {
  const state = (value: MailRecordState, found: string[], detail: string | null = null) => ({
    state: value,
    found,
    detail,
  });
  return Promise.all(
    neededRecords(input).map(async ({ purpose, record, fqdn }) => {
      try {
        if (record.type === 'MX') {
          const answers = await resolver.resolveMx(fqdn);
          const found = answers.map((answer) => `${answer.priority} ${bare(answer.exchange)}`);
          const ok = answers.some((answer) => bare(answer.exchange) === bare(input.hostname));
          return { purpose, record, fqdn, ...state(ok ? 'ok' : 'different', found) };
        }
        const texts = (await resolver.resolveTxt(fqdn)).map((chunks) => chunks.join(''));
        const wanted = record.type === 'TXT' ? record.content : '';
        const relevant = texts.filter((text) => {
          const lower = text.toLowerCase();
          if (purpose === 'spf') return lower.startsWith('v=spf1');
          if (purpose === 'dmarc') return lower.startsWith('v=dmarc1');
          return lower.includes('p=');
        });
        if (relevant.length === 0) return { purpose, record, fqdn, ...state('missing', texts) };
        let ok: boolean;
        if (purpose === 'spf') {
          ok = relevant.some((text) => {
            const tokens = text.toLowerCase().split(/\s+/);
            return tokens.includes(`ip4:${input.ip}`) || tokens.includes('mx') || tokens.includes('+mx');
          });
        } else if (purpose === 'dkim') {
          const key = /p=([A-Za-z0-9+/=]+)/.exec(squash(wanted))?.[1];
          ok = key !== undefined && relevant.some((text) => squash(text).includes(`p=${key}`));
        } else {
          ok = true;
        }
        return { purpose, record, fqdn, ...state(ok ? 'ok' : 'different', relevant) };
      } catch (error) {
        if (isAbsent(error)) return { purpose, record, fqdn, ...state('missing', []) };
        return { purpose, record, fqdn, ...state('unknown', [], `DNS ${codeOf(error)}`) };
      }
    }),
  );
}

/** 10/8, 172.16/12, 192.168/16, 127/8, 100.64/10, 169.254/16: not reachable from the internet. */
export function isPrivateIpv4(ip: string): boolean {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part))) return false;
  const [a, b] = parts as [number, number, number, number];
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254)
  );
}

export const BLOCKLIST_ZONE = 'zen.spamhaus.org';

/** Reverse DNS of the server's address, and whether it is on a blocklist (asked by the panel). */
export async function checkReputation(
  resolver: MailResolver,
  ip: string,
  hostname: string,
): Promise<MailDeliverabilityItem[]> {
  const T = MAIL_DELIVERABILITY_TEXTS;
  if (isPrivateIpv4(ip)) {
    return (['rdns', 'blocklist'] as const).map((check) => ({
      check,
      state: 'unknown' as const,
      detail: T.privateAddress,
      values: { ip },
    }));
  }
  let rdns: MailDeliverabilityItem;
  try {
    const names = (await resolver.reverse(ip)).map(bare);
    const name = names[0] ?? '';
    if (!name) rdns = { check: 'rdns', state: 'problem', detail: T.rdnsMissing, values: { ip, hostname } };
    else {
      const back = await resolver.resolve4(name).catch(() => [] as string[]);
      const matches = names.includes(bare(hostname)) && back.includes(ip);
      rdns = matches
        ? { check: 'rdns', state: 'ok', detail: T.rdnsOk, values: { ip, name } }
        : { check: 'rdns', state: 'problem', detail: T.rdnsMismatch, values: { ip, name, hostname } };
    }
  } catch (error) {
    rdns = isAbsent(error)
      ? { check: 'rdns', state: 'problem', detail: T.rdnsMissing, values: { ip, hostname } }
      : { check: 'rdns', state: 'unknown', detail: T.rdnsUnknown, values: { ip } };
  }
  let blocklist: MailDeliverabilityItem;
  const query = `${ip.split('.').reverse().join('.')}.${BLOCKLIST_ZONE}`;
  // The list's test entry is always listed: no answer for it means the list cannot be asked
  // from here (no internet, a resolver that answers "not found" for everything).
  const canary = await resolver.resolve4(`2.0.0.127.${BLOCKLIST_ZONE}`).catch(() => [] as string[]);
  if (!canary.some((answer) => answer.startsWith('127.0.0.'))) {
    return [
      rdns,
      {
        check: 'blocklist',
        state: 'unknown',
        detail: T.blocklistUnknown,
        values: { ip, list: BLOCKLIST_ZONE },
      },
    ];
  }
  try {
    const answers = await resolver.resolve4(query);
    // 127.255.255.x: the list refused the query (public resolver, over limit): not an answer.
    blocklist = answers.some((answer) => answer.startsWith('127.255.255.'))
      ? {
          check: 'blocklist',
          state: 'unknown',
          detail: T.blocklistUnknown,
          values: { ip, list: BLOCKLIST_ZONE },
        }
      : {
          check: 'blocklist',
          state: 'problem',
          detail: T.blocklistListed,
          values: { ip, list: BLOCKLIST_ZONE },
        };
  } catch (error) {
    blocklist = isAbsent(error)
      ? { check: 'blocklist', state: 'ok', detail: T.blocklistClean, values: { ip, list: BLOCKLIST_ZONE } }
      : {
          check: 'blocklist',
          state: 'unknown',
          detail: T.blocklistUnknown,
          values: { ip, list: BLOCKLIST_ZONE },
        };
  }
  return [rdns, blocklist];
}
