import { describe, expect, it } from 'vitest';
import { siteCommandStartedSchema } from '@hostdeck/contracts';
import { deploymentScene, useDeploymentApp, waitForEvent } from '../deployments/testing/deployments.js';

/** Issue 23 point 5: a long operation answers with its event to poll, and 202 when asked. */
describe('answers of calls that start an event', () => {
  const { testApp, db } = useDeploymentApp();

  async function scene() {
    const { olga, base } = await deploymentScene(testApp());
    const made = await olga.api.post('/api/user/api-tokens', { name: 'ci', scopes: ['write', 'read'] });
    expect(made.headers.location).toBeUndefined();
    const token = made.json().data.token as string;
    const call = (
      method: 'GET' | 'POST',
      url: string,
      headers: Record<string, string> = {},
      payload?: object,
    ) =>
      testApp().app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, ...headers },
        payload,
      });
    return { base, call };
  }

  it('names the event in Location; Prefer: respond-async makes it 202, replays included', async () => {
    const { base, call } = await scene();
    const plain = await call('POST', `${base}/commands`, {}, { command: 'echo one' });
    expect(plain.statusCode, plain.body).toBe(201);
    const first = siteCommandStartedSchema.parse(plain.json()).event.id;
    expect(plain.headers.location).toBe(`/api/events/${first}`);
    expect(plain.headers['preference-applied']).toBeUndefined();

    const prefer = { prefer: 'respond-async, wait=10', 'idempotency-key': 'async-1' };
    const accepted = await call('POST', `${base}/commands`, prefer, { command: 'echo two' });
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.headers['preference-applied']).toBe('respond-async');
    expect(String(accepted.headers.vary)).toMatch(/prefer/i);
    const second = siteCommandStartedSchema.parse(accepted.json()).event.id;
    expect(accepted.headers.location).toBe(`/api/events/${second}`);

    const replay = await call('POST', `${base}/commands`, prefer, { command: 'echo two' });
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(siteCommandStartedSchema.parse(replay.json()).event.id).toBe(second);

    // The Location is the event, readable with the same token, and its output can be followed.
    await waitForEvent(db(), second);
    const event = await call('GET', accepted.headers.location as string);
    expect(event.statusCode, event.body).toBe(200);
    expect(event.json().data).toMatchObject({ id: second, status: 'FINISHED' });
    const output = await call('GET', `${accepted.headers.location as string}/output?offset=0`);
    expect(output.statusCode, output.body).toBe(200);
  });

  it('leaves calls that start nothing alone, whatever the caller prefers', async () => {
    const { base, call } = await scene();
    const favorite = await call('POST', `${base}/favorite`, { prefer: 'respond-async' });
    expect(favorite.statusCode, favorite.body).toBeLessThan(300);
    expect(favorite.statusCode).not.toBe(202);
    expect(favorite.headers.location).toBeUndefined();
  });
});
