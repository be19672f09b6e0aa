import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseAgentTokenPayload, type AgentTokenPayload } from '@hostdeck/contracts';
import type { SecretBox } from '../crypto/secret-box.js';

/** The file beside the data (like app.key) holding the panel's agent-signing key pair. */
export const AGENT_KEY_FILE = 'agent-signing-key.json';
const SECRET_PURPOSE = 'agent.signing_key';

interface StoredKeyPair {
  publicKey: string;
  sealedPrivateKey: string;
}

/**
 * The panel's Ed25519 key pair for agent tokens (ARCHITECTURE.md, Agent). Made once, on first use,
 * and kept in the data directory with mode 0600; the private key sealed with the secret box, the
 * public key in clear (it is installed on every server with the agent). Several panel processes
 * share it through the shared data directory; 'wx' makes a second process that races the first
 * read the winner's file instead of writing its own.
 */
export function loadOrCreateAgentKeys(dataDir: string, secretBox: SecretBox) {
  const file = path.join(dataDir, AGENT_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const pair = generateKeyPairSync('ed25519');
    const stored: StoredKeyPair = {
      publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      sealedPrivateKey: secretBox.seal(
        pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        SECRET_PURPOSE,
      ),
    };
    try {
      writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredKeyPair;
  return createAgentSigner(
    createPrivateKey(secretBox.open(stored.sealedPrivateKey, SECRET_PURPOSE)),
    stored.publicKey,
  );
}

/** Signs and checks tokens: `base64url(JSON payload) + "." + base64url(Ed25519 signature)`. */
export function createAgentSigner(privateKey: KeyObject, publicKeyPem: string) {
  const publicKey = createPublicKey(publicKeyPem);
  return {
    /** The PEM the agent's config holds (agentConfigSchema.panelPublicKey). */
    publicKeyPem,

    sign(payload: AgentTokenPayload): string {
      const checked = parseAgentTokenPayload(payload);
      if (!checked) throw new Error('refusing to sign an invalid agent token payload');
      const body = Buffer.from(JSON.stringify(checked)).toString('base64url');
      return `${body}.${sign(null, Buffer.from(body, 'ascii'), privateKey).toString('base64url')}`;
    },

    /**
     * The payload of a token this panel signed, or null (the remote-terminal gateway checks its
     * single-use token with it; expiry and reuse are the caller's to check).
     */
    open(token: string): AgentTokenPayload | null {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      if (!verify(null, Buffer.from(body, 'ascii'), publicKey, Buffer.from(signature, 'base64url')))
        return null;
      try {
        return parseAgentTokenPayload(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
      } catch {
        return null;
      }
    },
  };
}
export type AgentSigner = ReturnType<typeof createAgentSigner>;
