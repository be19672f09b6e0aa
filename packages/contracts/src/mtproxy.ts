import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { isDomain, isSafeValue, portSchema } from './grammars.js';
import { idParamSchema, type RouteContract } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * MTProxy (`/servers/{server}/mtproxy`, issue 18): a Telegram MTProto proxy on `mtproxy_port` with
 * `mtproxy_secret` (spec/000 §3). The panel runs **mtg** v2 (github.com/9seconds/mtg, maintained,
 * one static binary, FakeTLS only) rather than Telegram's own MTProxy, which is unmaintained. The
 * secret is FakeTLS: `ee` + 16 random bytes + the FakeTLS domain, all hex.
 */

/** Where mtg is tried first; when something else listens there, the fallback. */
export const MTPROXY_DEFAULT_PORT = 443;
export const MTPROXY_FALLBACK_PORT = 8443;
/** The FakeTLS domain until the user picks one: a large site whose TLS the proxy mimics. */
export const MTPROXY_DEFAULT_DOMAIN = 'www.cloudflare.com';
/** Log lines one read answers, at most. */
export const MTPROXY_LOG_MAX_LINES = 1000;

export const MTPROXY_MESSAGES = {
  domain: 'Use a domain name such as www.example.com',
  secret: 'Invalid MTProxy secret',
  notConfigured: 'MTProxy is not set up on this server yet',
  downloadUrl: 'Use an http:// or https:// URL',
} as const;

/** A FakeTLS domain: a lowercase DNS name with a dot (grammars isDomain), never an option. */
export const mtproxyDomainSchema = z
  .string()
  .min(1, { abort: true })
  .refine((value) => isSafeValue(value) && isDomain(value), {
    message: MTPROXY_MESSAGES.domain,
    abort: true,
  });

const SECRET_PATTERN = /^ee[0-9a-f]{32}((?:[0-9a-f]{2}){1,253})$/;

/** The domain a FakeTLS secret carries, or null when the text is not one. */
export function mtproxySecretDomain(secret: string): string | null {
  const match = SECRET_PATTERN.exec(secret);
  if (!match) return null;
  const domain = (match[1]!.match(/../g) ?? [])
    .map((pair) => String.fromCharCode(parseInt(pair, 16)))
    .join('');
  return isDomain(domain) ? domain : null;
}

/** `ee` + 32 hex digits (16 bytes) + the hex of a valid domain: lowercase hex only, nothing else. */
export const mtproxySecretSchema = z
  .string()
  .min(1, { abort: true })
  .refine((value) => mtproxySecretDomain(value) !== null, { message: MTPROXY_MESSAGES.secret, abort: true });

/** The proxy's port (1-65535). */
export const mtproxyPortSchema = portSchema;

const DOWNLOAD_URL_PATTERN =
  /^https?:\/\/[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?(?:\/(?:[A-Za-z0-9._~%+-]|\{arch\})+)*$/;
/**
 * Where the server downloads the mtg release tarball from (config MTPROXY_DOWNLOAD_URL; `{arch}`,
 * replaced on the server by amd64 or arm64): http(s), a host, an optional port and a plain path.
 * No query, no spaces, no quotes, no user info, never an option (it starts with http).
 */
/** mtg's release tarball on GitHub (config MTPROXY_DOWNLOAD_URL's default); `{arch}`: amd64 or arm64. */
export const DEFAULT_MTPROXY_DOWNLOAD_URL =
  'https://github.com/9seconds/mtg/releases/download/v2.1.7/mtg-2.1.7-linux-{arch}.tar.gz';

export const mtproxyDownloadUrlSchema = z
  .string()
  .max(1000, { error: MTPROXY_MESSAGES.downloadUrl })
  .regex(DOWNLOAD_URL_PATTERN, { error: MTPROXY_MESSAGES.downloadUrl });

/** Makes a FakeTLS secret for a domain from 16 random bytes (the caller's crypto). */
export function makeMtproxySecret(randomBytes: Uint8Array, domain: string): string {
  if (randomBytes.length !== 16) throw new Error('an MTProxy secret needs 16 random bytes');
  const hex = (codes: Iterable<number>) =>
    [...codes].map((code) => code.toString(16).padStart(2, '0')).join('');
  return `ee${hex(randomBytes)}${hex([...domain].map((character) => character.charCodeAt(0)))}`;
}

/** `tg://proxy?server=…&port=…&secret=…`: what Telegram opens to add the proxy. */
export function mtproxyLink(server: string, port: number, secret: string): string {
  const query = new URLSearchParams({ server, port: String(port), secret });
  return `tg://proxy?${query.toString()}`;
}

export const MTPROXY_SERVICE_ACTIONS = ['start', 'stop', 'restart'] as const;
export type MtproxyServiceAction = (typeof MTPROXY_SERVICE_ACTIONS)[number];

/** GET api/servers/{server}/mtproxy: what the server runs, and the panel's settings. */
export const mtproxyStatusSchema = z.object({
  /** /opt/mtproxy/mtg is there. */
  installed: z.boolean(),
  /** mtg's version line, when it answers. */
  version: z.string().nullable(),
  /** mtproxy.service is active (running). */
  active: z.boolean(),
  /** Started at boot. */
  enabled: z.boolean(),
  /** The panel has set it up (a secret is kept). */
  configured: z.boolean(),
  /** The port and domain of the panel's settings (null port: not set up yet). */
  port: z.number().int().nullable(),
  domain: z.string(),
  /** The port in /etc/mtproxy/mtg.toml, as the server has it. */
  server_port: z.number().int().nullable(),
  /** Something listens on the server port. */
  listening: z.boolean(),
});
export type MtproxyStatus = z.infer<typeof mtproxyStatusSchema>;

/** GET api/servers/{server}/mtproxy/link (manage only): the link, and its QR code as a PNG data URL. */
export const mtproxyLinkSchema = z.object({
  link: z.string(),
  qr: z.string(),
  server: z.string(),
  port: z.number().int(),
  secret: z.string(),
});
export type MtproxyLink = z.infer<typeof mtproxyLinkSchema>;

export const mtproxyLogQuerySchema = z.object({
  lines: z.coerce.number().int().min(1).max(MTPROXY_LOG_MAX_LINES).default(200),
});
export const mtproxyLogSchema = z.object({ lines: z.array(z.string()) });

/** PUT api/servers/{server}/mtproxy: set up (or apply again) with this port and domain. */
export const mtproxySettingsRequestSchema = z.strictObject({
  port: mtproxyPortSchema.optional(),
  domain: mtproxyDomainSchema.optional(),
});
export type MtproxySettingsRequest = z.infer<typeof mtproxySettingsRequestSchema>;

const serverParams = z.object({ server: idParamSchema });

export const mtproxyRoutes = {
  status: {
    method: 'GET',
    path: '/api/servers/:server/mtproxy',
    params: serverParams,
    response: z.object({ data: mtproxyStatusSchema }),
  },
  link: {
    method: 'GET',
    path: '/api/servers/:server/mtproxy/link',
    params: serverParams,
    response: z.object({ data: mtproxyLinkSchema }),
  },
  log: {
    method: 'GET',
    path: '/api/servers/:server/mtproxy/log',
    params: serverParams,
    query: mtproxyLogQuerySchema,
    response: z.object({ data: mtproxyLogSchema }),
  },
  apply: {
    method: 'PUT',
    path: '/api/servers/:server/mtproxy',
    params: serverParams,
    body: mtproxySettingsRequestSchema,
    response: startedEventResponseSchema,
  },
  rotate: {
    method: 'POST',
    path: '/api/servers/:server/mtproxy/rotate-secret',
    params: serverParams,
    response: startedEventResponseSchema,
  },
  service: {
    method: 'POST',
    path: '/api/servers/:server/mtproxy/:action',
    params: serverParams.extend({
      action: z.enum(MTPROXY_SERVICE_ACTIONS, { error: VALIDATION_MESSAGES.invalid }),
    }),
    response: startedEventResponseSchema,
  },
} as const satisfies Record<string, RouteContract>;

/** Event types (prefix `mtproxy_`) and the descriptions of its events, English. */
export const MTPROXY_EVENT_PREFIX = 'mtproxy_';
export const MTPROXY_EVENT_DESCRIPTIONS = defineEventDescriptions({
  applyMtproxy: 'Set up MTProxy on port {port} ({domain})',
  rotateMtproxySecret: 'Rotate the MTProxy secret',
  startMtproxy: 'Start MTProxy',
  stopMtproxy: 'Stop MTProxy',
  restartMtproxy: 'Restart MTProxy',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    mtproxy: typeof MTPROXY_EVENT_DESCRIPTIONS;
  }
}
