import { describe, expect, it } from 'vitest';
import { runScriptResponseSchema, scriptResponseSchema } from '@hostdeck/contracts';
import { events } from '../database/schema.js';
import { insertServer, signIn, useTestApp, type SignedInUser } from '../policy/testing/policy-fixtures.js';
import { eq } from '../testing/sql.js';

/**
 * Running a custom script on servers (issue 22 point 6): one event per chosen server, started only
 * when the caller may manage every one of them; another user's script or server answers 404 and
 * starts nothing. (The run itself, on a booted server: script-runs.server.test.ts.)
 */
describe('running a custom script', () => {
  const { testApp, db } = useTestApp();

  const create = async (user: SignedInUser, memo: string, shared = false) => {
    const response = await user.api.post('/api/user/scripts', { memo, content: 'echo hi', shared });
    return scriptResponseSchema.parse(response.json()).data;
  };
  const eventsOf = (userId: number) => db().select().from(events).where(eq(events.userId, userId));

  it('starts one event per server, named by the memo, never holding the content', async () => {
    const ann = await signIn(testApp(), 'Ann');
    const one = await insertServer(db(), ann.user.id, { name: 'one' });
    const two = await insertServer(db(), ann.user.id, { name: 'two' });
    const script = await create(ann, 'say hi');
    const response = await ann.api.post(`/api/user/scripts/${script.id}/run`, { servers: [one.id, two.id] });
    expect(response.statusCode, response.body).toBe(201);
    const started = runScriptResponseSchema.parse(response.json()).data;
    expect(started.map((event) => event.server_id)).toEqual([one.id, two.id]);
    expect(started[0]).toMatchObject({
      type: 'custom_script_run',
      description: 'Run the script say hi',
      model_id: script.id,
      model_type: 'custom_script',
    });
    const rows = await eventsOf(ann.user.id);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain('echo hi');
  });

  it("answers 404 for another user's script or server, and starts nothing", async () => {
    const ben = await signIn(testApp(), 'Ben');
    const eve = await signIn(testApp(), 'Eve');
    const bens = await insertServer(db(), ben.user.id, { name: 'bens' });
    const eves = await insertServer(db(), eve.user.id, { name: 'eves' });
    const bensScript = await create(ben, 'ben only');
    const evesScript = await create(eve, 'eve only');
    expect(
      (await eve.api.post(`/api/user/scripts/${bensScript.id}/run`, { servers: [eves.id] })).statusCode,
    ).toBe(404);
    expect(
      (await eve.api.post(`/api/user/scripts/${evesScript.id}/run`, { servers: [eves.id, bens.id] }))
        .statusCode,
    ).toBe(404);
    // Shared but not approved: not in the marketplace, so not runnable from it.
    const pending = await create(ben, 'pending', true);
    expect((await eve.api.post(`/api/scripts/${pending.id}/run`, { servers: [eves.id] })).statusCode).toBe(
      404,
    );
    expect(await eventsOf(eve.user.id)).toEqual([]);
    for (const body of [{ servers: [] }, { servers: [eves.id, eves.id] }, { servers: ['x'] }, {}]) {
      expect((await eve.api.post(`/api/user/scripts/${evesScript.id}/run`, body)).statusCode).toBe(422);
    }
  });
});
