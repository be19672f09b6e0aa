import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * An outbound request to an address a user gave (a notification webhook), under SECURITY.md's
 * SSRF rules: http/https only; the host resolved once and every address it resolves to checked
 * against loopback, private, link-local, shared, multicast, reserved and metadata ranges; the
 * connection made to that pinned address (the TLS name and Host header stay the URL's), so a second
 * DNS answer cannot swap it; redirects are not followed; the time and the answer's size are capped.
 *
 * `allowHosts` (config OUTBOUND_ALLOW_HOSTS) lets tests reach a receiver on 127.0.0.1; production
 * never sets it.
 */
export class OutboundRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`outbound request refused: ${reason}`);
    this.name = 'OutboundRefusedError';
  }
}

export class OutboundFailedError extends Error {
  constructor(readonly reason: string) {
    super(`outbound request failed: ${reason}`);
    this.name = 'OutboundFailedError';
  }
}

export interface SafeFetchOptions {
  allowHosts?: readonly string[];
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Tests: a resolver instead of the system's. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export interface SafeAnswer {
  status: number;
  body: string;
}

const DENIED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  DENIED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  DENIED.addSubnet(network, prefix, 'ipv6');
}

/** Why an address may not be reached, or null when it may (IPv4-mapped IPv6 checked as IPv4). */
export function deniedAddressReason(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped ? mapped[1]! : address;
  const family = isIP(plain);
  if (family === 0) return `${address} is not an IP address`;
  if (DENIED.check(plain, family === 4 ? 'ipv4' : 'ipv6'))
    return `${address} is a loopback, private, link-local or reserved address`;
  return null;
}

/** The URL parsed, or why it is refused (scheme, credentials, form), before any network use. */
export function parseOutboundUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRefusedError('only http and https');
  if (url.username || url.password) throw new OutboundRefusedError('no credentials in the URL');
  if (!url.hostname) throw new OutboundRefusedError('no host');
  return url;
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/**
 * Resolves the URL's host once and answers the address to connect to, refusing it when any
 * address the host resolves to is denied (a name with one public and one private answer is refused).
 */
export async function pinOutboundAddress(
  url: URL,
  options: Pick<SafeFetchOptions, 'allowHosts' | 'resolve'> = {},
): Promise<{ address: string; family: number }> {
  const host = hostOf(url);
  const allowed = (options.allowHosts ?? []).includes(host);
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    if (host === 'localhost' || host.endsWith('.localhost')) {
      if (!allowed) throw new OutboundRefusedError(`${host} is a loopback name`);
    }
    try {
      addresses = await (options.resolve ?? ((name) => lookup(name, { all: true, verbatim: true })))(host);
    } catch {
      throw new OutboundRefusedError(`${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new OutboundRefusedError(`${host} does not resolve`);
  if (!allowed) {
    for (const { address } of addresses) {
      const reason = deniedAddressReason(address);
      if (reason) throw new OutboundRefusedError(reason);
    }
  }
  return addresses[0]!;
}

/** Checks a URL as it is saved: the same rules as at send time, resolution included. */
export async function checkOutboundUrl(raw: string, options: SafeFetchOptions = {}): Promise<URL> {
  const url = parseOutboundUrl(raw);
  await pinOutboundAddress(url, options);
  return url;
}

/**
 * POSTs (or sends `method`) to the URL under the rules above. Answers the status and the body (at
 * most `maxResponseBytes`, 64 KiB by default); a 3xx is an answer, never followed.
 */
export async function safeFetch(
  raw: string,
  request: { method?: string; headers?: Record<string, string>; body?: string },
  options: SafeFetchOptions = {},
): Promise<SafeAnswer> {
  const url = parseOutboundUrl(raw);
  const pinned = await pinOutboundAddress(url, options);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxResponseBytes ?? 64 * 1024;
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<SafeAnswer>((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: request.method ?? 'POST',
        headers: {
          'user-agent': 'HostDeck',
          ...request.headers,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
        // Connect to the address checked above, whatever DNS would answer now.
        lookup: (_hostname, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all) {
            (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
              pinned,
            ]);
          } else callback(null, pinned.address, pinned.family);
        },
        timeout: timeoutMs,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new OutboundFailedError(`the answer is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', (error) => reject(new OutboundFailedError(error.message)));
      },
    );
    const deadline = setTimeout(() => {
      outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    outgoing.on('close', () => clearTimeout(deadline));
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', (error) => reject(new OutboundFailedError(error.message)));
    outgoing.end(body);
  });
}
