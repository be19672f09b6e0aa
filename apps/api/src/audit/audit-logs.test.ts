import { describe, expect, it } from 'vitest';
import {
  auditLogListSchema,
  errorResponseSchema,
  startedEventResponseSchema,
  teamResponseSchema,
} from '@hostdeck/contracts';
import { auditLogs } from '../database/schema.js';
import {
  apiAs,
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
  useTestApp,
} from '../policy/testing/policy-fixtures.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { asc, eq } from '../testing/sql.js';
import { entriesOf, readAuditLog } from './testing/audit-fixtures.js';

/**
 * The audit log (issue 22 point 4): one hook records every change (refused ones too) with the
 * event it started; the log is append-only; a team's owner and admins read and export the team's.
 */
describe('audit log API', () => {
  const { testApp, db } = useTestApp();

  it('records a change with its route, objects, address, browser, status and event', async () => {
    const olga = await signIn(testApp(), 'Olga Owner');
    const server = await insertServer(db(), olga.user.id, { name: 'queue-web' });
    const response = await olga.api.post(`/api/servers/${server.id}/supervisor/legacy/restart`);
    expect(response.statusCode, response.body).toBe(201);
    const eventId = startedEventResponseSchema.parse(response.json()).data.id;

    const [entry] = entriesOf(
      await readAuditLog(olga.api, '/api/user/audit-logs'),
      'POST',
      '/api/servers/:server/supervisor/:program/:action',
    );
    expect(entry).toMatchObject({
      user: { id: olga.user.id, name: 'Olga Owner', email: olga.user.email },
      params: { server: server.id, program: 'legacy', action: 'restart' },
      server: { id: server.id, name: 'queue-web' },
      site_id: null,
      status: 201,
      ip_address: '127.0.0.1',
      user_agent: 'lightMyRequest',
      event_id: eventId,
    });
    // Reads are not changes.
    expect(
      entriesOf(await readAuditLog(olga.api, '/api/user/audit-logs'), 'GET', '/api/user/audit-logs'),
    ).toEqual([]);
  });

  it('records a team created and deleted, and a refused action with its status, never a body', async () => {
    const olga = await signIn(testApp(), 'Olga Owner');
    const mallory = await signIn(testApp(), 'Mallory');
    const created = await olga.api.post('/api/teams', { name: 'Secret-Name Team' });
    expect(created.statusCode, created.body).toBe(201);
    const team = teamResponseSchema.parse(created.json()).data;
    expect((await mallory.api.delete(`/api/teams/${team.id}`)).statusCode).toBe(404);
    expect((await olga.api.put(`/api/teams/${team.id}`, { name: '' })).statusCode).toBe(422);
    expect((await olga.api.delete(`/api/teams/${team.id}`)).statusCode).toBe(204);

    const own = await readAuditLog(olga.api, '/api/user/audit-logs');
    expect(entriesOf(own, 'POST', '/api/teams')[0]).toMatchObject({ status: 201, params: {} });
    expect(entriesOf(own, 'PUT', '/api/teams/:team')[0]).toMatchObject({ status: 422, team_id: team.id });
    expect(entriesOf(own, 'DELETE', '/api/teams/:team')[0]).toMatchObject({
      status: 204,
      params: { team: team.id },
      team_id: team.id,
    });
    const refused = entriesOf(
      await readAuditLog(mallory.api, '/api/user/audit-logs'),
      'DELETE',
      '/api/teams/:team',
    );
    expect(refused[0]).toMatchObject({ status: 404, user: { id: mallory.user.id } });
    const stored = await db().select().from(auditLogs).where(eq(auditLogs.userId, olga.user.id));
    expect(JSON.stringify(stored)).not.toContain('Secret-Name');
  });

  it('records sign-in, failed sign-in (with the account) and sign-out', async () => {
    const { user } = await createSignedInUser(db(), 'Sam Signin', { password: 'correct horse battery' });
    const anonymous = await apiAs(testApp(), 'nothing=1');
    const failed = await anonymous.post('/api/login', { email: user.email, password: 'wrong password!' });
    expect(failed.statusCode).toBe(422);
    const unknown = await anonymous.post('/api/login', {
      email: 'nobody@example.test',
      password: 'whatever!!',
    });
    expect(unknown.statusCode).toBe(422);
    const signedIn = await anonymous.post('/api/login', {
      email: user.email,
      password: 'correct horse battery',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.cookies.find((cookie) => cookie.name === 'hostdeck_session')!.value;
    const sam = await apiAs(testApp(), `hostdeck_session=${session}`);
    expect((await sam.post('/api/logout')).statusCode).toBe(204);

    const rows = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.userId, user.id))
      .orderBy(asc(auditLogs.id));
    expect(rows.map((row) => [row.method, row.route, row.status])).toEqual([
      ['POST', '/api/login', 422],
      ['POST', '/api/login', 200],
      ['POST', '/api/logout', 204],
    ]);
    const strangers = await db().select().from(auditLogs).where(eq(auditLogs.status, 422));
    expect(strangers.some((row) => row.route === '/api/login' && row.userId === null)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('correct horse');
  });

  it('is append-only: the database refuses to update or delete an entry', async () => {
    const olga = await signIn(testApp(), 'Olga Owner');
    await olga.api.post('/api/teams', { name: 'Kept' });
    const [row] = await db().select().from(auditLogs).where(eq(auditLogs.userId, olga.user.id));
    await expect(
      db().update(auditLogs).set({ status: 200 }).where(eq(auditLogs.id, row!.id)),
    ).rejects.toThrow();
    await expect(db().delete(auditLogs).where(eq(auditLogs.id, row!.id))).rejects.toThrow();
    const [after] = await db().select().from(auditLogs).where(eq(auditLogs.id, row!.id));
    expect(after).toEqual(row);
  });

  /** Olga owns "Ops" (Ada admin, Ed developer) and shares web-1 with it; db-1 she keeps to herself. */
  async function teamScene() {
    const olga = await signIn(testApp(), 'Olga Owner');
    const ada = await signIn(testApp(), 'Ada Admin');
    const ed = await signIn(testApp(), 'Ed Editor');
    const mallory = await signIn(testApp(), 'Mallory');
    const team = await insertTeam(db(), olga.user.id, 'Ops');
    await insertMember(db(), team.id, ada.user.id, 'admin');
    await insertMember(db(), team.id, ed.user.id, 'developer');
    const shared = await insertServer(db(), olga.user.id, { name: 'web-1' });
    const own = await insertServer(db(), olga.user.id, { name: 'db-1' });
    await insertShare(db(), team.id, shared.id);
    expect((await olga.api.put(`/api/teams/${team.id}`, { name: 'Ops Team' })).statusCode).toBe(200);
    expect((await ed.api.post(`/api/servers/${shared.id}/supervisor/worker/stop`)).statusCode).toBe(201);
    expect((await olga.api.post(`/api/servers/${own.id}/supervisor/worker/stop`)).statusCode).toBe(201);
    expect((await ada.api.delete(`/api/servers/${shared.id}/supervisor/worker`)).statusCode).toBe(201);
    return { olga, ada, ed, mallory, team, shared, own, base: `/api/teams/${team.id}/audit-logs` };
  }

  it("shows a team its own management and its shared servers' actions, with filters and pages", async () => {
    const { olga, ada, ed, team, shared, base } = await teamScene();
    const all = await readAuditLog(olga.api, base);
    expect(
      all.map((entry) => [entry.user?.name, entry.method, entry.route, entry.server?.name ?? null]),
    ).toEqual([
      ['Ada Admin', 'DELETE', '/api/servers/:server/supervisor/:program', 'web-1'],
      ['Ed Editor', 'POST', '/api/servers/:server/supervisor/:program/:action', 'web-1'],
      ['Olga Owner', 'PUT', '/api/teams/:team', null],
    ]);
    expect(all[2]!.team_id).toBe(team.id);
    // An admin may read it too (team:update).
    expect((await readAuditLog(ada.api, base)).length).toBe(3);

    const filtered = async (query: string) =>
      (await readAuditLog(olga.api, `${base}?${query}`)).map((entry) => entry.user?.name);
    expect(await filtered(`user=${ed.user.id}`)).toEqual(['Ed Editor']);
    expect(await filtered(`server=${shared.id}`)).toEqual(['Ada Admin', 'Ed Editor']);
    expect(await filtered('method=DELETE')).toEqual(['Ada Admin']);
    expect(await filtered(`action=${encodeURIComponent('/api/teams/:team')}`)).toEqual(['Olga Owner']);
    expect(await filtered('search=ed%20edi')).toEqual(['Ed Editor']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await filtered(`from=${today}&to=${today}`)).toHaveLength(3);
    expect(await filtered('to=2000-01-01')).toEqual([]);
    expect(await filtered(`from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual(
      [],
    );

    const page = await olga.api.get(`${base}?itemsPerPage=2&page=2`);
    const second = auditLogListSchema.parse(page.json());
    expect(second.meta).toMatchObject({ total: 3, current_page: 2, last_page: 2, per_page: 2 });
    expect(second.data.map((entry) => entry.user?.name)).toEqual(['Olga Owner']);

    const bad = await olga.api.get(`${base}?method=GET&from=yesterday`);
    expect(bad.statusCode).toBe(422);
    const vi = await olga.api.get(`${base}?action=${encodeURIComponent('DROP TABLE')}`, 'vi');
    expect(errorResponseSchema.parse(vi.json()).errors).toMatchObject({
      action: ['Hành động phải là một mẫu đường dẫn (route).'],
    });
  });

  it('exports CSV with quoting and formula-injection guard', async () => {
    const { olga, team, base } = await teamScene();
    await db().insert(auditLogs).values({
      userId: olga.user.id,
      teamId: team.id,
      method: 'POST',
      route: '/api/teams/:team',
      status: 200,
      userAgent: '=HYPERLINK("http://evil.test","x"), "quoted"',
      ipAddress: '@203.0.113.5',
    });
    const response = await olga.api.get(`${base}/export`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-team-\d+-/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"time","user_id","user_name","user_email","method","route","params","server_id","server_name","site_id","team_id","status","ip_address","user_agent","event_id"',
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""x""), ""quoted"""`);
    expect(lines[1]).toContain(`"'@203.0.113.5"`);
    expect(
      lines.some((line) =>
        /"Ed Editor","[^"]+","POST","\/api\/servers\/:server\/supervisor\/:program\/:action"/.test(line),
      ),
    ).toBe(true);

    const mine = await olga.api.get('/api/user/audit-logs/export?method=PUT');
    expect(mine.statusCode).toBe(200);
    expect(
      mine.body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .every((line) => line.includes('"PUT"')),
    ).toBe(true);
  });

  it('answers 404 to another team, 403 to a member without team:update', async () => {
    const { ed, mallory, team, base } = await teamScene();
    for (const path of [base, `${base}/export`]) {
      expect((await mallory.api.get(path)).statusCode).toBe(404);
      expect((await ed.api.get(path)).statusCode).toBe(403);
    }
    expect((await mallory.api.get(`/api/teams/${team.id + 1000}/audit-logs`)).statusCode).toBe(404);
    // Nobody reads another user's actions through their own log.
    const malloryLog = await readAuditLog(mallory.api, '/api/user/audit-logs');
    expect(malloryLog.every((entry) => entry.user?.id === mallory.user.id)).toBe(true);
  });
});
