import { AGENT_PORT } from './constants.js';

/**
 * The agent's wire protocol without zod: the agent's main process checks every token and its
 * configuration with these functions and never loads zod, which alone costs about 10 MB of the
 * 50 MB an idle agent may use (issue 6). The panel uses the same functions (agent.ts), so each rule
 * is written once.
 */

/** The header every file call carries the token in (spec/001 §7 `X-{product}`). */
export const AGENT_TOKEN_HEADER = 'X-HostDeck';

/**
 * What a token allows. `files:download` is the single-use link of a download; `files:view` the
 * link of a media preview, reusable while it lives because a <video> asks again with Range to seek
 * (both only ever signed by the agent, apps/agent/src/links.ts; the only tokens allowed in a URL);
 * `terminal` opens one shell; `tokens:revoke` is the panel's own call telling the agent to refuse
 * file tokens of a user who lost access (AGENT_REVOKE_PATH, issue 22 point 3); `metrics:read` the
 * panel's own call collecting the server's samples (AGENT_METRICS_PATH, issue 23 point 4).
 */
export const AGENT_OPERATIONS = [
  'files:read',
  'files:write',
  'files:download',
  'files:view',
  'terminal',
  'tokens:revoke',
  'metrics:read',
] as const;
export type AgentOperation = (typeof AGENT_OPERATIONS)[number];
/** A token holding one of these is accepted once (the agent remembers its jti until it expires). */
export const SINGLE_USE_AGENT_OPERATIONS: readonly AgentOperation[] = [
  'files:download',
  'terminal',
  'tokens:revoke',
  'metrics:read',
];

/**
 * `POST` here with a `tokens:revoke` token in X-HostDeck and an AgentRevokeRequest body: the agent
 * refuses those tokens (401) until they expire. The panel calls it when a member loses access to a
 * server while their browser still holds a file token for it (issue 22 point 3: "their access ends
 * at once, including open terminals and file tokens").
 */
export const AGENT_REVOKE_PATH = '/tokens/revoke';
/**
 * `GET` here with a `metrics:read` token and `?since=<Unix ms>`: the agent's samples taken after
 * that time (contracts monitoring-sample.ts AgentMetricsAnswer), from its bounded buffer (issue 23
 * point 4), so a panel that was away collects what it missed.
 */
export const AGENT_METRICS_PATH = '/metrics';
/** Default seconds between two samples; the agent's config may set `metricsIntervalSeconds`. */
export const AGENT_METRICS_INTERVAL_SECONDS = 60;

/** At most this many tokens in one revoke call (a user holds a few live file tokens per server). */
export const AGENT_REVOKE_MAX_TOKENS = 500;

export interface AgentRevokeRequest {
  /** Each token's jti, and its exp (Unix seconds): the agent forgets the jti once it has expired. */
  tokens: { jti: string; exp: number }[];
}

/**
 * The file calls of spec/001 §7, by name under `/files/`: the agent's router serves exactly these
 * (its table must name each one), and the panel's file proxy forwards nothing else.
 */
export const AGENT_FILE_CALLS = [
  'list',
  'view',
  'download',
  'mkdir',
  'delete',
  'rename',
  'upload',
  'save',
  'remote-download',
  'compress',
  'decompress',
  'chmod',
  'chown',
  'move',
  'copy',
  'database-import',
] as const;
export type AgentFileCall = (typeof AGENT_FILE_CALLS)[number];

/** Lifetimes (seconds): a file token lasts minutes; a single-use link or terminal token seconds. */
export const AGENT_TOKEN_LIFETIME_SECONDS = 10 * 60;
export const AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS = 60;
/** A media view link (`files:view`): long enough to watch and seek a short video, no longer. */
export const AGENT_VIEW_LINK_LIFETIME_SECONDS = 5 * 60;
/** Clock difference tolerated between the panel and the server. */
export const AGENT_CLOCK_SKEW_SECONDS = 30;

/**
 * The signed part of a token: `base64url(JSON payload) + "." + base64url(Ed25519 signature of the
 * first part's ASCII)`, signed with the panel's key (ARCHITECTURE.md, Agent).
 */
export interface AgentTokenPayload {
  v: 1;
  server: number;
  site: number | null;
  /** Absolute and resolved: every path a call names must stay inside it. */
  root: string;
  /** The Unix user the agent acts as: `root` for a server token, the site's user for a site. */
  user: string;
  ops: AgentOperation[];
  /** Unix seconds. */
  exp: number;
  jti: string;
  /** A download or media view link names its one file. */
  path?: string;
}

const PAYLOAD_KEYS = new Set(['v', 'server', 'site', 'root', 'user', 'ops', 'exp', 'jti', 'path']);
/** A Linux account name as useradd accepts it portably (contracts linuxUserSchema). */
const LINUX_USER_PATTERN = /^[a-z_][a-z0-9_-]{0,31}$/;
const JTI_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const isPositiveInteger = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) > 0;

/** C0 and C1 control characters, DEL, U+2028/2029: never in a path or name (as grammars.ts). */
function hasControl(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

/** `/` or `/a/b`: absolute, no empty, `.` or `..` segment, no trailing `/`, at most 4096. */
export function isResolvedAbsolutePath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 4096 || !value.startsWith('/') || hasControl(value))
    return false;
  if (value === '/') return true;
  return value
    .slice(1)
    .split('/')
    .every((segment) => segment.length > 0 && segment.length <= 255 && segment !== '.' && segment !== '..');
}

/** The payload of a token, or null when anything in it is not exactly as the panel signs it. */
export function parseAgentTokenPayload(value: unknown): AgentTokenPayload | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const payload = value as Record<string, unknown>;
  if (Object.keys(payload).some((key) => !PAYLOAD_KEYS.has(key))) return null;
  const { v, server, site, root, user, ops, exp, jti, path } = payload;
  if (v !== 1 || !isPositiveInteger(server) || !isPositiveInteger(exp)) return null;
  if (site !== null && !isPositiveInteger(site)) return null;
  if (!isResolvedAbsolutePath(root)) return null;
  if (typeof user !== 'string' || !LINUX_USER_PATTERN.test(user)) return null;
  if (typeof jti !== 'string' || !JTI_PATTERN.test(jti)) return null;
  if (!Array.isArray(ops) || ops.length === 0 || ops.length > AGENT_OPERATIONS.length) return null;
  if (!ops.every((operation) => (AGENT_OPERATIONS as readonly unknown[]).includes(operation))) return null;
  if (
    path !== undefined &&
    (typeof path !== 'string' || path.length === 0 || path.length > 4096 || hasControl(path))
  )
    return null;
  return {
    v: 1,
    server,
    site: site as number | null,
    root,
    user,
    ops: [...(ops as AgentOperation[])],
    exp,
    jti,
    ...(path === undefined ? {} : { path: path as string }),
  };
}

/** The body of a revoke call, or null when anything in it is not as the panel sends it. */
export function parseAgentRevokeRequest(value: unknown): AgentRevokeRequest | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { tokens, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return null;
  if (!Array.isArray(tokens) || tokens.length === 0 || tokens.length > AGENT_REVOKE_MAX_TOKENS) return null;
  const parsed: AgentRevokeRequest['tokens'] = [];
  for (const token of tokens as unknown[]) {
    if (typeof token !== 'object' || token === null || Array.isArray(token)) return null;
    const { jti, exp, ...extra } = token as Record<string, unknown>;
    if (Object.keys(extra).length > 0) return null;
    if (typeof jti !== 'string' || !JTI_PATTERN.test(jti) || !isPositiveInteger(exp)) return null;
    parsed.push({ jti, exp });
  }
  return { tokens: parsed };
}

/** An origin as browsers send it: `https://panel.example.com`, `http://localhost:3000`. */
export function isOrigin(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 255 || hasControl(value))
    return false;
  try {
    const url = new URL(value);
    // The URL parser lets `;`, `$` and the like through in host names: ours may not have them.
    const plainHost = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])$/.test(url.hostname);
    return (url.protocol === 'http:' || url.protocol === 'https:') && plainHost && url.origin === value;
  } catch {
    return false;
  }
}

const PUBLIC_KEY_PEM_PATTERN =
  /^-----BEGIN PUBLIC KEY-----\n(?:[A-Za-z0-9+/=]{1,76}\n){1,20}-----END PUBLIC KEY-----\n?$/;
/** A PEM SPKI public key (the panel's Ed25519 key). */
export function isPublicKeyPem(value: unknown): value is string {
  return typeof value === 'string' && PUBLIC_KEY_PEM_PATTERN.test(value);
}

/** `/etc/hostdeck-agent/config.json` on a managed server, written by the `agent-install` recipe. */
export interface AgentConfig {
  /** AGENT_PORT (spec/000 §9) unless configured otherwise. */
  port: number;
  panelPublicKey: string;
  serverId: number;
  tls: { cert: string; key: string } | null;
  /** Origins a browser may open websockets and call from, compared exactly (SECURITY.md). */
  allowedOrigins: string[];
  /** Seconds between two resource samples (AGENT_METRICS_INTERVAL_SECONDS; tests use a few). */
  metricsIntervalSeconds: number;
}

const CONFIG_KEYS = new Set([
  'port',
  'panelPublicKey',
  'serverId',
  'tls',
  'allowedOrigins',
  'metricsIntervalSeconds',
]);

/** The configuration, or the list of what is wrong with it (every problem at once). */
export function parseAgentConfig(value: unknown): { config: AgentConfig } | { problems: string[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problems: ['not an object'] };
  const input = value as Record<string, unknown>;
  const problems = Object.keys(input)
    .filter((key) => !CONFIG_KEYS.has(key))
    .map((key) => `${key}: unknown field`);
  const port = input.port ?? AGENT_PORT;
  if (!Number.isInteger(port) || (port as number) < 1 || (port as number) > 65535)
    problems.push('port: invalid port');
  if (!isPublicKeyPem(input.panelPublicKey)) problems.push('panelPublicKey: invalid public key');
  if (!isPositiveInteger(input.serverId)) problems.push('serverId: must be a positive integer');
  const tls = input.tls ?? null;
  if (tls !== null) {
    const pair = tls as Record<string, unknown>;
    if (typeof tls !== 'object' || !isResolvedAbsolutePath(pair.cert) || !isResolvedAbsolutePath(pair.key)) {
      problems.push('tls: must be null or {cert, key} absolute paths');
    }
  }
  const origins = input.allowedOrigins;
  if (!Array.isArray(origins) || origins.length > 20 || !origins.every(isOrigin)) {
    problems.push('allowedOrigins: must be a list of at most 20 origins');
  }
  const interval = input.metricsIntervalSeconds ?? AGENT_METRICS_INTERVAL_SECONDS;
  if (!Number.isInteger(interval) || (interval as number) < 1 || (interval as number) > 3600)
    problems.push('metricsIntervalSeconds: must be 1 to 3600');
  if (problems.length > 0) return { problems };
  return {
    config: {
      port: port as number,
      panelPublicKey: input.panelPublicKey as string,
      serverId: input.serverId as number,
      tls: tls as AgentConfig['tls'],
      allowedOrigins: [...(origins as string[])],
      metricsIntervalSeconds: interval as number,
    },
  };
}

/** A terminal window size message (spec/001 §7): `resize|cols|rows`. */
const TERMINAL_RESIZE_PATTERN = /^resize\|([1-9][0-9]{0,3})\|([1-9][0-9]{0,3})$/;
/**
 * A File-tree item of spec/001 §3 as the agent's file API sends it (apps/agent/src/files/file-item.ts
 * builds it, the web's file manager reads it). The client's own tree state (loaded, files, dirs,
 * children) is not part of it.
 */
export interface AgentFileItem {
  type: 'dir' | 'file' | 'symbolic';
  /** Visible path under the root, e.g. `/var/www/index.php`. */
  path: string;
  name: string;
  basename: string;
  extension: string;
  size: number;
  size_format: string;
  mime: string;
  /** Unix time in seconds (a number: cheaper to build and send than text for 100k entries). */
  modified: number;
  /** 'user:group'. */
  owner: string;
  permission: { number: number; string: string };
  hidden: boolean;
  /** A link's target path when it is inside the root (the client follows only those, §2); else null. */
  link: string | null;
  /** What a link inside the root points at, so the client opens it as a folder or a file. */
  linkType: 'dir' | 'file' | null;
  isCompressed: boolean;
  canView: boolean;
}

export function parseTerminalResize(message: string): { cols: number; rows: number } | null {
  const match = TERMINAL_RESIZE_PATTERN.exec(message);
  return match ? { cols: Number(match[1]), rows: Number(match[2]) } : null;
}
export const terminalResizeMessage = (cols: number, rows: number) => `resize|${cols}|${rows}`;
