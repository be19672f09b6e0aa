import { randomBytes } from 'node:crypto';
import {
  AGENT_REVOKE_MAX_TOKENS,
  AGENT_REVOKE_PATH,
  AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS,
  AGENT_TOKEN_HEADER,
  type AgentRevokeRequest,
} from '@hostdeck/contracts';
import type { AgentSigner } from './agent-keys.js';

/** A revoke call is a few hundred bytes: an agent that does not answer in this time is not there. */
const REVOKE_TIMEOUT_MS = 10_000;

/**
 * POST {agent}/tokens/revoke (contracts AGENT_REVOKE_PATH) the way the private endpoint's proxy
 * reaches an agent (agent-proxy.ts: http to the server's address on the agent port), with a
 * single-use `tokens:revoke` token signed for that server. Throws unless the agent answered 200
 * (an agent older than version 24 does not know the call and answers 401).
 */
export function createAgentRevokeCall(options: { signer: AgentSigner; port: number; now?: () => number }) {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  return async (
    server: { id: number; address: string },
    tokens: readonly { jti: string; exp: number }[],
  ): Promise<void> => {
    const host = server.address.includes(':') ? `[${server.address}]` : server.address;
    for (let start = 0; start < tokens.length; start += AGENT_REVOKE_MAX_TOKENS) {
      const body: AgentRevokeRequest = {
        tokens: tokens.slice(start, start + AGENT_REVOKE_MAX_TOKENS).map(({ jti, exp }) => ({ jti, exp })),
      };
      const token = options.signer.sign({
        v: 1,
        server: server.id,
        site: null,
        root: '/',
        user: 'root',
        ops: ['tokens:revoke'],
        exp: now() + AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS,
        jti: randomBytes(18).toString('base64url'),
      });
      const response = await fetch(`http://${host}:${options.port}${AGENT_REVOKE_PATH}`, {
        method: 'POST',
        headers: { [AGENT_TOKEN_HEADER]: token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
      });
      const answer = await response.text();
      if (response.status !== 200)
        throw new Error(`the agent answered ${response.status}: ${answer.slice(0, 200)}`);
    }
  };
}
