import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STATUS } from '@hostdeck/contracts';
import { BACKUP_MESSAGES, backupDriveListSchema } from '@hostdeck/contracts/backups';
import { RecipeInputError, buildStepInvocation, type Recipe } from '@hostdeck/recipes';
import { backupDriveTarget, parseBackupDriveTarget } from '@hostdeck/recipes/backups';
import { sshKeysAdd, sshKeysRemove } from '@hostdeck/recipes/ssh-keys';
import { backupDrives, events } from '../database/schema.js';
import type { EventRow } from '../events/events.repository.js';
import type { EventTask, FinishedEventHandler } from '../jobs/event-hooks.js';
import { signIn } from '../policy/testing/policy-fixtures.js';
import { generateSshKeyPair } from '../remote/ssh-keys.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { insertInstalledServer } from '../sites/testing/sites.js';
import { sshFingerprint } from '../ssh-keys/ssh-keys.section.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { BACKUP_DRIVE_TASKS, registerBackupDriveTasks } from './backup-drive-server.js';
import { registerBackupEventHandlers } from './backup-events.js';
import { createBackupTokens } from './backup-token.js';
import { createBackupsRepository } from './backups.repository.js';

const [pglite] = await availableTestDatabases();

/**
 * A `server` drive authorizes its key on the target by itself (issue 20): saving it starts the
 * authorize task there, whose recipes (built by the production builder) add the marked key line
 * for the drive's user, make the folder and pin the host key the panel verified; its end starts
 * the probe; deleting the drive, or moving it, takes the line off the old target.
 */
describe('server backup drives', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(pglite!, { env: { APP_URL: 'https://panel.example.com' } });
  });
  afterAll(async () => test.close());
  const db = () => test.database.db;

  async function scene() {
    const olga = await signIn(test, 'Olga Owner');
    const mallory = await signIn(test, 'Mallory');
    const source = await insertInstalledServer(db(), olga.user.id, { ip: '203.0.113.10' });
    const target = await insertInstalledServer(db(), olga.user.id, { ip: '203.0.113.11' });
    const other = await insertInstalledServer(db(), olga.user.id, { ip: '203.0.113.12' });
    const malloryServer = await insertInstalledServer(db(), mallory.user.id, { ip: '203.0.113.20' });
    return { olga, mallory, source, target, other, malloryServer };
  }

  const eventRow = async (id: number) => (await db().select().from(events).where(eq(events.id, id)))[0]!;
  const inputOf = (row: EventRow) =>
    JSON.parse(test.panel.secretBox.open(row.sealedInput!, SECRET_PURPOSE.eventInput)) as Record<
      string,
      unknown
    >;
  const driveEvents = async (driveId: number) =>
    (await db().select().from(events).where(eq(events.modelId, driveId)))
      .filter((row) => row.modelType === 'backup_drive')
      .sort((a, b) => a.id - b.id);
  const driveRow = async (id: number) =>
    (await db().select().from(backupDrives).where(eq(backupDrives.id, id)))[0]!;

  async function createServerDrive(s: Awaited<ReturnType<typeof scene>>, extra: object = {}) {
    const response = await s.olga.api.post('/api/backup-drives', {
      kind: 'server',
      name: `Target ${Math.random().toString(36).slice(2, 8)}`,
      server_id: s.target.id,
      path: '/srv/backups',
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { data: { id: number; public_key: string }; event_id: number };
  }

  it('authorizes a new server drive on its target first: a task there, not a probe', async () => {
    const s = await scene();
    const { data, event_id } = await createServerDrive(s);
    expect(data.public_key).toMatch(/^ssh-ed25519 /);
    const row = await eventRow(event_id);
    expect(row).toMatchObject({
      type: 'backup_drive_authorize',
      recipeId: `task:${BACKUP_DRIVE_TASKS.authorize}`,
      serverId: s.target.id,
      modelId: data.id,
      modelType: 'backup_drive',
      userId: s.olga.user.id,
    });
    expect(inputOf(row)).toEqual({ drive_id: data.id });
    // No probe yet: it follows the authorize event.
    expect((await driveEvents(data.id)).map((event) => event.type)).toEqual(['backup_drive_authorize']);
    expect(row.description).toContain('hostdeck');
  });

  it('refuses root as the drive user, and a target the caller may not manage (404), before any event', async () => {
    const s = await scene();
    const before = (await db().select().from(events)).length;
    const root = await s.olga.api.post('/api/backup-drives', {
      kind: 'server',
      name: 'As root',
      server_id: s.target.id,
      user: 'root',
      path: '/srv/backups',
    });
    expect(root.statusCode).toBe(422);
    expect(root.json().errors.user).toEqual([BACKUP_MESSAGES.driveUserRoot]);
    const stranger = await s.olga.api.post('/api/backup-drives', {
      kind: 'server',
      name: 'Stranger',
      server_id: s.malloryServer.id,
      path: '/srv/backups',
    });
    expect(stranger.statusCode).toBe(404);
    for (const path of ['/srv/../etc', '/srv/-rf', '/srv/$(id)', 'srv/backups', '/srv//x']) {
      const hostile = await s.olga.api.post('/api/backup-drives', {
        kind: 'server',
        name: 'Hostile',
        server_id: s.target.id,
        path,
      });
      expect(hostile.statusCode, path).toBe(422);
    }
    expect(await db().select().from(events)).toHaveLength(before);
  });

  it('runs the ssh-keys recipes and the target recipe, and pins only the host key the panel verified', async () => {
    const s = await scene();
    const { data } = await createServerDrive(s, { user: 'backupper', path: '/srv/backups/' });
    const repository = createBackupsRepository(db());
    let task: EventTask | undefined;
    registerBackupDriveTasks({ registerTask: (_name, registered) => (task = registered) }, { repository });
    const hostKey = generateSshKeyPair('host').publicKey.split(' ').slice(0, 2).join(' ');
    const otherKey = generateSshKeyPair('other').publicKey.split(' ').slice(0, 2).join(' ');
    const ran: { recipe: string; input: unknown }[] = [];
    const context = (fingerprint: string, input: unknown = { drive_id: data.id }) => ({
      event: { id: 1, serverId: s.target.id } as EventRow,
      input,
      session: { hostKeyFingerprint: fingerprint } as never,
      write: () => {},
      signal: new AbortController().signal,
      isCancelRequested: async () => false,
      runRecipe: async (recipe: Recipe, recipeInput: unknown) => {
        // The production builder: the input must pass the recipe's own grammar.
        buildStepInvocation(recipe, recipe.steps[0]!.id, recipeInput);
        ran.push({ recipe: recipe.id, input: recipeInput });
        return recipe.id === backupDriveTarget.id
          ? `::hostdeck::change::created\nhostkey\t${otherKey}\nhostkey\t${hostKey}\n`
          : '';
      },
    });

    await expect(task!(context('SHA256:notTheServersKey') as never)).rejects.toThrow(
      BACKUP_MESSAGES.driveHostKey,
    );
    expect((await driveRow(data.id)).settings).not.toHaveProperty('host_key');

    ran.length = 0;
    await task!(context(sshFingerprint(hostKey)!) as never);
    const [type, blob] = data.public_key.split(' ');
    expect(ran).toEqual([
      {
        recipe: sshKeysAdd.id,
        input: { public_key: `${type} ${blob} hostdeck-backup-drive-${data.id}`, users: ['backupper'] },
      },
      { recipe: backupDriveTarget.id, input: { user: 'backupper', path: '/srv/backups/' } },
    ]);
    expect((await driveRow(data.id)).settings).toMatchObject({ user: 'backupper', host_key: hostKey });

    // A revoke first when the same target's user or key changed.
    ran.length = 0;
    const fingerprint = sshFingerprint(data.public_key)!;
    await task!(
      context(sshFingerprint(hostKey)!, {
        drive_id: data.id,
        revoke: { fingerprint, user: 'olduser' },
      }) as never,
    );
    expect(ran[0]).toEqual({ recipe: sshKeysRemove.id, input: { fingerprint, users: ['olduser'] } });

    // A task for a target the drive has left does nothing there.
    ran.length = 0;
    const moved = {
      ...context(sshFingerprint(hostKey)!),
      event: { id: 2, serverId: s.other.id } as EventRow,
    };
    await expect(task!(moved as never)).rejects.toThrow(BACKUP_MESSAGES.driveNotFound);
    expect(ran).toEqual([]);
  });

  it('refuses hostile folders and users in the target recipe itself (production builder)', () => {
    const build = (input: unknown) => () => buildStepInvocation(backupDriveTarget, 'target', input);
    for (const path of [
      '/srv/../etc',
      '/srv/-x',
      '/',
      '//srv',
      '/srv/a b',
      '/srv/$(id)',
      '/srv/\nx',
      'srv',
    ]) {
      expect(build({ user: 'hostdeck', path }), path).toThrow(RecipeInputError);
    }
    for (const user of ['root', '-oProxyCommand=x', 'a b', '']) {
      expect(build({ user, path: '/srv/backups' }), user).toThrow(RecipeInputError);
    }
    const frame = buildStepInvocation(backupDriveTarget, 'target', {
      user: 'hostdeck',
      path: '/srv/b/',
    }).stdin.toString('utf8');
    expect(frame).toContain('HD_BACKUP_DRIVE_PATH=/srv/b\0');
    expect(frame).toContain('HD_BACKUP_DRIVE_USER=hostdeck\0');
    expect(
      parseBackupDriveTarget('::hostdeck::info::x\nhostkey\tssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAAAA\n'),
    ).toEqual({ hostKeys: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAAAA'] });
    expect(() => parseBackupDriveTarget('hostkey\tssh-ed25519 AAAA bad comment\n')).toThrow();
    expect(() => parseBackupDriveTarget('')).toThrow();
  });

  function handlerOf(started: { kind: string; request: Record<string, unknown> }[]) {
    let handler: FinishedEventHandler | undefined;
    const starter = (kind: string) => async (request: object) => {
      started.push({ kind, request: request as Record<string, unknown> });
      return { id: started.length, audience: [] } as never;
    };
    registerBackupEventHandlers(
      { onFinished: (_prefix, registered) => (handler = registered) },
      {
        repository: createBackupsRepository(db()),
        secretBox: test.panel.secretBox,
        tokens: createBackupTokens(test.config.appKey),
        appUrl: test.config.appUrl,
        events: { startRecipe: starter('recipe'), startTask: starter('task') },
        mailer: { send: async () => {} },
        brand: 'HostDeck',
      },
    );
    return handler!;
  }

  it('probes the drive from another server once the authorize event passed; says why when it failed', async () => {
    const s = await scene();
    const { data, event_id } = await createServerDrive(s);
    const started: { kind: string; request: Record<string, unknown> }[] = [];
    const handler = handlerOf(started);
    const row = await eventRow(event_id);

    await handler({ ...row, status: EVENT_STATUS.error, isFinished: true });
    expect(await driveRow(data.id)).toMatchObject({ checkError: BACKUP_MESSAGES.authorizeFailed });
    expect(started).toEqual([]);

    await handler({ ...row, status: EVENT_STATUS.finished, isFinished: true });
    expect(started).toHaveLength(1);
    expect(started[0]!.request).toMatchObject({
      recipeId: 'backup-probe',
      serverId: s.source.id,
      modelId: data.id,
      type: 'backup_drive_probe',
    });
    expect((started[0]!.request.input as { drive: object }).drive).toMatchObject({
      kind: 'server',
      host: '203.0.113.11',
      user: 'hostdeck',
      path: '/srv/backups',
    });
  });

  it('reads a probe event as the runner records it (step title, stderr), keeping the pinned host key', async () => {
    const s = await scene();
    const { data } = await createServerDrive(s);
    const repository = createBackupsRepository(db());
    const pinned = generateSshKeyPair('host').publicKey.split(' ').slice(0, 2).join(' ');
    const row = await driveRow(data.id);
    await repository.updateDrive(data.id, {
      settings: { ...(row.settings as object), host_key: pinned },
      checkError: BACKUP_MESSAGES.authorizeFailed,
    });
    const handler = handlerOf([]);
    const probe = {
      ...(await eventRow((await createServerDrive(s)).event_id)),
      type: 'backup_drive_probe',
      modelId: data.id,
      status: EVENT_STATUS.finished,
      isFinished: true,
      output: `\n==> Check the drive\nhostkey\t${pinned}\nsome stderr line\nprobe\tok\n`,
    };
    await handler(probe);
    expect(await driveRow(data.id)).toMatchObject({
      checkError: null,
      settings: expect.objectContaining({ host_key: pinned }),
    });
  });

  it('moves the key line when the user or the target changes, and takes it off when the drive is deleted', async () => {
    const s = await scene();
    const { data } = await createServerDrive(s);
    const fingerprint = sshFingerprint(data.public_key)!;
    const body = { kind: 'server', name: 'Moved', path: '/srv/backups' };

    // Same target, another user: the key stays; its line moves to the new user in one task.
    const userChanged = await s.olga.api.put(`/api/backup-drives/${data.id}`, {
      ...body,
      server_id: s.target.id,
      user: 'backupper',
    });
    expect(userChanged.statusCode, userChanged.body).toBe(200);
    const authorize = await eventRow(userChanged.json().event_id);
    expect(authorize).toMatchObject({ type: 'backup_drive_authorize', serverId: s.target.id });
    expect(inputOf(authorize)).toEqual({ drive_id: data.id, revoke: { fingerprint, user: 'hostdeck' } });
    expect(userChanged.json().data.public_key).toBe(data.public_key);

    // Another target: the old line comes off the old target, a new key is authorized on the new one.
    const moved = await s.olga.api.put(`/api/backup-drives/${data.id}`, {
      ...body,
      server_id: s.other.id,
      user: 'backupper',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await driveEvents(data.id);
    const revoke = after.find((row) => row.type === 'backup_drive_revoke')!;
    expect(revoke).toMatchObject({ recipeId: 'ssh-keys-remove', serverId: s.target.id });
    expect(inputOf(revoke)).toEqual({ fingerprint, users: ['backupper'] });
    const newKey = moved.json().data.public_key as string;
    expect(newKey).not.toBe(data.public_key);
    expect(await eventRow(moved.json().event_id)).toMatchObject({
      type: 'backup_drive_authorize',
      serverId: s.other.id,
    });

    // Deleted: the current line comes off the current target; the row is gone.
    const removed = await s.olga.api.delete(`/api/backup-drives/${data.id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const last = (await driveEvents(data.id)).at(-1)!;
    expect(last).toMatchObject({ type: 'backup_drive_revoke', serverId: s.other.id });
    expect(inputOf(last)).toEqual({ fingerprint: sshFingerprint(newKey), users: ['backupper'] });
    const list = backupDriveListSchema.parse((await s.olga.api.get('/api/backup-drives')).json()).data;
    expect(list.some((drive) => drive.id === data.id)).toBe(false);
  });

  it('probes again without re-authorizing when nothing of the target changed and the last check passed', async () => {
    const s = await scene();
    const { data } = await createServerDrive(s);
    await createBackupsRepository(db()).updateDrive(data.id, { checkedAt: new Date(), checkError: null });
    const renamed = await s.olga.api.put(`/api/backup-drives/${data.id}`, {
      kind: 'server',
      name: 'Renamed',
      server_id: s.target.id,
      path: '/srv/backups',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await eventRow(renamed.json().event_id)).toMatchObject({
      type: 'backup_drive_probe',
      serverId: s.source.id,
    });
  });
});
