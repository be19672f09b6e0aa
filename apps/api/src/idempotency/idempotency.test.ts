import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '@hostdeck/contracts/idempotency';
import { siteCommandStartedSchema } from '@hostdeck/contracts';
import { events, idempotencyKeys } from '../database/schema.js';
import { deploymentScene, useDeploymentApp, waitForEvent } from '../deployments/testing/deployments.js';
import { and, eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';

/** A write token of a fresh user with a site (deploymentScene), and a call with an Idempotency-Key. */
async function scene(test: TestApp) {
  const { olga, site, base } = await deploymentScene(test);
  const made = await olga.api.post('/api/user/api-tokens', { name: 'ci', scopes: ['write', 'read'] });
  const token = made.json().data.token as string;
  const post = (key: string | undefined, body: object, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: 'POST',
      url: `${base}/commands`,
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}), ...headers },
      payload: body,
    });
  return { olga, site, base, post };
}

describe('Idempotency-Key', () => {
  const { testApp, db } = useDeploymentApp();
  const eventsOf = async (siteId: number) =>
    db()
      .select()
      .from(events)
      .where(and(eq(events.siteId, siteId), eq(events.type, 'site_command')));

  it('answers the same key and body twice with the first answer, and starts one event', async () => {
    const { site, post } = await scene(testApp());
    const first = await post('run-1', { command: 'echo one' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('run-1', { command: 'echo one' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const started = siteCommandStartedSchema.parse(first.json());
    await waitForEvent(db(), started.event.id);
    expect(await eventsOf(site.id)).toHaveLength(1);
    // Without a key, or with another one, a call is a new call.
    expect((await post('run-2', { command: 'echo one' })).statusCode).toBe(201);
    expect(await eventsOf(site.id)).toHaveLength(2);
  });

  it('refuses the same key with another body (422), keeps the answer sealed', async () => {
    const { post } = await scene(testApp());
    expect((await post('k', { command: 'echo secret-text' })).statusCode).toBe(201);
    const other = await post('k', { command: 'echo two' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors['Idempotency-Key']).toEqual([IDEMPOTENCY_MESSAGES.otherBody]);
    const vi = await post('k', { command: 'echo two' }, { 'accept-language': 'vi' });
    expect(vi.json().errors['Idempotency-Key'][0]).toContain('nội dung yêu cầu khác');
    const rows = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toMatch(/^v1:/);
    expect(JSON.stringify(rows[0])).not.toContain('secret-text');
    expect(rows[0]!.caller).toMatch(/^t:\d+$/);
  });

  it('never runs two concurrent calls with one key: the second waits its turn or gets 409', async () => {
    const { site, post } = await scene(testApp());
    const answers = await Promise.all([1, 2, 3].map(() => post('race', { command: 'echo race' })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const ids = new Set(
      answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().event.id as number),
    );
    expect(ids.size).toBe(1);
    expect(await eventsOf(site.id)).toHaveLength(1);
  });

  it('keeps keys per caller: a browser session and a token do not share them', async () => {
    const { olga, base, post } = await scene(testApp());
    expect((await post('shared', { command: 'echo a' })).statusCode).toBe(201);
    const session = await testApp().app.inject({
      method: 'POST',
      url: `${base}/commands`,
      headers: { ...(await olga.api.headers()), 'idempotency-key': 'shared' },
      payload: { command: 'echo b' },
    });
    expect(session.statusCode, session.body).toBe(201);
    expect(session.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a key that breaks the grammar (400) and an expired key is a new call', async () => {
    const { site, post } = await scene(testApp());
    const long = await post('x'.repeat(256), { command: 'echo a' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(IDEMPOTENCY_MESSAGES.grammar);
    expect((await post('é', { command: 'echo a' })).statusCode).toBe(400);
    expect((await post('old', { command: 'echo a' })).statusCode).toBe(201);
    await db()
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, 'old'));
    const fresh = await post('old', { command: 'echo a' });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventsOf(site.id)).toHaveLength(2);
  });
});
