import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, backupDriveListSchema, type BackupDriveItem } from '@hostdeck/contracts/backups';
import {
  backupConfigure,
  backupInstall,
  backupRun,
  parseBackupRunResult,
  toSecretHex,
} from '@hostdeck/recipes/backups';
import {
  linkTestServers,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../../../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  generateSshKeyPair,
  runRecipeOnSession,
  type RemoteSession,
} from '../../../../tools/test-server/web-test-server.js';
import { events, servers } from '../database/schema.js';
import type { EventRow } from '../events/events.repository.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { createServerRecord } from '../testing/fixtures.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import { driveRecipeInput } from './backup-drive-input.js';
import { createBackupsRepository } from './backups.repository.js';

/**
 * A `server` backup drive on two booted Debian 12 test servers (`web` image, linked by a direct
 * cable), through the API and the job workers (issue 20): saving the drive authorizes its key for
 * `hostdeck` on the target (marked line, folder made, host key pinned), the probe from the
 * source passes, a backup with restic lands in the folder; a folder the panel may not make is
 * refused; deleting the drive removes its line and keeps the user's other keys.
 */
const [pglite] = await availableTestDatabases();
const SOURCE = 'sksrc';
const TARGET = 'sktgt';
const FOLDER = '/srv/sk-backups';
const SITE_ROOT = '/home/hostdeck/sk-site.example.com';

describe('server backup drive on two booted test servers', () => {
  let source: TestServer;
  let target: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let sourceId: number;
  let targetId: number;
  let session: RemoteSession | undefined;
  const otherKey = generateSshKeyPair('laptop@sk').publicKey;

  beforeAll(async () => {
    [source, target] = await Promise.all([bootWebTestServer(SOURCE), bootWebTestServer(TARGET)]);
    await linkTestServers(SOURCE, TARGET);
    const connected = await createConnectedTestApp(pglite!, source, { workers: true });
    ({ test, api, serverId: sourceId } = connected);
    // The probe runs from an installed server of the user other than the target.
    await test.database.db.update(servers).set({ installed: true }).where(eq(servers.id, sourceId));
    const record = await createServerRecord(test.database.db, test.panel.secretBox, {
      userId: connected.user.id,
      ip: target.address,
      port: target.port,
      password: target.password,
      name: 'target-server',
    });
    targetId = record.id;
    // A key of the user's own on the target, which the drive must never touch.
    await on(
      target,
      `install -d -o hostdeck -g hostdeck -m 0700 /home/hostdeck/.ssh
      printf '%s\\n' '${otherKey}' >/home/hostdeck/.ssh/authorized_keys
      chown hostdeck:hostdeck /home/hostdeck/.ssh/authorized_keys; chmod 0600 /home/hostdeck/.ssh/authorized_keys`,
    );
    await on(
      source,
      `install -d -o hostdeck -g hostdeck ${SITE_ROOT}/public
      printf '<h1>sk</h1>\\n' >${SITE_ROOT}/public/index.html; chown -R hostdeck:hostdeck ${SITE_ROOT}`,
    );
  }, 900_000);

  afterAll(async () => {
    await session?.close();
    await test?.close();
    await Promise.all([stopTestServer(SOURCE), stopTestServer(TARGET)]);
  });

  async function on(server: TestServer, script: string): Promise<string> {
    const result = await runOnTestServer(server, ['bash', '-c', `set -e\n${script}`]);
    expect(result.code, `${script}\n${result.stdout}${result.stderr}`).toBe(0);
    return result.stdout.trim();
  }

  const finished = (what: string, pick: (rows: EventRow[]) => EventRow | undefined) =>
    waitFor(
      async () => {
        const row = pick(await test.database.db.select().from(events));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 250, what },
    );
  const eventOf = (type: string, driveId: number, after = 0) =>
    finished(`${type} of drive ${driveId}`, (rows) =>
      rows.find(
        (row) =>
          row.type === type && row.modelType === 'backup_drive' && row.modelId === driveId && row.id > after,
      ),
    );

  const drive = async (id: number): Promise<BackupDriveItem | undefined> => {
    const response = await api.get('/api/backup-drives');
    expect(response.statusCode, response.body).toBe(200);
    return backupDriveListSchema.parse(response.json()).data.find((item) => item.id === id);
  };

  let driveId: number;

  it('authorizes the key on the target, makes the folder, pins the host key; the probe then passes', async () => {
    const response = await api.post('/api/backup-drives', {
      kind: 'server',
      name: 'Second server',
      server_id: targetId,
      path: FOLDER,
    });
    expect(response.statusCode, response.body).toBe(201);
    driveId = response.json().data.id;
    const authorize = await eventOf('backup_drive_authorize', driveId);
    expect(authorize.status, authorize.output ?? '').toBe('FINISHED');

    const keys = await on(target, 'cat /home/hostdeck/.ssh/authorized_keys');
    const [type, blob] = (response.json().data.public_key as string).split(' ');
    expect(keys.split('\n')).toEqual([otherKey, `${type} ${blob} hostdeck-backup-drive-${driveId}`]);
    expect(await on(target, `stat -c '%U %a' ${FOLDER}`)).toBe('hostdeck 700');
    const row = await createBackupsRepository(test.database.db).findDrive(driveId);
    const hostKey = (await on(target, 'cat /etc/ssh/ssh_host_ed25519_key.pub')).split(' ').slice(0, 2);
    expect((row!.settings as { host_key?: string }).host_key).toBe(hostKey.join(' '));

    const probe = await eventOf('backup_drive_probe', driveId);
    expect(probe.serverId).toBe(sourceId);
    expect(probe.status, probe.output ?? '').toBe('FINISHED');
    // The event row ends before its end is settled (jobs/finish-event.ts): wait for the drive.
    const checked = await waitFor(
      async () => ((await drive(driveId))?.checked_at ? drive(driveId) : undefined),
      {
        what: 'the drive to be checked',
      },
    );
    expect(checked).toMatchObject({ check_error: null });
  }, 600_000);

  it('backs up from the source into the folder on the target with restic', async () => {
    session = await connectToTestServer(source);
    const row = await createBackupsRepository(test.database.db).findDrive(driveId);
    const driveInput = await driveRecipeInput(row!, {
      secretBox: test.panel.secretBox,
      repository: createBackupsRepository(test.database.db),
    });
    const install = await runRecipeOnSession(session, backupInstall, {});
    expect(install.exitCode, install.output).toBe(0);
    const configure = await runRecipeOnSession(session, backupConfigure, {
      config_id: 1,
      server_id: sourceId,
      ...driveInput,
      sites: [{ id: 1, name: 'sk-site.example.com', root: SITE_ROOT, excludes: [] }],
      databases: [],
      keep_daily: 7,
      keep_weekly: 4,
      keep_monthly: 6,
      password_hex: toSecretHex('sk-repository-password-0123456789'),
    });
    expect(configure.exitCode, configure.output).toBe(0);
    const run = await runRecipeOnSession(session, backupRun, { config_id: 1 });
    const result = parseBackupRunResult(run.stdout);
    expect(result.state, run.output).toBe('succeeded');
    expect(result.snapshot_id).toMatch(/^[0-9a-f]{64}$/);
    const repository = `${FOLDER}/hostdeck-${sourceId}`;
    expect(await on(target, `stat -c %U ${repository}/config`)).toBe('hostdeck');
    expect(Number(await on(target, `find ${repository}/snapshots -type f | wc -l`))).toBe(1);
  }, 600_000);

  it('refuses a folder the panel may not make (under /etc): the drive says authorizing failed', async () => {
    const response = await api.post('/api/backup-drives', {
      kind: 'server',
      name: 'Not there',
      server_id: targetId,
      path: '/etc/sk-drive',
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.id as number;
    const authorize = await eventOf('backup_drive_authorize', id);
    expect(authorize.status).toBe('ERROR');
    expect(authorize.output).toContain('the panel makes a drive folder only inside the home of hostdeck');
    expect(await on(target, 'test -e /etc/sk-drive && echo there || echo absent')).toBe('absent');
    await waitFor(async () => (await drive(id))?.check_error === BACKUP_MESSAGES.authorizeFailed, {
      what: 'the drive to say its authorization failed',
    });
    const removed = await api.delete(`/api/backup-drives/${id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const revoke = await eventOf('backup_drive_revoke', id);
    expect(revoke.status, revoke.output ?? '').toBe('FINISHED');
  }, 600_000);

  it('removes the key line when the drive is deleted, keeping the user’s other keys', async () => {
    const removed = await api.delete(`/api/backup-drives/${driveId}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const revoke = await eventOf('backup_drive_revoke', driveId);
    expect(revoke.serverId).toBe(targetId);
    expect(revoke.status, revoke.output ?? '').toBe('FINISHED');
    expect(await on(target, 'cat /home/hostdeck/.ssh/authorized_keys')).toBe(otherKey);
    expect(await drive(driveId)).toBeUndefined();
    // The repository stays on the drive (docs/backups.md).
    expect(await on(target, `test -f ${FOLDER}/hostdeck-${sourceId}/config && echo kept`)).toBe('kept');
  }, 600_000);
});
