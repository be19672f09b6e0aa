import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAgent } from './testing/agent-test-support.js';

/**
 * The key of save's encrypted path (files/path-cipher.ts) reaches the file handlers, in-process and
 * in a worker, while the token itself stays withheld from workers (worker-pool.ts).
 */
let test: Awaited<ReturnType<typeof startTestAgent>>;
beforeAll(async () => {
  test = await startTestAgent();
});
afterAll(async () => test?.agent.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the path key of a file call', () => {
  it('is the SHA-256 of the header token, for the agent’s own user and in a worker', async () => {
    const users = [undefined, ...(process.getuid?.() === 0 ? ['nobody'] : [])];
    for (const user of users) {
      const token = test.token({ root: '/tmp', ...(user ? { user } : {}) });
      const response = await fetch(`${test.url}/files/save`, {
        method: 'POST',
        headers: { 'X-HostDeck': token, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(200);
      const { scope } = (await response.json()) as { scope: Record<string, unknown> };
      expect(scope.pathKey, user ?? 'own user').toBe(sha256(token));
      expect(JSON.stringify(scope)).not.toContain(token);
    }
  });

  it('is absent for a single-use link token (no save can be made with one)', async () => {
    const token = test.token({ root: '/srv/site' });
    const made = await fetch(`${test.url}/link`, {
      method: 'POST',
      headers: { 'X-HostDeck': token, 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/srv/site/a.png' }),
    });
    const { token: link } = (await made.json()) as { token: string };
    const response = await fetch(
      `${test.url}/files/download?root=/srv/site&path=/srv/site/a.png&token=${link}`,
    );
    expect(response.status).toBe(200);
    const { scope } = (await response.json()) as { scope: Record<string, unknown> };
    expect(scope.pathKey).toBeUndefined();
  });
});
