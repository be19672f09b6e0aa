import { describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, apiTokenRoutes, createApiTokenBodySchema } from '@hostdeck/contracts/api-tokens';
import { apiTokens } from '../database/schema.js';
import { signIn, useTestApp } from '../policy/testing/policy-fixtures.js';
import { eq } from '../testing/sql.js';
import { API_TOKEN_RATE_LIMIT, scopesAllowing } from './token-auth.js';

const BASE = apiTokenRoutes.list.path;
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDqOdFzYCt3O98IFWo94zzHIxtcWUvuOC0l1EB+4eTRw me@laptop';

describe('API tokens', () => {
  const { testApp, db } = useTestApp();

  async function tokenWith(scopes: string[], expires_in_days: number | null = 30) {
    const owner = await signIn(testApp());
    const created = await owner.api.post(BASE, { name: 'ci job', scopes, expires_in_days });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data as { id: number; token: string; prefix: string };
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: object, headers = {}) =>
      testApp().app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${data.token}`, ...headers },
        ...(body ? { payload: body } : {}),
      });
    return { owner, data, call };
  }

  it('shows the token once and keeps only its hash', async () => {
    const { owner, data } = await tokenWith(['read']);
    expect(data.token).toMatch(/^hd_[A-Za-z0-9_-]{43}$/);
    expect(data.token.startsWith(data.prefix)).toBe(true);
    const listed = await owner.api.get(BASE);
    expect(listed.body).not.toContain(data.token);
    expect(listed.json().data[0]).toMatchObject({ id: data.id, scopes: ['read'], last_used_at: null });
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, data.id));
    expect(JSON.stringify(row)).not.toContain(data.token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets a read token read, refuses its writes (403), and records when it was used', async () => {
    const { data, call } = await tokenWith(['read']);
    expect((await call('GET', '/api/user/ssh-keys')).statusCode).toBe(200);
    const write = await call('POST', '/api/user/ssh-keys', { name: 'laptop', public_key: KEY });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(API_TOKEN_MESSAGES.missingScope);
    const vi = await call(
      'POST',
      '/api/user/ssh-keys',
      { name: 'laptop', public_key: KEY },
      {
        'accept-language': 'vi',
      },
    );
    expect(vi.json().message).toBe('Token này không có phạm vi mà lệnh gọi này cần.');
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, data.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('lets a write token change things without the CSRF pair a browser needs', async () => {
    const { call } = await tokenWith(['write']);
    const created = await call('POST', '/api/user/ssh-keys', { name: 'laptop', public_key: KEY });
    expect(created.statusCode, created.body).toBe(201);
    expect((await call('GET', '/api/user/ssh-keys')).statusCode).toBe(403);
  });

  it('answers 401 to an expired, unknown or malformed token, and after the token is deleted', async () => {
    const { data, call } = await tokenWith(['read']);
    await db()
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, data.id));
    expect((await call('GET', '/api/user/ssh-keys')).statusCode).toBe(401);
    for (const authorization of [`Bearer hd_${'x'.repeat(43)}`, 'Bearer nonsense', `Bearer ${data.token}x`]) {
      const answer = await testApp().app.inject({
        method: 'GET',
        url: '/api/user/ssh-keys',
        headers: { authorization },
      });
      expect(answer.statusCode, authorization).toBe(401);
    }
    const fresh = await tokenWith(['read']);
    expect((await fresh.call('GET', '/api/user/ssh-keys')).statusCode).toBe(200);
    expect((await fresh.owner.api.delete(`${BASE}/${fresh.data.id}`)).statusCode).toBe(204);
    expect((await fresh.call('GET', '/api/user/ssh-keys')).statusCode).toBe(401);
  });

  it('never lets a token manage tokens, nor open a websocket', async () => {
    const { call } = await tokenWith(['read', 'write', 'secrets']);
    const listed = await call('GET', BASE);
    expect(listed.statusCode).toBe(403);
    expect(listed.json().message).toBe(API_TOKEN_MESSAGES.sessionOnly);
    expect((await call('POST', BASE, { name: 'more', scopes: ['write'] })).statusCode).toBe(403);
    const upgrade = await call('GET', '/api/user/ssh-keys', undefined, {
      upgrade: 'websocket',
      connection: 'Upgrade',
    });
    expect(upgrade.statusCode).toBe(403);
  });

  it("answers 404 for another account's token", async () => {
    const { data } = await tokenWith(['read']);
    const stranger = await signIn(testApp(), 'Stranger');
    expect((await stranger.api.delete(`${BASE}/${data.id}`)).statusCode).toBe(404);
    expect((await stranger.api.get(BASE)).json().data).toEqual([]);
  });

  it("needs the secrets scope for a call that answers secrets (the route hook's declared permission)", async () => {
    const reader = await tokenWith(['read']);
    const refused = await reader.call('GET', '/api/sites/999999/n8n/credentials');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(API_TOKEN_MESSAGES.missingScope);
    const keeper = await tokenWith(['read', 'secrets']);
    // Past the token's check, the policy answers: no such site.
    expect((await keeper.call('GET', '/api/sites/999999/n8n/credentials')).statusCode).toBe(404);
  });

  it('gives a deploy token the deploy calls only', () => {
    expect(scopesAllowing('POST', '/api/sites/:site/deploys/now')).toContain('deploy');
    expect(scopesAllowing('POST', '/api/sites/:site/deploys/:deployment/rollback')).toContain('deploy');
    expect(scopesAllowing('PUT', '/api/sites/:site/deploys/script')).toEqual(['write']);
    expect(scopesAllowing('GET', '/api/sites/:site/deploys')).toEqual(['read']);
    expect(scopesAllowing('DELETE', '/api/sites/:site')).toEqual(['write']);
  });

  it('says how many calls are left and answers 429 with Retry-After past the limit', async () => {
    const { call } = await tokenWith(['read']);
    const first = await call('GET', '/api/user/ssh-keys');
    expect(first.headers['x-ratelimit-limit']).toBe(String(API_TOKEN_RATE_LIMIT));
    expect(first.headers['x-ratelimit-remaining']).toBe(String(API_TOKEN_RATE_LIMIT - 1));
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 1; i < API_TOKEN_RATE_LIMIT; i += 1) await call('GET', '/api/user/ssh-keys');
    const limited = await call('GET', '/api/user/ssh-keys');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses bad names, no scopes, unknown scopes and odd expiries', () => {
    for (const body of [
      { name: '', scopes: ['read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['root'] },
      { name: 'x', scopes: ['read', 'read'] },
      { name: 'x', scopes: ['read'], expires_in_days: 3 },
      { name: 'x; rm -rf /', scopes: ['read'] },
    ])
      expect(createApiTokenBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    expect(createApiTokenBodySchema.parse({ name: 'ci', scopes: ['deploy'] }).expires_in_days).toBe(90);
  });
});
