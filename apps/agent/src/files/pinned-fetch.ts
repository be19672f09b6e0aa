import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { FileError, invalidField } from './errors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';

export interface PinnedFetchOptions {
  allowAddress: (address: string) => boolean;
  maxRedirects: number;
  /** Per hop: connecting and receiving the response headers. */
  connectTimeoutMs: number;
  signal: AbortSignal;
}

export interface PinnedResponse {
  response: IncomingMessage;
  /** The URL that answered (after redirects). */
  url: URL;
}

/** http/https URL text as a URL, or the field error the remote-download dialog shows (spec/001 §5). */
export function parseDownloadUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidField('url', FILE_MESSAGES.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalidField('url', FILE_MESSAGES.urlScheme);
  return url;
}

/**
 * The one address this hop will connect to: the host resolved once; every address it resolves to
 * must pass the policy (a name resolving to a public and a private address is refused), and the
 * connection goes to the first one, never to a second lookup (DNS rebinding).
 */
async function resolvePinned(
  url: URL,
  allowAddress: (address: string) => boolean,
): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw invalidField('url', FILE_MESSAGES.hostNotFound);
      });
  if (addresses.length === 0) throw invalidField('url', FILE_MESSAGES.hostNotFound);
  if (!addresses.every(({ address }) => allowAddress(address)))
    throw invalidField('url', FILE_MESSAGES.addressNotAllowed);
  return addresses[0] as { address: string; family: number };
}

/** A `lookup` that answers with the pinned address whatever it is asked. */
function pinnedLookup(address: string, family: number): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  options: PinnedFetchOptions,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        auth: url.username
          ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
          : undefined,
        headers: { 'User-Agent': 'HostDeck-Agent', Accept: '*/*', 'Accept-Encoding': 'identity' },
        lookup: pinnedLookup(pinned.address, pinned.family),
        // TLS is verified against the host name, not the pinned address.
        servername: isIP(host) ? undefined : host,
        agent: false,
        signal: options.signal,
      },
      (response) => {
        request.setTimeout(0);
        resolve(response);
      },
    );
    request.setTimeout(options.connectTimeoutMs, () =>
      request.destroy(new FileError(504, FILE_MESSAGES.remoteTimeout)),
    );
    request.on('socket', (socket) => {
      socket.once('connect', () => {
        // Belt and braces: the peer must be the pinned, allowed address.
        const peer = socket.remoteAddress ?? '';
        if (peer !== pinned.address && !options.allowAddress(peer)) {
          request.destroy(invalidField('url', FILE_MESSAGES.addressNotAllowed));
        }
      });
    });
    request.on('error', (error) => {
      if (error instanceof FileError) reject(error);
      else if (options.signal.aborted) reject(new FileError(409, FILE_MESSAGES.downloadCanceled));
      else reject(new FileError(502, FILE_MESSAGES.downloadFailed));
    });
    request.end();
  });
}

/**
 * GET `start` the SSRF-safe way (SECURITY.md; ARCHITECTURE.md, Agent): http/https only, each hop's
 * host resolved once and checked, the connection pinned to that address, every redirect checked the
 * same way, at most `maxRedirects`. Answers the first 2xx response; anything else is a 4xx.
 */
export async function fetchPinned(start: URL, options: PinnedFetchOptions): Promise<PinnedResponse> {
  let url = start;
  for (let hop = 0; ; hop += 1) {
    const pinned = await resolvePinned(url, options.allowAddress);
    const response = await requestOnce(url, pinned, options);
    const status = response.statusCode ?? 0;
    if (status >= 200 && status < 300) return { response, url };
    response.resume();
    if (status >= 300 && status < 400 && response.headers.location) {
      if (hop >= options.maxRedirects) throw invalidField('url', FILE_MESSAGES.tooManyRedirects);
      url = parseDownloadUrl(new URL(response.headers.location, url).toString());
      continue;
    }
    throw invalidField('url', FILE_MESSAGES.remoteStatus);
  }
}
