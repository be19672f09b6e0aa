import { eq, sql } from '../testing/sql.js';
import { describe, expect, it } from 'vitest';
import { scriptListSchema, scriptResponseSchema } from '@hostdeck/contracts';
import { customScripts } from '../database/schema.js';
import { signIn, useTestApp } from '../policy/testing/policy-fixtures.js';

/** The custom scripts of the terminal's picker (spec/001 §2 Terminal, §7 api.scripts.index). */
describe('custom scripts', () => {
  const { testApp, db } = useTestApp();

  const create = async (api: Awaited<ReturnType<typeof signIn>>['api'], memo: string, shared = false) => {
    const response = await api.post('/api/user/scripts', { memo, content: `echo ${memo}\nuptime`, shared });
    expect(response.statusCode, response.body).toBe(201);
    return scriptResponseSchema.parse(response.json()).data;
  };
  // As an administrator's approval leaves it: approved, the content's hash pinned.
  const approve = (id: number) =>
    db()
      .update(customScripts)
      .set({ approved: true, approvedHash: sql`encode(sha256(convert_to(content, 'UTF8')), 'hex')` })
      .where(eq(customScripts.id, id));

  it("lists, changes and deletes the caller's own scripts; another user's answer 404", async () => {
    const alice = await signIn(testApp(), 'Alice');
    const bob = await signIn(testApp(), 'Bob');
    const script = await create(alice.api, 'disk usage');
    expect(script).toMatchObject({ memo: 'disk usage', content: 'echo disk usage\nuptime', shared: false });

    const mine = scriptListSchema.parse((await alice.api.get('/api/user/scripts')).json());
    expect(mine.data.map((item) => item.id)).toEqual([script.id]);
    expect(scriptListSchema.parse((await bob.api.get('/api/user/scripts')).json()).data).toEqual([]);

    const body = { memo: 'stolen', content: 'id' };
    expect((await bob.api.put(`/api/user/scripts/${script.id}`, body)).statusCode).toBe(404);
    expect((await bob.api.delete(`/api/user/scripts/${script.id}`)).statusCode).toBe(404);

    const updated = await alice.api.put(`/api/user/scripts/${script.id}`, { memo: 'disk', content: 'df -h' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(scriptResponseSchema.parse(updated.json()).data).toMatchObject({ memo: 'disk', content: 'df -h' });
    expect((await alice.api.delete(`/api/user/scripts/${script.id}`)).statusCode).toBe(204);
    expect((await alice.api.delete(`/api/user/scripts/${script.id}`)).statusCode).toBe(404);
  });

  it('refuses an empty or multi-line memo, and an empty content', async () => {
    const { api } = await signIn(testApp());
    for (const body of [
      { memo: '', content: 'ls' },
      { memo: 'a\nb', content: 'ls' },
      { memo: 'ok', content: '' },
      { memo: 'x'.repeat(256), content: 'ls' },
    ]) {
      expect((await api.post('/api/user/scripts', body)).statusCode).toBe(422);
    }
  });

  it('shares only approved scripts, with search and pages of 10', async () => {
    const author = await signIn(testApp(), 'Author');
    const reader = await signIn(testApp(), 'Reader');
    const tag = `zq${Date.now()}`;
    const made = [];
    for (let index = 0; index < 12; index += 1)
      made.push(await create(author.api, `${tag} tool ${index}`, true));
    const notShared = await create(author.api, `${tag} private`);
    const pending = await create(author.api, `${tag} pending`, true);
    for (const script of made) await approve(script.id);
    await approve(notShared.id); // approved but not shared: still private

    const list = async (query: string) => {
      const response = await reader.api.get(`/api/scripts?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return scriptListSchema.parse(response.json());
    };
    const first = await list(`search=${tag}&itemsPerPage=10&page=1`);
    expect(first.meta.last_page).toBe(2);
    expect(first.meta.total).toBe(12);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]!.user).toMatchObject({ name: 'Author', verified: true });
    const second = await list(`search=${tag}&itemsPerPage=10&page=2`);
    expect(second.data).toHaveLength(2);
    const ids = [...first.data, ...second.data].map((script) => script.id);
    expect(ids).not.toContain(notShared.id);
    expect(ids).not.toContain(pending.id);

    const one = await list(`search=${encodeURIComponent(`${tag} tool 11`)}`);
    expect(one.data.map((script) => script.memo)).toEqual([`${tag} tool 11`]);
    // LIKE wildcards are searched as text.
    expect((await list(`search=${tag}%25`)).data).toEqual([]);

    // Editing an approved script withdraws the approval until an administrator approves it again.
    await author.api.put(`/api/user/scripts/${made[0]!.id}`, {
      memo: `${tag} changed`,
      content: 'ls',
      shared: true,
    });
    expect((await list(`search=${tag}`)).meta.total).toBe(11);
  });
});
