import { describe, expect, it } from 'vitest';
import {
  adminServerListSchema,
  adminUserListSchema,
  reviewScriptListSchema,
  reviewedScriptResponseSchema,
  scriptListSchema,
  scriptResponseSchema,
  userSchema,
} from '@hostdeck/contracts';
import {
  apiAs,
  insertServer,
  signIn,
  useTestApp,
  type SignedInUser,
} from '../policy/testing/policy-fixtures.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { scriptContentHash } from '../scripts/script-hash.js';
import { createTestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';

const UNQUOTED = 'target=$1\nrm -rf $target/cache\necho done\n';

/**
 * The admin area and the review of shared scripts (issue 22 point 6, docs/scripts.md): the first
 * registered user administers the panel when ADMIN_EMAILS is unset; approval pins the content's
 * hash, an edit sends the script back to review; everyone else gets 404 from the admin calls.
 */
describe('admin area: review of shared scripts', () => {
  const { testApp, db } = useTestApp();
  let admin: SignedInUser;

  const share = async (user: SignedInUser, memo: string, content = UNQUOTED) => {
    const response = await user.api.post('/api/user/scripts', { memo, content, shared: true });
    expect(response.statusCode, response.body).toBe(201);
    return scriptResponseSchema.parse(response.json()).data;
  };
  const pendingFor = async (user: SignedInUser) => {
    const response = await user.api.get('/api/admin/scripts?itemsPerPage=100');
    expect(response.statusCode, response.body).toBe(200);
    return reviewScriptListSchema.parse(response.json()).data;
  };
  const marketplace = async (user: SignedInUser, search: string) =>
    scriptListSchema.parse((await user.api.get(`/api/scripts?search=${encodeURIComponent(search)}`)).json())
      .data;
  const info = async (user: SignedInUser) => userSchema.parse((await user.api.get('/api/user/info')).json());

  it('makes the first registered user the administrator, and nobody else', async () => {
    admin = await signIn(testApp(), 'First Admin');
    const other = await signIn(testApp(), 'Second User');
    expect((await info(admin)).isAdmin).toBe(true);
    expect((await info(other)).isAdmin).toBe(false);
    const users = adminUserListSchema.parse((await admin.api.get('/api/admin/users')).json());
    expect(users.data[0]).toMatchObject({ id: admin.user.id, is_admin: true });
    expect(users.data.find((user) => user.id === other.user.id)).toMatchObject({ is_admin: false });
  });

  it('answers 404 to a non-administrator on every admin call', async () => {
    const owner = await signIn(testApp(), 'Owner');
    const script = await share(owner, 'mine to approve');
    const hash = scriptContentHash(UNQUOTED);
    for (const call of [
      owner.api.get('/api/admin/scripts'),
      owner.api.get('/api/admin/users'),
      owner.api.get('/api/admin/servers'),
      owner.api.post(`/api/admin/scripts/${script.id}/approve`, { content_hash: hash }),
      owner.api.post(`/api/admin/scripts/${script.id}/reject`, { reason: 'no' }),
    ]) {
      expect((await call).statusCode).toBe(404);
    }
    expect((await marketplace(owner, 'mine to approve')).length).toBe(0);
  });

  it("lists pending scripts with shellcheck's findings; approval pins the hash; an edit returns to review", async () => {
    const author = await signIn(testApp(), 'Author');
    const reader = await signIn(testApp(), 'Reader');
    const tag = `zq${Date.now()}`;
    const script = await share(author, `${tag} clean cache`);
    expect(script).toMatchObject({ shared: true, approved: false, review: 'pending' });

    const listed = (await pendingFor(admin)).find((item) => item.id === script.id);
    expect(listed).toBeDefined();
    expect(listed!.author).toMatchObject({ id: author.user.id, name: 'Author' });
    expect(listed!.content_hash).toBe(scriptContentHash(UNQUOTED));
    expect(listed!.shellcheck_error).toBeNull();
    // `rm -rf $target/cache`: the unquoted variable (SC2086), on line 2.
    expect(listed!.findings).toContainEqual(
      expect.objectContaining({
        code: 2086,
        line: 2,
        level: 'info',
        message: expect.stringMatching(/quote/i),
      }),
    );
    expect(await marketplace(reader, tag)).toEqual([]);

    // A hash that is not the content's (the script changed since it was read): refused.
    const stale = await admin.api.post(`/api/admin/scripts/${script.id}/approve`, {
      content_hash: scriptContentHash('something else'),
    });
    expect(stale.statusCode).toBe(409);

    const approved = await admin.api.post(`/api/admin/scripts/${script.id}/approve`, {
      content_hash: listed!.content_hash,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(reviewedScriptResponseSchema.parse(approved.json()).data).toMatchObject({
      approved: true,
      review: 'approved',
    });
    expect((await marketplace(reader, tag)).map((item) => item.id)).toEqual([script.id]);
    expect((await pendingFor(admin)).map((item) => item.id)).not.toContain(script.id);

    // The author edits the content: back to review, gone from the marketplace.
    const edited = await author.api.put(`/api/user/scripts/${script.id}`, {
      memo: `${tag} clean cache`,
      content: 'rm -rf /tmp/cache',
      shared: true,
    });
    expect(scriptResponseSchema.parse(edited.json()).data).toMatchObject({
      approved: false,
      review: 'pending',
    });
    expect(await marketplace(reader, tag)).toEqual([]);
    const again = (await pendingFor(admin)).find((item) => item.id === script.id);
    expect(again!.content_hash).toBe(scriptContentHash('rm -rf /tmp/cache'));
    expect(again!.findings).toEqual([]);
  });

  it('rejects with a reason the author sees; an edit submits it again', async () => {
    const author = await signIn(testApp(), 'Rejected Author');
    const script = await share(author, 'risky');
    const rejected = await admin.api.post(`/api/admin/scripts/${script.id}/reject`, {
      reason: 'Quote $target first.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const mine = scriptListSchema.parse((await author.api.get('/api/user/scripts')).json()).data;
    expect(mine.find((item) => item.id === script.id)).toMatchObject({
      review: 'rejected',
      rejection_reason: 'Quote $target first.',
    });
    expect((await pendingFor(admin)).map((item) => item.id)).not.toContain(script.id);
    // Already reviewed: approving it now is refused until the author changes it.
    const late = await admin.api.post(`/api/admin/scripts/${script.id}/approve`, {
      content_hash: scriptContentHash(UNQUOTED),
    });
    expect(late.statusCode).toBe(409);
    await author.api.put(`/api/user/scripts/${script.id}`, {
      memo: 'risky',
      content: 'target=$1\nrm -rf "${target:?}/cache"\n',
      shared: true,
    });
    expect((await pendingFor(admin)).map((item) => item.id)).toContain(script.id);
    // An empty reason, or a private script: refused.
    expect((await admin.api.post(`/api/admin/scripts/${script.id}/reject`, { reason: ' ' })).statusCode).toBe(
      422,
    );
    const privateScript = await author.api.post('/api/user/scripts', { memo: 'private', content: 'ls' });
    const privateId = scriptResponseSchema.parse(privateScript.json()).data.id;
    expect(
      (await admin.api.post(`/api/admin/scripts/${privateId}/reject`, { reason: 'no' })).statusCode,
    ).toBe(404);
  });

  it('lists every server with its owner, with paging', async () => {
    const owner = await signIn(testApp(), 'Server Owner');
    const server = await insertServer(db(), owner.user.id, { name: 'listed-1' });
    const list = adminServerListSchema.parse(
      (await admin.api.get('/api/admin/servers?itemsPerPage=1')).json(),
    );
    expect(list.meta.per_page).toBe(1);
    expect(list.meta.total).toBeGreaterThanOrEqual(1);
    const all = adminServerListSchema.parse(
      (await admin.api.get('/api/admin/servers?itemsPerPage=100')).json(),
    );
    expect(all.data.find((item) => item.id === server.id)).toMatchObject({
      name: 'listed-1',
      owner: { id: owner.user.id, name: 'Server Owner' },
    });
  });
});

describe('admin area: ADMIN_EMAILS', () => {
  it('makes the configured accounts the administrators instead of the first user', async () => {
    const [pglite] = await availableTestDatabases();
    const test = await createTestApp(pglite!, {
      env: { ADMIN_EMAILS: ' Boss@Example.test , ops@example.test' },
    });
    try {
      const first = await signIn(test, 'First');
      expect((await first.api.get('/api/admin/users')).statusCode).toBe(404);
      const boss = await createSignedInUser(test.database.db, 'Boss', { email: 'boss@example.test' });
      const api = await apiAs(test, boss.cookie);
      expect((await api.get('/api/admin/users')).statusCode).toBe(200);
      expect(userSchema.parse((await api.get('/api/user/info')).json()).isAdmin).toBe(true);
    } finally {
      await test.close();
    }
    // A second panel on a fresh database: slow on a busy machine.
  }, 120_000);
});
