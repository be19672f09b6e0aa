import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STATUS } from '@hostdeck/contracts';
import {
  backupConfigListSchema,
  backupDriveListSchema,
  backupHistoryListSchema,
} from '@hostdeck/contracts/backups';
import { backupConfigs, databases, events, sites } from '../database/schema.js';
import type { EventRow } from '../events/events.repository.js';
import type { FinishedEventHandler } from '../jobs/event-hooks.js';
import { signIn } from '../policy/testing/policy-fixtures.js';
import { insertInstalledServer } from '../sites/testing/sites.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { registerBackupEventHandlers } from './backup-events.js';
import { recordMissedRuns } from './backup-missed.js';
import { serverToken } from './backup-plan.js';
import { honestRunState } from './backup-results.js';
import { createBackupTokens } from './backup-token.js';
import { startDueVerifications } from './backup-verify-schedule.js';
import { createBackupsRepository } from './backups.repository.js';

const [pglite] = await availableTestDatabases();

const S3_SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
const SNAPSHOT = 'a'.repeat(64);
const s3Drive = {
  kind: 's3',
  name: 'Offsite',
  endpoint: 'https://s3.example.com',
  region: 'us-east-1',
  bucket: 'olga-backups',
  path: 'hosts',
  access_key_id: 'AKIAEXAMPLE',
  secret_key: S3_SECRET,
};

/** A run's result as backup-run prints it (@hostdeck/recipes/backups backupRunResultSchema). */
const runResult = (overrides: Record<string, unknown> = {}) => ({
  state: 'succeeded',
  trigger: 'manual',
  scope: 'all',
  started_at: '2026-01-01T02:00:00Z',
  ended_at: '2026-01-01T02:01:00Z',
  snapshot_id: SNAPSHOT,
  size_bytes: 1000,
  added_bytes: 10,
  files: 12,
  sites: [{ id: 1, name: 'olga.example.com', ok: true, reason: null }],
  databases: [{ engine: 'mariadb', name: 'olga_db', ok: true, reason: null }],
  error: null,
  ...overrides,
});

describe('backups API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(pglite!, { env: { APP_URL: 'https://panel.example.com' } });
  });
  afterAll(async () => test.close());
  const db = () => test.database.db;

  async function scene() {
    const olga = await signIn(test, 'Olga Owner');
    const mallory = await signIn(test, 'Mallory');
    const server = await insertInstalledServer(db(), olga.user.id);
    const malloryServer = await insertInstalledServer(db(), mallory.user.id, { ip: '203.0.113.20' });
    const [site] = await db()
      .insert(sites)
      .values({
        serverId: server.id,
        userId: olga.user.id,
        name: 'olga.example.com',
        linuxUser: 'hostdeck',
        status: 'active',
      })
      .returning();
    const [database] = await db()
      .insert(databases)
      .values({ serverId: server.id, siteId: site!.id, type: 'mariadb', name: 'olga_db' })
      .returning();
    const drive = await olga.api.post('/api/backup-drives', s3Drive);
    expect(drive.statusCode, drive.body).toBe(201);
    const driveId = (drive.json().data as { id: number }).id;
    return { olga, mallory, server, malloryServer, site: site!, database: database!, driveId };
  }

  async function createConfig(s: Awaited<ReturnType<typeof scene>>) {
    const created = await s.olga.api.post(`/api/servers/${s.server.id}/backups`, {
      drive_id: s.driveId,
      site_ids: [s.site.id],
      database_ids: [s.database.id],
      excludes: ['*.log', '/cache'],
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data as { id: number; backup: number };
  }

  function handlerOf() {
    let handler: FinishedEventHandler | undefined;
    const sent: { to: string; subject: string }[] = [];
    registerBackupEventHandlers(
      { onFinished: (_prefix, registered) => (handler = registered) },
      {
        repository: createBackupsRepository(db()),
        secretBox: test.panel.secretBox,
        tokens: createBackupTokens(test.config.appKey),
        appUrl: test.config.appUrl,
        events: {
          startRecipe: async () => ({ id: 0, audience: [] }) as never,
          startTask: async () => ({ id: 0, audience: [] }) as never,
        },
        mailer: { send: async (message) => void sent.push(message) },
        brand: 'HostDeck',
      },
    );
    return { handler: handler!, sent };
  }

  it('keeps drive secrets sealed: never in an answer, never in an event', async () => {
    const s = await scene();
    const list = await s.olga.api.get('/api/backup-drives');
    expect(list.body).not.toContain(S3_SECRET);
    const [drive] = backupDriveListSchema.parse(list.json()).data;
    expect(drive).toMatchObject({
      kind: 's3',
      bucket: 'olga-backups',
      has_secret: true,
      not_a_backup: false,
    });
    const sftp = await s.olga.api.post('/api/backup-drives', {
      kind: 'sftp',
      name: 'Box',
      host: 'box.example.com',
      user: 'u123',
      path: '/backups',
    });
    expect(sftp.statusCode, sftp.body).toBe(201);
    expect(sftp.json().data.public_key).toMatch(/^ssh-ed25519 /);
    expect(sftp.body).not.toMatch(/PRIVATE KEY/);
    const { backup, id } = await createConfig(s);
    const configs = await s.olga.api.get(`/api/servers/${s.server.id}/backups`);
    expect(configs.body).not.toContain(S3_SECRET);
    expect(backupConfigListSchema.parse(configs.json()).data[0]).toMatchObject({
      id: backup,
      status: 'creating',
    });
    const [event] = await db().select().from(events).where(eq(events.id, id));
    expect(event).toMatchObject({ type: 'backup_create', recipeId: 'task:backup-apply', modelId: backup });
    expect(JSON.stringify(event)).not.toContain(S3_SECRET);
    const [row] = await db().select().from(backupConfigs).where(eq(backupConfigs.id, backup));
    expect(row!.sealedRepositoryPassword).toMatch(/^v1:/);
  });

  it('keeps the secret on an update without one, rewrites the configs, and refuses to delete a drive in use', async () => {
    const s = await scene();
    const { backup } = await createConfig(s);
    await createBackupsRepository(db()).updateConfig(backup, { status: 'active' });
    const { secret_key: _secret, ...withoutSecret } = s3Drive;
    const updated = await s.olga.api.put(`/api/backup-drives/${s.driveId}`, {
      ...withoutSecret,
      bucket: 'olga-backups-2',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      bucket: 'olga-backups-2',
      has_secret: true,
      configs_count: 1,
    });
    const reapplied = await db().select().from(events).where(eq(events.modelId, backup));
    expect(reapplied.map((event) => event.type)).toContain('backup_update');
    const kind = await s.olga.api.put(`/api/backup-drives/${s.driveId}`, {
      kind: 'local',
      name: 'x',
      path: '/srv/b',
    });
    expect(kind.statusCode).toBe(422);
    expect((await s.olga.api.delete(`/api/backup-drives/${s.driveId}`)).statusCode).toBe(409);
  });

  it('answers 404 to a stranger for every drive and config of another user', async () => {
    const s = await scene();
    const { backup } = await createConfig(s);
    const { mallory } = s;
    expect(backupDriveListSchema.parse((await mallory.api.get('/api/backup-drives')).json()).data).toEqual(
      [],
    );
    expect((await mallory.api.put(`/api/backup-drives/${s.driveId}`, s3Drive)).statusCode).toBe(404);
    expect((await mallory.api.delete(`/api/backup-drives/${s.driveId}`)).statusCode).toBe(404);
    expect((await mallory.api.post(`/api/backup-drives/${s.driveId}/probe`, {})).statusCode).toBe(404);
    // Olga's drive on Mallory's own server: not his to use.
    const stolen = await mallory.api.post(`/api/servers/${s.malloryServer.id}/backups`, {
      drive_id: s.driveId,
      site_ids: [s.site.id],
    });
    expect(stolen.statusCode).toBe(404);
    const base = `/api/servers/${s.server.id}/backups`;
    expect((await mallory.api.get(base)).statusCode).toBe(404);
    expect((await mallory.api.post(`${base}/${backup}/run`, {})).statusCode).toBe(404);
    expect((await mallory.api.post(`${base}/${backup}/verify`, {})).statusCode).toBe(404);
    expect((await mallory.api.get(`/api/servers/${s.server.id}/backup-histories`)).statusCode).toBe(404);
    // Olga's config id under Mallory's server is not found either.
    expect(
      (await mallory.api.post(`/api/servers/${s.malloryServer.id}/backups/${backup}/run`, {})).statusCode,
    ).toBe(404);
    const all = backupHistoryListSchema.parse((await mallory.api.get('/api/backups')).json());
    expect(all.data).toEqual([]);
  });

  it('refuses hostile values before anything is queued', async () => {
    const s = await scene();
    const before = (await db().select().from(events)).length;
    const base = `/api/servers/${s.server.id}/backups`;
    for (const body of [
      { drive_id: s.driveId, site_ids: [s.site.id], excludes: ['--exclude-file=/etc/shadow'] },
      { drive_id: s.driveId, site_ids: [s.site.id], excludes: ['a\nb'] },
      { drive_id: s.driveId, site_ids: [s.site.id], run_at: '02:00; id' },
      { drive_id: s.driveId, site_ids: [999_999] },
    ]) {
      expect((await s.olga.api.post(base, body)).statusCode).toBe(422);
    }
    for (const drive of [
      { ...s3Drive, name: 'x1', endpoint: 'https://s3.example.com/$(id)' },
      { ...s3Drive, name: 'x2', bucket: 'a;b' },
      { kind: 'local', name: 'x3', path: '/var/../etc' },
      { kind: 'sftp', name: 'x4', host: '-oProxyCommand=id', user: 'u', path: '/b' },
    ]) {
      expect((await s.olga.api.post('/api/backup-drives', drive)).statusCode).toBe(422);
    }
    expect((await db().select().from(events)).length).toBe(before);
  });

  it('never records succeeded without the run’s result and a snapshot id', async () => {
    expect(honestRunState({ state: 'succeeded', snapshot_id: null, error: null }).state).toBe('failed');
    expect(honestRunState({ state: 'succeeded', snapshot_id: 'not-hex', error: null }).state).toBe('failed');
    expect(honestRunState({ state: 'succeeded', snapshot_id: SNAPSHOT, error: null }, false).state).toBe(
      'partial',
    );
    expect(honestRunState({ state: 'partial', snapshot_id: null, error: 'upload' }).state).toBe('failed');
    expect(honestRunState(null).state).toBe('failed');

    const s = await scene();
    const { backup } = await createConfig(s);
    const repository = createBackupsRepository(db());
    await repository.updateConfig(backup, { status: 'active' });
    const { handler } = handlerOf();
    const run = async (output: string, status: string) => {
      const started = await s.olga.api.post(`/api/servers/${s.server.id}/backups/${backup}/run`, {});
      expect(started.statusCode, started.body).toBe(201);
      const eventId = started.json().data.id as number;
      const [event] = await db().select().from(events).where(eq(events.id, eventId));
      await handler({ ...event!, status, output } as EventRow);
      return (await repository.findHistoryByEvent(eventId))!;
    };
    const claimed = await run(
      `result\t${JSON.stringify(runResult({ config_id: backup, snapshot_id: null }))}\n`,
      EVENT_STATUS.finished,
    );
    expect(claimed).toMatchObject({ state: 'failed', snapshotId: null });
    expect((await run('restic: connection refused\n', EVENT_STATUS.error)).state).toBe('failed');
    const other = await run(
      `result\t${JSON.stringify(runResult({ config_id: backup + 1000 }))}\n`,
      EVENT_STATUS.finished,
    );
    expect(other.state).toBe('failed');
    const good = await run(
      `result\t${JSON.stringify(runResult({ config_id: backup }))}\n`,
      EVENT_STATUS.finished,
    );
    expect(good).toMatchObject({ state: 'succeeded', snapshotId: SNAPSHOT, files: 12 });
    const list = backupHistoryListSchema.parse(
      (await s.olga.api.get(`/api/servers/${s.server.id}/backup-histories`)).json(),
    );
    expect(list.data.map((history) => history.state).sort()).toEqual([
      'failed',
      'failed',
      'failed',
      'succeeded',
    ]);
  });

  it('authenticates the public endpoints with the server’s own token only', async () => {
    const s = await scene();
    const { backup } = await createConfig(s);
    const repository = createBackupsRepository(db());
    const plan = {
      repository,
      secretBox: test.panel.secretBox,
      tokens: createBackupTokens(test.config.appKey),
      appUrl: test.config.appUrl,
    };
    const token = await serverToken(plan, s.server.id);
    const otherToken = await serverToken(plan, s.malloryServer.id);
    const post = (authorization: string | undefined, body: unknown, url = '/api/backup-history') =>
      test.app.inject({
        method: 'POST',
        url,
        headers: authorization ? { authorization } : {},
        payload: body as object,
      });
    const body = { ...runResult({ trigger: 'cron', started_at: '2026-01-02T02:00:00Z' }), config_id: backup };
    expect((await post(undefined, body)).statusCode).toBe(401);
    expect((await post('Bearer wrong-token-wrong-token-wrong', body)).statusCode).toBe(401);
    expect((await post(`Bearer ${otherToken}`, body)).statusCode).toBe(401);
    const scriptUrl = `/api/servers/${s.server.id}/backups/${backup}/script`;
    expect((await test.app.inject({ method: 'GET', url: scriptUrl })).statusCode).toBe(401);
    expect(
      (
        await test.app.inject({
          method: 'GET',
          url: scriptUrl,
          headers: { authorization: `Bearer ${otherToken}` },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/servers/${s.malloryServer.id}/backups/${backup}/script`,
          headers: { authorization: `Bearer ${otherToken}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await repository.historiesOfServer(s.server.id, 1, 10)).total).toBe(0);

    const recorded = await post(`Bearer ${token}`, body);
    expect(recorded.statusCode, recorded.body).toBe(201);
    // The same run posted twice is one history.
    expect((await post(`Bearer ${token}`, body)).statusCode).toBe(201);
    const lying = { ...body, started_at: '2026-01-03T02:00:00Z', snapshot_id: null };
    expect((await post(`Bearer ${token}`, lying)).statusCode).toBe(201);
    const { rows } = await repository.historiesOfServer(s.server.id, 1, 10);
    expect(rows.map((row) => [row.trigger, row.state])).toEqual([
      ['cron', 'failed'],
      ['cron', 'succeeded'],
    ]);
    const script = await test.app.inject({
      method: 'GET',
      url: scriptUrl,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(script.statusCode, script.body).toBe(200);
    expect(script.json().data.script).toContain(`backup-run ${backup} cron`);
  });

  it('raises an alert and mails the owner when a verification fails', async () => {
    const s = await scene();
    const { backup } = await createConfig(s);
    await createBackupsRepository(db()).updateConfig(backup, { status: 'active' });
    const started = await s.olga.api.post(`/api/servers/${s.server.id}/backups/${backup}/verify`, {});
    expect(started.statusCode, started.body).toBe(201);
    const [event] = await db()
      .select()
      .from(events)
      .where(eq(events.id, started.json().data.id as number));
    const { handler, sent } = handlerOf();
    const verify = {
      ok: false,
      snapshot_id: SNAPSHOT,
      checked_at: '2026-01-01T03:00:00Z',
      problems: ['pack 1f2e… is damaged'],
    };
    await handler({
      ...event!,
      status: EVENT_STATUS.error,
      output: `verify\t${JSON.stringify(verify)}\n`,
    } as EventRow);
    const configs = backupConfigListSchema.parse(
      (await s.olga.api.get(`/api/servers/${s.server.id}/backups`)).json(),
    );
    expect(configs.data[0]).toMatchObject({
      alert: true,
      last_verification: { ok: false, problems: ['pack 1f2e… is damaged'] },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(s.olga.user.email);
  });

  it('records a missed run once when a planned time passed with nothing recorded', async () => {
    const s = await scene();
    const { backup } = await createConfig(s);
    const repository = createBackupsRepository(db());
    await repository.updateConfig(backup, { status: 'active', period: 'daily', runAt: '02:00' });
    await db()
      .update(backupConfigs)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(backupConfigs.id, backup));
    const published: number[][] = [];
    const dependencies = {
      repository,
      usersWithServerAccess: async () => [s.olga.user.id],
      publish: (users: readonly number[]) => void published.push([...users]),
    };
    const now = new Date('2026-01-05T05:00:00Z');
    await recordMissedRuns(dependencies, now);
    await recordMissedRuns(dependencies, now);
    const { rows } = await repository.historiesOfServer(s.server.id, 1, 10);
    expect(rows.map((row) => [row.state, row.startedAt.toISOString()])).toEqual([
      ['missed', '2026-01-05T02:00:00.000Z'],
    ]);
  });

  it('starts a due verification as an event, once per interval, only with a snapshot', async () => {
    const s = await scene();
    const { backup } = await createConfig(s);
    const repository = createBackupsRepository(db());
    await repository.updateConfig(backup, { status: 'active', verify: 'daily' });
    const dependencies = {
      repository,
      verify: async (_owner: number, serverId: number, configId: number) => {
        const answer = await s.olga.api.post(`/api/servers/${serverId}/backups/${configId}/verify`, {});
        if (answer.statusCode !== 201) throw new Error(answer.body);
      },
      log: () => {},
    };
    const now = new Date();
    expect(await startDueVerifications(dependencies, now)).toBe(0);
    await repository.insertHistory({
      configId: backup,
      serverId: s.server.id,
      trigger: 'manual',
      state: 'succeeded',
      startedAt: new Date(now.getTime() - 60_000),
      snapshotId: SNAPSHOT,
    });
    expect(await startDueVerifications(dependencies, now)).toBe(1);
    expect(await startDueVerifications(dependencies, now)).toBe(0);
    const started = await db().select().from(events).where(eq(events.type, 'backup_verify'));
    expect(started.filter((event) => event.modelId === backup)).toHaveLength(1);
    expect(await repository.lastVerifyStartedAt(backup)).toBeInstanceOf(Date);
    expect(await startDueVerifications(dependencies, new Date(now.getTime() + 25 * 3600_000))).toBe(1);
  });

  it('lists the drive kinds in app info and shows the first config on the server', async () => {
    const info = await test.app.inject({ method: 'GET', url: '/api/info' });
    expect(info.json().backup_drives.map((drive: { id: string }) => drive.id)).toEqual([
      's3',
      'sftp',
      'server',
      'local',
    ]);
    const s = await scene();
    await createConfig(s);
    const detail = await s.olga.api.get(`/api/servers/${s.server.id}`);
    expect(detail.json().data).toMatchObject({
      backup_period: 'daily',
      backup_excludes: ['*.log', '/cache'],
      backup_cycle: { daily: 7, weekly: 4, monthly: 6 },
    });
  });
});
