import { randomBytes } from 'node:crypto';
import { AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS, type AgentTokenPayload } from '@hostdeck/contracts';
import type { AgentSigner } from '../agent/agent-keys.js';
import { defaultAgentUrl } from './database-import-task.js';

/** Where the `database-dump` recipe writes, one folder per engine (0700 root). */
export const DATABASE_DUMP_FOLDER = '/var/backups/hostdeck/databases';
/** The engines that have a dump folder (contracts' DATABASE_ENGINES of issue 15). */
const DUMP_ENGINES = ['mysql', 'mariadb', 'postgresql', 'mongod'] as const;
/** A dump's name as the recipe makes it: `<database>--<YYYYmmddTHHMMSSZ>.<ext>`. */
const DUMP_FILE = /^[A-Za-z0-9_]+--[0-9]{8}T[0-9]{6}Z\.(?:sql\.gz|dump|archive\.gz)$/;

/** The path is not a dump of the dump folder: nothing is signed. */
export class DumpPathError extends Error {
  override readonly name = 'DumpPathError';
}

export interface DumpDownloadRequest {
  signer: Pick<AgentSigner, 'sign'>;
  server: { id: number; ip: string };
  /** `<folder>/<engine>/<file>`: the dump's full path on the server. */
  path: string;
  /** Unix seconds. */
  now?: number;
  /**
   * The agent's base URL the browser reaches (agent-endpoint.ts agentPublicEndpoint: https by the
   * agent site's name once it has a certificate); by default http by IP on the agent's port.
   */
  endpoint?: string;
  /** The dumps' folder; tests use a folder of their own. */
  folder?: string;
}

/**
 * The download link of one dump (spec/001 §7 `GET {agent}/files/download?path&root&token`; issue
 * 15: downloads stream through the agent, with a single-use link). The token is the panel's (its
 * agent signer), root's, and as narrow as the agent allows: `files:download` only (the agent
 * accepts that operation once: it remembers the jti until the token expires, tokens.ts), 60
 * seconds, the root confined to that engine's dump folder, and bound to the one file (links.ts
 * verifyLink: the query must name exactly the token's `path`). The agent's main process streams
 * the file from the descriptor its worker opened (hand-off), with Range support; nothing of it
 * crosses the panel. The token travels in the URL: the one place ARCHITECTURE.md allows, for
 * single-use download links that expire in seconds.
 */
export function dumpDownloadUrl(request: DumpDownloadRequest): string {
  const folder = request.folder ?? DATABASE_DUMP_FOLDER;
  const root = dumpRootOf(request.path, folder);
  const now = request.now ?? Math.floor(Date.now() / 1000);
  const payload: AgentTokenPayload = {
    v: 1,
    server: request.server.id,
    site: null,
    root,
    user: 'root',
    ops: ['files:download'],
    exp: now + AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS,
    jti: randomBytes(18).toString('base64url'),
    path: request.path,
  };
  const query = new URLSearchParams({ path: request.path, root, token: request.signer.sign(payload) });
  const endpoint = (request.endpoint ?? defaultAgentUrl(request.server.ip)).replace(/\/+$/, '');
  return `${endpoint}/files/download?${query}`;
}

/** The full path of a dump: `<folder>/<engine>/<file>`. */
export function dumpPath(engine: string, file: string, folder = DATABASE_DUMP_FOLDER): string {
  const path = `${folder}/${engine}/${file}`;
  dumpRootOf(path, folder);
  return path;
}

/** The engine folder holding `path`, or DumpPathError when it is not exactly a dump there. */
function dumpRootOf(path: string, folder: string): string {
  if (!path.startsWith(`${folder}/`)) throw new DumpPathError('not in the dump folder');
  const [engine, file, ...rest] = path.slice(folder.length + 1).split('/');
  if (rest.length > 0 || !engine || !file) throw new DumpPathError('not a dump of an engine folder');
  if (!(DUMP_ENGINES as readonly string[]).includes(engine)) throw new DumpPathError('unknown engine');
  if (!DUMP_FILE.test(file)) throw new DumpPathError('not a dump name');
  return `${folder}/${engine}`;
}
