import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_REVOKE_PATH, type AgentTokenPayload } from '@hostdeck/contracts/agent-protocol';
import { signToken, startTestAgent, tokenPayload } from './testing/agent-test-support.js';

/**
 * Issue 22 point 3: the panel tells the agent to refuse the file tokens of a member who lost
 * access. Over HTTP, against a real agent: a revoked token answers 401, every other still works,
 * and only the panel's genuine single-use `tokens:revoke` token may revoke.
 */
let test: Awaited<ReturnType<typeof startTestAgent>>;
beforeAll(async () => {
  test = await startTestAgent();
});
afterAll(async () => test?.agent.close());

const list = (token: string) =>
  fetch(`${test.url}/files/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-HostDeck': token },
    body: JSON.stringify({ path: '/' }),
  });

const revoke = (token: string | null, payloads: AgentTokenPayload[]) =>
  fetch(`${test.url}${AGENT_REVOKE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'X-HostDeck': token }) },
    body: JSON.stringify({ tokens: payloads.map(({ jti, exp }) => ({ jti, exp })) }),
  });

const revokeToken = (overrides: Partial<AgentTokenPayload> = {}) =>
  test.token({ ops: ['tokens:revoke'], user: 'root', exp: Math.floor(Date.now() / 1000) + 60, ...overrides });

describe('revoking file tokens', () => {
  it('refuses a revoked token (401) and keeps serving the others', async () => {
    const revoked = tokenPayload();
    const kept = tokenPayload();
    const revokedToken = signToken(revoked, test.keys.privateKey);
    const keptToken = signToken(kept, test.keys.privateKey);
    expect((await list(revokedToken)).status).toBe(200);

    const answer = await revoke(revokeToken(), [revoked]);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ revoked: 1 });

    const refused = await list(revokedToken);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'The token was revoked' });
    expect((await list(keptToken)).status).toBe(200);
    // A link cannot be made with it either.
    const link = await fetch(`${test.url}/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-HostDeck': revokedToken },
      body: JSON.stringify({ path: '/etc/hostname' }),
    });
    expect(link.status).toBe(401);
  });

  it('needs the tokens:revoke operation, a genuine signature, this server, and accepts it once', async () => {
    const target = tokenPayload();
    const targetToken = signToken(target, test.keys.privateKey);

    expect((await revoke(null, [target])).status).toBe(401);
    // A file token, however genuine, cannot revoke.
    expect((await revoke(test.token(), [target])).status).toBe(403);
    const forged = signToken(
      tokenPayload({ ops: ['tokens:revoke'], user: 'root', exp: Math.floor(Date.now() / 1000) + 60 }),
      generateKeyPairSync('ed25519').privateKey,
    );
    expect((await revoke(forged, [target])).status).toBe(401);
    expect((await revoke(revokeToken({ server: 8 }), [target])).status).toBe(403);
    // A revoke token living as long as a file token is not one the panel signs.
    const longLived = revokeToken({ exp: Math.floor(Date.now() / 1000) + 600 });
    expect((await revoke(longLived, [target])).status).toBe(401);
    expect((await list(targetToken)).status).toBe(200);

    const once = revokeToken();
    expect((await revoke(once, [tokenPayload()])).status).toBe(200);
    expect((await revoke(once, [target])).status).toBe(401);
    expect((await list(targetToken)).status).toBe(200);
  });

  it('answers 400 for a body that is not a revocation', async () => {
    const bad = await fetch(`${test.url}${AGENT_REVOKE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-HostDeck': revokeToken() },
      body: JSON.stringify({ tokens: [{ jti: 'short', exp: 1 }] }),
    });
    expect(bad.status).toBe(400);
  });
});
