import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import path from 'node:path';
import {
  AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS,
  AGENT_VIEW_LINK_LIFETIME_SECONDS,
  type AgentOperation,
  type AgentTokenPayload,
} from '@hostdeck/contracts/agent-protocol';
import { AgentRequestError } from './errors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { isMedia } from './files/mime.js';
import { isInsideRoot } from './paths.js';
import { AgentAuthError, type TokenVerifier } from './tokens.js';

/**
 * What a link is for (POST /link `{path, purpose}`), and the one operation its token carries:
 * - `download` (the default): `files:download`, 60 seconds, accepted once;
 * - `view`: `files:view`, media only, 5 minutes, accepted as often as asked within that time,
 *   because a <video> asks again with a Range header for every seek (spec/001 §2, §7) and a
 *   single-use link answered the second request with 401. Read-only and one file either way.
 */
export const LINK_PURPOSES = {
  download: { operation: 'files:download', lifetimeSeconds: AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS },
  view: { operation: 'files:view', lifetimeSeconds: AGENT_VIEW_LINK_LIFETIME_SECONDS },
} as const satisfies Record<string, { operation: AgentOperation; lifetimeSeconds: number }>;
export type LinkPurpose = keyof typeof LINK_PURPOSES;

/**
 * Download and media links (spec/001 §7 `GET {public}/files/download?path&root&token`, images and
 * videos through a view URL). A URL is the one place a token may travel (ARCHITECTURE.md, Agent),
 * so the link carries its own token: one file, one operation, short-lived (LINK_PURPOSES). The
 * agent signs it with a key of its own made at start-up, so the panel is not asked for every
 * link; the verifier accepts that key for link operations only.
 */
export function createLinkSigner(
  options: { now?: () => number; keyPair?: { publicKey: KeyObject; privateKey: KeyObject } } = {},
) {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const { publicKey, privateKey } = options.keyPair ?? generateKeyPairSync('ed25519');

  return {
    publicKey,

    /** A link token for `body.path`, inside the root of the token that asks for it. */
    sign(token: AgentTokenPayload, body: unknown): string {
      const { path: file, purpose } = readLinkRequest(body);
      if (!isInsideRoot(token.root, file)) throw new AgentRequestError(422, FILE_MESSAGES.outsideRoot);
      // A view link lives minutes and is reusable: only for what a media element shows.
      if (purpose === 'view' && !isMedia(path.posix.basename(file)))
        throw new AgentRequestError(422, FILE_MESSAGES.invalidRequest);
      const { operation, lifetimeSeconds } = LINK_PURPOSES[purpose];
      const payload: AgentTokenPayload = {
        v: 1,
        server: token.server,
        site: token.site,
        root: token.root,
        user: token.user,
        ops: [operation],
        exp: now() + lifetimeSeconds,
        jti: randomBytes(18).toString('base64url'),
        path: file,
      };
      const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${encoded}.${sign(null, Buffer.from(encoded, 'ascii'), privateKey).toString('base64url')}`;
    },
  };
}
export type LinkSigner = ReturnType<typeof createLinkSigner>;

/** `{path, purpose?}`: an absolute path of at most 4096 characters; purpose download (default) or view. */
function readLinkRequest(body: unknown): { path: string; purpose: LinkPurpose } {
  const { path: file, purpose = 'download' } = (body ?? {}) as { path?: unknown; purpose?: unknown };
  if (typeof file !== 'string' || file.length === 0 || file.length > 4096)
    throw new AgentRequestError(422, FILE_MESSAGES.invalidPath);
  if (purpose !== 'download' && purpose !== 'view')
    throw new AgentRequestError(422, FILE_MESSAGES.invalidRequest);
  return { path: file, purpose };
}

/**
 * The payload of a link token in the query of `GET /files/download` or `/files/view`, or an
 * AgentAuthError. A download link opens either call once (older web clients view media with one);
 * a view link opens `/files/view` only, again and again until it expires. Either is bound to its
 * one file: the query names exactly that path, once, so `path[]=` or a repeated `path=` cannot
 * slip another file past the check to the file API (which reads every form).
 */
export function verifyLink(verifier: TokenVerifier, token: string, url: URL): AgentTokenPayload {
  const operation: AgentOperation =
    url.pathname === '/files/view' && verifier.decode(token).ops.includes('files:view')
      ? 'files:view'
      : 'files:download';
  const payload = verifier.verify(token, operation);
  const paths = url.searchParams.getAll('path');
  if (!payload.path || url.searchParams.has('path[]') || paths.length !== 1 || paths[0] !== payload.path)
    throw new AgentAuthError(403, 'This link is for another file');
  return payload;
}
