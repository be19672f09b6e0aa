import { describe, expect, it } from 'vitest';
import { eventOutputSchema, siteCommandStartedSchema } from '@hostdeck/contracts';
import { deploymentScene, useDeploymentApp } from '../deployments/testing/deployments.js';
import type { TestApp } from '../testing/test-app.js';

async function readToken(
  test: TestApp,
  who: { api: { post: (url: string, body: unknown) => Promise<{ json(): { data: { token: string } } }> } },
) {
  return (await who.api.post('/api/user/api-tokens', { name: 'tail', scopes: ['read'] })).json().data.token;
}

describe('an event’s output after an offset (long-poll)', () => {
  const { testApp } = useDeploymentApp();

  it('gives a read token the output in pieces until the event finishes; a stranger 404', async () => {
    const { olga, mallory, base } = await deploymentScene(testApp());
    const started = siteCommandStartedSchema.parse(
      (await olga.api.post(`${base}/commands`, { command: 'echo hello' })).json(),
    );
    const token = await readToken(testApp(), olga);
    const read = (offset: number, bearer = token) =>
      testApp().app.inject({
        method: 'GET',
        url: `/api/events/${started.event.id}/output?offset=${offset}&wait=5`,
        headers: { authorization: `Bearer ${bearer}` },
      });
    let offset = 0;
    let text = '';
    for (;;) {
      const answer = await read(offset);
      expect(answer.statusCode, answer.body).toBe(200);
      const piece = eventOutputSchema.parse(answer.json().data);
      text += piece.output;
      expect(piece.offset).toBeGreaterThanOrEqual(offset);
      offset = piece.offset;
      if (piece.is_finished) {
        expect(piece.status).toBe('FINISHED');
        break;
      }
    }
    const whole = await olga.api.get(`/api/events/${started.event.id}`);
    expect(text).toBe(whole.json().data.output);
    // Past the end of a finished event: nothing more, at once.
    expect(eventOutputSchema.parse((await read(offset)).json().data).output).toBe('');
    const strangers = await readToken(testApp(), mallory);
    expect((await read(0, strangers)).statusCode).toBe(404);
  });
});
