import { z } from 'zod';
import { DNS_RECORD_TYPES, DNS_TTL_OPTIONS } from './constants.js';
import { hasControlCharacters, isDomain, isIpv4, isIpv6 } from './grammars.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * A DNS record as every tier sees it (spec/000 §3 DNS records, §9 TTL options and record types;
 * issue 19): the same shape for our bind9 zones (`bind9`), the providers' zones (`dns-providers`)
 * and the records a mail domain needs (`mailserver`). Each type has its own fields and grammar, so
 * a value can never carry a second record, a directive or a quote out of its field: no control
 * character anywhere (a newline would start a new line of the zone file), no `"` or `\` in TXT and
 * CAA text, names and targets are LDH names only.
 */

export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];
export const dnsRecordTypeSchema = z.enum(DNS_RECORD_TYPES);
export const dnsTtlSchema = z.union(
  DNS_TTL_OPTIONS.map((ttl) => z.literal(ttl)) as never as [z.ZodLiteral<1>, ...z.ZodLiteral<number>[]],
);
/** TTL 1 is "Auto": bind9 writes the zone's default (3600), Cloudflare its automatic TTL. */
export const DNS_AUTO_TTL = 1;
export const DNS_AUTO_TTL_SECONDS = 3600;

const LABEL = '(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?)';
const RELATIVE_NAME = new RegExp(`^(?:\\*|${LABEL})(?:\\.${LABEL})*$`);
const HOST_LABEL = '(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)';
const TARGET = new RegExp(`^(?:${HOST_LABEL}\\.)*${HOST_LABEL}$`);

function text(accepts: (value: string) => boolean, max: number) {
  return z
    .string()
    .min(1, { abort: true })
    .max(max, { abort: true })
    .refine((value) => !hasControlCharacters(value) && accepts(value), {
      message: VALIDATION_MESSAGES.invalid,
      abort: true,
    });
}

/**
 * A record's name relative to its zone: `@` for the apex, `www`, `_dmarc`, `*.dev`, `_sip._tcp`.
 * Lowercase LDH labels (underscore allowed for service names), a leading `*` label for wildcards.
 */
export const dnsRecordNameSchema = text(
  (value) => value === '@' || (value.length <= 253 && RELATIVE_NAME.test(value)),
  253,
);
/** A host name a record points at (CNAME, NS, PTR, MX, SRV, HTTPS): fully qualified, no trailing dot. */
export const dnsTargetSchema = text(
  (value) => value.length <= 253 && TARGET.test(value) && value.includes('.'),
  253,
);
/** A zone's name: a domain (grammars.ts), or a reverse zone such as `10.in-addr.arpa`. */
export const dnsZoneNameSchema = text(
  (value) => isDomain(value) || /^[0-9.]+\.in-addr\.arpa$/.test(value),
  253,
);
/**
 * TXT text as the user means it (no quotes: the tiers quote and split it into 255-byte strings).
 * Printable text only; `"` and `\` are refused so nothing can close the quoted string.
 */
export const dnsTxtSchema = text((value) => !/["\\]/.test(value), 4000);
const uint16 = z.number().int().min(0).max(65535);

const common = {
  name: dnsRecordNameSchema,
  ttl: dnsTtlSchema,
};
/** Cloudflare's proxy flag (spec/000 §3 `hasProxy`): only where the provider has it, A/AAAA/CNAME. */
const proxied = { proxied: z.boolean().optional() };

export const dnsRecordInputSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('A'), ...common, ...proxied, content: text(isIpv4, 15) }),
  z.strictObject({ type: z.literal('AAAA'), ...common, ...proxied, content: text(isIpv6, 45) }),
  z.strictObject({ type: z.literal('CNAME'), ...common, ...proxied, content: dnsTargetSchema }),
  z.strictObject({ type: z.literal('NS'), ...common, content: dnsTargetSchema }),
  z.strictObject({ type: z.literal('PTR'), ...common, content: dnsTargetSchema }),
  z.strictObject({ type: z.literal('MX'), ...common, priority: uint16, content: dnsTargetSchema }),
  z.strictObject({ type: z.literal('TXT'), ...common, content: dnsTxtSchema }),
  z.strictObject({
    type: z.literal('SRV'),
    ...common,
    priority: uint16,
    weight: uint16,
    port: uint16,
    /** `.` means "no service here" (RFC 2782). */
    content: z.union([z.literal('.'), dnsTargetSchema]),
  }),
  z.strictObject({
    type: z.literal('CAA'),
    ...common,
    flags: z.union([z.literal(0), z.literal(128)]),
    tag: z.enum(['issue', 'issuewild', 'iodef']),
    /** e.g. `letsencrypt.org`, `;` (no CA), `mailto:security@example.com`. */
    content: text((value) => !/["\\\s]/.test(value), 255),
  }),
  z.strictObject({
    type: z.literal('HTTPS'),
    ...common,
    priority: uint16,
    /** `.` for the owner name itself. */
    content: z.union([z.literal('.'), dnsTargetSchema]),
    /** SvcParams as `key=value` pairs separated by spaces: `alpn=h2,h3 port=8443 ipv4hint=192.0.2.1`. */
    params: z
      .string()
      .max(1000)
      .refine(
        (value) =>
          value === '' ||
          value
            .split(' ')
            .every((pair) =>
              /^(?:alpn|no-default-alpn|port|ipv4hint|ipv6hint|ech|mandatory)(?:=[A-Za-z0-9.,:=+/_-]+)?$/.test(
                pair,
              ),
            ),
        { message: VALIDATION_MESSAGES.invalid },
      ),
  }),
]);
export type DnsRecordInput = z.infer<typeof dnsRecordInputSchema>;

/** A record as listed: its input plus the id its store gives it (provider id, or a bind9 line hash). */
export type DnsRecord = DnsRecordInput & { id: string };

/** A records list's `meta` (spec/000 §3): the types this store accepts, and whether it has the proxy flag. */
export interface DnsRecordsMeta {
  types: DnsRecordType[];
  hasProxy: boolean;
}
