import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import {
  AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS,
  type AgentTokenPayload,
} from '@hostdeck/contracts/agent-protocol';
import { AgentRequestError } from './errors.js';
import { isInsideRoot } from './paths.js';

/**
 * Single-use download and media links (spec/001 §7 `GET {public}/files/download?path&root&token`,
 * images and videos through a view URL). A URL is the one place a token may travel
 * (ARCHITECTURE.md, Agent), so the link carries its own token: one file, `files:download` only,
 * 60 seconds, accepted once. The agent signs it with a key of its own made at start-up, so the
 * panel is not asked for every download; the verifier accepts that key for links only.
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
      const file = (body as { path?: unknown } | null)?.path;
      if (
        typeof file !== 'string' ||
        file.length === 0 ||
        file.length > 4096 ||
        !isInsideRoot(token.root, file)
      ) {
        throw new AgentRequestError(422, 'The path is outside the root');
      }
      const payload: AgentTokenPayload = {
        v: 1,
        server: token.server,
        site: token.site,
        root: token.root,
        user: token.user,
        ops: ['files:download'],
        exp: now() + AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS,
        jti: randomBytes(18).toString('base64url'),
        path: file,
      };
      const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${encoded}.${sign(null, Buffer.from(encoded, 'ascii'), privateKey).toString('base64url')}`;
    },
  };
}
export type LinkSigner = ReturnType<typeof createLinkSigner>;
