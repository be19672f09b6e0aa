import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isDomain } from '@hostdeck/contracts';
import { ValidationError } from '../domain/errors.js';

/**
 * Why a name cannot get a free certificate, said before the CA is asked (issue 26, item 6): a
 * request the CA must refuse costs the user a wait and counts against the CA's failure limits.
 */
export const CERTIFICATE_NAME_MESSAGES = {
  reserved:
    '{domain} cannot get a public certificate: names under .{suffix} are reserved for private or test use.',
  notPublic: '{domain} cannot get a public certificate: it is not a public domain name.',
  unresolved:
    '{domain} does not resolve in DNS yet: point its A (or AAAA) record at this server ({ip}), then try again.',
  elsewhere:
    '{domain} resolves to {addresses}, not to this server ({ip}): point its A (or AAAA) record at {ip}, then try again.',
  lookupFailed: '{domain} could not be looked up in DNS ({error}): try again in a moment.',
} as const;

/**
 * How much is checked before an ACME order (ACME_NAME_CHECK):
 * - `public`: the name must be a public one and resolve to the site's server (a public CA);
 * - `resolve`: only that it resolves to the server (a private CA with its own DNS);
 * - `off`: nothing, the CA decides.
 */
export const NAME_CHECK_MODES = ['public', 'resolve', 'off'] as const;
export type NameCheckMode = (typeof NAME_CHECK_MODES)[number];

/**
 * Suffixes no public CA issues for: special-use names (RFC 6761, 6762, 7686, 8375, 9476), the
 * reserved `.internal`, names commonly used on private networks and never delegated, and the
 * example domains of RFC 2606.
 */
const RESERVED_SUFFIXES = [
  'localhost',
  'local',
  'test',
  'example',
  'invalid',
  'internal',
  'onion',
  'alt',
  'home.arpa',
  'arpa',
  'lan',
  'home',
  'corp',
  'localdomain',
  'intranet',
  'private',
  'example.com',
  'example.net',
  'example.org',
];

export interface NameProblem {
  message: string;
  parameters: Record<string, string>;
}

/** Why `domain` cannot have a certificate from a public CA, or null when it can. */
export function publicNameProblem(domain: string): NameProblem | null {
  const name = domain.toLowerCase().replace(/\.$/, '');
  if (isIP(name.replace(/^\[|\]$/g, '')) !== 0 || !isDomain(name)) {
    return { message: CERTIFICATE_NAME_MESSAGES.notPublic, parameters: { domain } };
  }
  const suffix = RESERVED_SUFFIXES.find((reserved) => name === reserved || name.endsWith(`.${reserved}`));
  return suffix ? { message: CERTIFICATE_NAME_MESSAGES.reserved, parameters: { domain, suffix } } : null;
}

const PRIVATE_ADDRESS_PATTERNS = [
  /^127\./,
  /^10\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^169\.254\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
  /^(::1|::)$/,
  /^f[cd][0-9a-f]{2}:/,
  /^fe[89ab][0-9a-f]:/,
];

/**
 * The mode when ACME_NAME_CHECK is not set: `public` for a CA on a public name (Let's Encrypt,
 * the default), `off` for one on a loopback or private address or a private name, which cannot be
 * a public CA (pebble in the tests, a CA of one's own network) and whose rules are unknown.
 */
export function defaultNameCheckMode(directoryUrl: string): NameCheckMode {
  const host = new URL(directoryUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) !== 0) {
    return PRIVATE_ADDRESS_PATTERNS.some((pattern) => pattern.test(host)) ? 'off' : 'public';
  }
  return publicNameProblem(host) ? 'off' : 'public';
}

/** One address in one spelling, so `2001:DB8:0::1` and `2001:db8::1` compare equal. */
function canonicalAddress(address: string): string {
  return isIP(address) === 6 ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address;
}

/** The A and AAAA answers for a name; an error code when a lookup itself failed. */
export type AddressLookup = (domain: string) => Promise<{ addresses: string[]; error: string | null }>;

/** Answers that say "no such records" rather than "could not ask". */
const EMPTY_ANSWERS = new Set(['ENODATA', 'ENOTFOUND']);

/**
 * A/AAAA lookups through `server` (ACME_DNS_RESOLVER, `host:port`: the DNS the CA itself uses,
 * such as pebble's in the tests), or through the system's resolvers when it is not set.
 */
export function createAddressLookup(server: string | undefined): AddressLookup {
  const resolver = new Resolver({ timeout: 4000, tries: 2 });
  if (server) resolver.setServers([server]);
  const ask = async (lookup: Promise<string[]>) => {
    try {
      return { addresses: await lookup, error: null };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      return { addresses: [], error: EMPTY_ANSWERS.has(code) ? null : code };
    }
  };
  return async (domain) => {
    const answers = await Promise.all([ask(resolver.resolve4(domain)), ask(resolver.resolve6(domain))]);
    return {
      addresses: answers.flatMap((answer) => answer.addresses),
      error: answers.find((answer) => answer.error !== null)?.error ?? null,
    };
  };
}

/** Why `domain` would not reach the server at `serverIp` when the CA connects, or null. */
export async function resolutionProblem(
  domain: string,
  serverIp: string,
  lookup: AddressLookup,
): Promise<NameProblem | null> {
  const { addresses, error } = await lookup(domain);
  const found = [...new Set(addresses.map(canonicalAddress))];
  if (found.includes(canonicalAddress(serverIp))) return null;
  if (error !== null)
    return { message: CERTIFICATE_NAME_MESSAGES.lookupFailed, parameters: { domain, error } };
  if (found.length === 0)
    return { message: CERTIFICATE_NAME_MESSAGES.unresolved, parameters: { domain, ip: serverIp } };
  return {
    message: CERTIFICATE_NAME_MESSAGES.elsewhere,
    parameters: { domain, ip: serverIp, addresses: found.join(', ') },
  };
}

/**
 * The check before a Let's Encrypt request: the first name that cannot get a certificate is
 * refused as a field error of `domains` (422), and nothing is sent to the CA.
 */
export function createNameCheck(options: { mode: NameCheckMode; lookup: AddressLookup }) {
  return async (domains: readonly string[], serverIp: string): Promise<void> => {
    if (options.mode === 'off') return;
    for (const domain of domains) {
      const problem =
        (options.mode === 'public' ? publicNameProblem(domain) : null) ??
        (await resolutionProblem(domain, serverIp, options.lookup));
      if (problem) throw new ValidationError({ domains: [problem.message] }, problem.parameters);
    }
  };
}
export type NameCheck = ReturnType<typeof createNameCheck>;
