import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import {
  AGENT_CLOCK_SKEW_SECONDS,
  AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS,
  AGENT_TOKEN_LIFETIME_SECONDS,
  AGENT_VIEW_LINK_LIFETIME_SECONDS,
  SINGLE_USE_AGENT_OPERATIONS,
  parseAgentTokenPayload,
  type AgentOperation,
  type AgentTokenPayload,
} from '@hostdeck/contracts/agent-protocol';

/**
 * Verifies the panel's tokens (ARCHITECTURE.md, Agent): `base64url(JSON payload) + "." +
 * base64url(Ed25519 signature of the first part)`. 401: no token, not a token, a bad signature,
 * expired, a single-use token seen before, or a token the panel revoked (AGENT_REVOKE_PATH). 403: a genuine token for another server or without
 * the operation asked for.
 */
export class AgentAuthError extends Error {
  override readonly name = 'AgentAuthError';
  constructor(
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

export interface TokenVerifierOptions {
  /** The panel's Ed25519 public key (PEM SPKI), from the agent's config. */
  panelPublicKey: string;
  /** The agent's own key for links (links.ts): valid for `files:download` or `files:view` only. */
  linkPublicKey?: KeyObject;
  serverId: number;
  /** Unix seconds; tests move the clock. */
  now?: () => number;
}

/** Longest token accepted, so a huge header costs nothing to refuse. */
const MAX_TOKEN_LENGTH = 4096;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function createTokenVerifier(options: TokenVerifierOptions) {
  const publicKey: KeyObject = createPublicKey(options.panelPublicKey);
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('the panel public key is not Ed25519');
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  /** jti → exp of single-use tokens already used; forgotten once they expire anyway. */
  const used = new Map<string, number>();
  /** jti → exp of tokens the panel revoked; forgotten once they expire anyway. */
  const revoked = new Map<string, number>();

  function forgetExpired(remembered: Map<string, number>, at: number) {
    for (const [jti, exp] of remembered) if (exp + AGENT_CLOCK_SKEW_SECONDS < at) remembered.delete(jti);
  }

  /** The payload of a genuine, unexpired token, or AgentAuthError(401). Does not consume it. */
  function decode(token: string | null | undefined): AgentTokenPayload {
    if (!token) throw new AgentAuthError(401, 'A token is required');
    if (token.length > MAX_TOKEN_LENGTH) throw new AgentAuthError(401, 'Invalid token');
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined || !BASE64URL.test(body) || !BASE64URL.test(signature)) {
      throw new AgentAuthError(401, 'Invalid token');
    }
    const signed = Buffer.from(body, 'ascii');
    const signatureBytes = Buffer.from(signature, 'base64url');
    const byPanel = verify(null, signed, publicKey, signatureBytes);
    const byAgent =
      !byPanel &&
      options.linkPublicKey !== undefined &&
      verify(null, signed, options.linkPublicKey, signatureBytes);
    if (!byPanel && !byAgent) throw new AgentAuthError(401, 'Invalid token');
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw new AgentAuthError(401, 'Invalid token');
    }
    const payload = parseAgentTokenPayload(json);
    if (!payload) throw new AgentAuthError(401, 'Invalid token');
    if (byAgent && (payload.ops.length !== 1 || !LINK_OPERATIONS.includes(payload.ops[0]!))) {
      throw new AgentAuthError(401, 'Invalid token');
    }
    const at = now();
    if (payload.exp + AGENT_CLOCK_SKEW_SECONDS < at) throw new AgentAuthError(401, 'The token has expired');
    // A token living longer than the panel ever issues is refused: a leaked key cannot mint
    // long-lived tokens that look ordinary (the panel signs minutes, single-use seconds).
    const lifetime = longestLifetime(payload);
    if (payload.exp > at + lifetime + AGENT_CLOCK_SKEW_SECONDS)
      throw new AgentAuthError(401, 'Invalid token');
    if (revoked.has(payload.jti)) throw new AgentAuthError(401, 'The token was revoked');
    return payload;
  }

  return {
    decode,

    /**
     * Refuses these tokens from now on, until they expire. Kept no longer than a file token can
     * live: a jti with a later exp names no token this agent would accept anyway.
     */
    revoke(tokens: readonly { jti: string; exp: number }[]) {
      const at = now();
      forgetExpired(revoked, at);
      for (const { jti, exp } of tokens) {
        if (exp + AGENT_CLOCK_SKEW_SECONDS < at) continue;
        revoked.set(jti, Math.min(exp, at + AGENT_TOKEN_LIFETIME_SECONDS + AGENT_CLOCK_SKEW_SECONDS));
      }
    },

    /**
     * A token for this server allowing `operation`. A single-use token (terminal, download link) is
     * consumed: the same one is refused afterwards.
     */
    verify(token: string | null | undefined, operation: AgentOperation): AgentTokenPayload {
      const payload = decode(token);
      if (payload.server !== options.serverId)
        throw new AgentAuthError(403, 'This token is for another server');
      if (!payload.ops.includes(operation)) throw new AgentAuthError(403, 'This token does not allow it');
      if (isSingleUse(payload)) {
        const at = now();
        forgetExpired(used, at);
        if (used.has(payload.jti)) throw new AgentAuthError(401, 'This token was already used');
        used.set(payload.jti, payload.exp);
      }
      return payload;
    },
  };
}
export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

/** The operations a link signed by the agent's own key may carry, one per link. */
const LINK_OPERATIONS: readonly AgentOperation[] = ['files:download', 'files:view'];

function longestLifetime(payload: AgentTokenPayload): number {
  if (isSingleUse(payload)) return AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS;
  if (payload.ops.includes('files:view')) return AGENT_VIEW_LINK_LIFETIME_SECONDS;
  return AGENT_TOKEN_LIFETIME_SECONDS;
}

function isSingleUse(payload: AgentTokenPayload): boolean {
  return payload.ops.some((operation) => SINGLE_USE_AGENT_OPERATIONS.includes(operation));
}
