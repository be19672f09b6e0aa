import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EVENT_STATUS } from '@hostdeck/contracts';
import { restoreBackupRequestSchema } from '@hostdeck/contracts/backups';
import type { BackupManifest } from '@hostdeck/recipes/backups';
import { backupConfigs, databases, events, sites } from '../database/schema.js';
import { ValidationError } from '../domain/errors.js';
import type { EventRow } from '../events/events.repository.js';
import type { FinishedEventHandler } from '../jobs/event-hooks.js';
import { createAccessPolicy } from '../policy/access-policy.js';
import { signIn } from '../policy/testing/policy-fixtures.js';
import { insertInstalledServer } from '../sites/testing/sites.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { createServersRepository } from '../servers/servers.repository.js';
import { BACKUP_SECRET_PURPOSE } from './backup-drive-input.js';
import { createBackupTokens } from './backup-token.js';
import { createBackupsRepository } from './backups.repository.js';
import { createBackupsService } from './backups.service.js';
import { createNewSiteRestore, registerNewSiteRestore, RESTORE_NEW_SITE_TASK } from './restore-new-site.js';

/**
 * A restore into a new site (issue 20: a deleted site and its databases come back in one call),
 * without a server: the request's grammar, strangers, and the rows and the one event it makes. The
 * snapshot's manifest is what the server would print (the read itself is tested on a server, in
 * restore-site.server.test.ts).
 */
const [pglite] = await availableTestDatabases();
const SNAPSHOT = 'c'.repeat(64);

describe('restore into a new site', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(pglite!, { env: { APP_URL: 'https://panel.example.com' } });
  });
  afterAll(async () => test.close());
  const db = () => test.database.db;

  /** Olga's server and config on an S3 drive; the site 41 and its databases exist only in the snapshot. */
  async function scene() {
    const olga = await signIn(test, 'Olga Owner');
    const mallory = await signIn(test, 'Mallory');
    const server = await insertInstalledServer(db(), olga.user.id);
    const other = await insertInstalledServer(db(), olga.user.id, { ip: '203.0.113.31' });
    const malloryServer = await insertInstalledServer(db(), mallory.user.id, { ip: '203.0.113.32' });
    const drive = await olga.api.post('/api/backup-drives', { kind: 'local', name: 'Here', path: '/srv/b' });
    expect(drive.statusCode, drive.body).toBe(201);
    const [config] = await db()
      .insert(backupConfigs)
      .values({
        serverId: server.id,
        driveId: (drive.json() as { data: { id: number } }).data.id,
        status: 'active',
        cycle: { daily: 7, weekly: 4, monthly: 6 },
        sealedRepositoryPassword: test.panel.secretBox.seal(
          'r'.repeat(64),
          BACKUP_SECRET_PURPOSE.repositoryPassword,
        ),
      })
      .returning();
    const manifest: BackupManifest = {
      format: 1,
      config_id: config!.id,
      created_at: '2026-11-29T13:00:00Z',
      sites: [
        { id: 41, name: 'gone.example.com', root: '/home/hostdeck/gone.example.com', files: 3, bytes: 120 },
      ],
      databases: [
        { engine: 'mariadb', name: 'shop', ok: true, site_id: 41 },
        { engine: 'postgresql', name: 'blog', ok: true, site_id: 41 },
        { engine: 'mariadb', name: 'other', ok: true, site_id: null },
        { engine: 'mariadb', name: 'broken', ok: false, site_id: 41 },
      ],
    };
    const reads: unknown[] = [];
    const policy = createAccessPolicy(db());
    const service = createBackupsService({
      repository: createBackupsRepository(db()),
      secretBox: test.panel.secretBox,
      tokens: createBackupTokens(test.config.appKey),
      appUrl: test.config.appUrl,
      policy: policy,
      events: test.panel.events,
      inventory: {
        read: async (_server, recipe, input, parse) => {
          reads.push({ recipe: recipe.id, input });
          return parse(
            `manifest\t${Buffer.from(JSON.stringify(manifest)).toString('base64')}\ndone\n`,
          ) as never;
        },
      },
      publish: () => {},
      downloadLink: async () => null,
      newSiteRestore: createNewSiteRestore({
        db: db(),
        servers: createServersRepository(db()),
        policy: policy,
        events: test.panel.events,
      }),
    });
    return { olga, mallory, server, other, malloryServer, config: config!, service, reads };
  }
  const olgaOf = (s: Awaited<ReturnType<typeof scene>>) => ({ id: s.olga.user.id });
  type SiteRestore = Extract<z.output<typeof restoreBackupRequestSchema>, { kind: 'site' }>;
  const body = (values: Record<string, unknown> = {}): SiteRestore =>
    restoreBackupRequestSchema.parse({
      kind: 'site',
      snapshot_id: SNAPSHOT,
      site_id: 41,
      new_site: {},
      with_database: true,
      ...values,
    }) as SiteRestore;

  it('takes a new site by the site form’s domain grammar, never with an existing target', () => {
    expect(body().new_site).toEqual({});
    expect(body({ new_site: { name: 'new.example.com' } }).new_site).toEqual({ name: 'new.example.com' });
    for (const new_site of [
      { name: '-oProxyCommand=id' },
      { name: 'a b.example.com' },
      { name: 'x.example.com;id' },
      { name: 'x.example.com\nid' },
      { name: '../etc' },
      { name: 'new.example.com', root: '/etc' },
    ]) {
      expect(
        restoreBackupRequestSchema.safeParse({ ...body(), new_site }).success,
        JSON.stringify(new_site),
      ).toBe(false);
    }
    const both = restoreBackupRequestSchema.safeParse({ ...body(), target_site_id: 3 });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.path).toEqual(['new_site']);
  });

  it('answers 404 to strangers and refuses their servers as a target, leaving no row', async () => {
    const s = await scene();
    const url = `/api/servers/${s.server.id}/backups/${s.config.id}`;
    const request = { kind: 'site', snapshot_id: SNAPSHOT, site_id: 41, new_site: {}, with_database: true };
    expect((await s.mallory.api.post(`${url}/restore`, request)).statusCode).toBe(404);
    expect((await s.mallory.api.get(`${url}/snapshots/${SNAPSHOT}`)).statusCode).toBe(404);
    // Olga's config under Mallory's server is not found either.
    expect(
      (await s.mallory.api.post(`/api/servers/${s.malloryServer.id}/backups/${s.config.id}/restore`, request))
        .statusCode,
    ).toBe(404);
    // Mallory's server as Olga's target: a field error, as for a missing server.
    await expect(
      s.service.restore(olgaOf(s), s.server.id, s.config.id, body({ target_server_id: s.malloryServer.id })),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await db().select().from(sites).where(eq(sites.name, 'gone.example.com'))).toEqual([]);
    expect(s.reads).toEqual([]);
  });

  it('makes the site and its databases `creating` and starts ONE event that applies and restores', async () => {
    const s = await scene();
    // A database of the same name on the target: the restored one gets a free name.
    await db().insert(databases).values({ serverId: s.server.id, type: 'mariadb', name: 'shop' });
    const answer = await s.service.restore(olgaOf(s), s.server.id, s.config.id, body());
    expect(s.reads).toEqual([
      { recipe: 'backup-manifest', input: { config_id: s.config.id, snapshot_id: SNAPSHOT } },
    ]);
    const data = answer.data as { id: number; site_id: number; databases: { name: string }[] };
    const [site] = await db().select().from(sites).where(eq(sites.id, data.site_id));
    expect(site).toMatchObject({
      serverId: s.server.id,
      name: 'gone.example.com',
      linuxUser: 'hostdeck',
      isolated: false,
      phpVersion: '8.2',
      webServer: 'nginx',
      status: 'creating',
      createEventId: data.id,
    });
    const rows = await db().select().from(databases).where(eq(databases.siteId, data.site_id));
    expect(rows.map((row) => [row.type, row.name, row.status]).sort()).toEqual([
      ['mariadb', 'shop_2', 'creating'],
      ['postgresql', 'blog', 'creating'],
    ]);
    const [event] = await db().select().from(events).where(eq(events.id, data.id));
    expect(event).toMatchObject({
      type: 'backup_restore',
      recipeId: `task:${RESTORE_NEW_SITE_TASK}`,
      serverId: s.server.id,
      siteId: data.site_id,
      modelId: s.config.id,
    });
    const input = JSON.parse(test.panel.secretBox.open(event!.sealedInput!, SECRET_PURPOSE.eventInput)) as {
      site_id: number;
      restore: Record<string, unknown>;
    };
    expect(input).toMatchObject({
      site_id: data.site_id,
      restore: {
        kind: 'site',
        config_id: s.config.id,
        snapshot_id: SNAPSHOT,
        source_root: '/home/hostdeck/gone.example.com',
        target_root: '/home/hostdeck/gone.example.com',
        linux_user: 'hostdeck',
        databases: [
          { engine: 'mariadb', name: 'shop', target: 'shop_2', replace: false },
          { engine: 'postgresql', name: 'blog', target: 'blog', replace: false },
        ],
      },
    });

    // Taken name: refused before anything is stored; an unknown site id of the snapshot too.
    const before = (await db().select().from(events)).length;
    await expect(s.service.restore(olgaOf(s), s.server.id, s.config.id, body())).rejects.toMatchObject({
      fieldErrors: { 'new_site.name': [expect.any(String)] },
    });
    await expect(
      s.service.restore(
        olgaOf(s),
        s.server.id,
        s.config.id,
        body({ site_id: 42, new_site: { name: 'x.example.com' } }),
      ),
    ).rejects.toMatchObject({ fieldErrors: { site_id: [expect.any(String)] } });
    expect((await db().select().from(events)).length).toBe(before);

    // Another of Olga's servers, without the databases: the source's drive goes with the input.
    const moved = await s.service.restore(
      olgaOf(s),
      s.server.id,
      s.config.id,
      body({ target_server_id: s.other.id, with_database: false, new_site: { name: 'moved.example.com' } }),
    );
    const [movedEvent] = await db().select().from(events).where(eq(events.id, moved.data.id));
    expect(movedEvent).toMatchObject({ serverId: s.other.id });
    const movedInput = JSON.parse(
      test.panel.secretBox.open(movedEvent!.sealedInput!, SECRET_PURPOSE.eventInput),
    ) as {
      restore: Record<string, unknown>;
    };
    expect(movedInput.restore).toMatchObject({
      source_server_id: s.server.id,
      drive: { kind: 'local', path: '/srv/b' },
      target_root: '/home/hostdeck/moved.example.com',
      databases: [],
    });
  });

  it('settles the rows when the event ends: active, or the site failed and its databases gone', async () => {
    const s = await scene();
    let handler: FinishedEventHandler | undefined;
    registerNewSiteRestore(
      { registerTask: () => {}, onFinished: (_prefix, registered) => (handler = registered) },
      { db: db() },
    );
    const settle = async (status: string) => {
      const answer = await s.service.restore(
        olgaOf(s),
        s.server.id,
        s.config.id,
        body({ new_site: { name: `${status.toLowerCase()}.example.com` } }),
      );
      const data = answer.data as { id: number; site_id: number };
      const [event] = await db().select().from(events).where(eq(events.id, data.id));
      await handler!({ ...event!, status, isFinished: true } as EventRow);
      const [site] = await db().select().from(sites).where(eq(sites.id, data.site_id));
      const rows = await db().select().from(databases).where(eq(databases.siteId, data.site_id));
      return { site: site!, rows };
    };
    const passed = await settle(EVENT_STATUS.finished);
    expect(passed.site.status).toBe('active');
    expect(passed.rows.map((row) => row.status)).toEqual(['active', 'active']);
    const failed = await settle(EVENT_STATUS.error);
    expect(failed.site.status).toBe('failed');
    expect(failed.rows).toEqual([]);
  });
});
