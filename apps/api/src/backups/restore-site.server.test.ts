import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteResponseSchema, startedEventResponseSchema } from '@hostdeck/contracts';
import {
  backupSnapshotContentsResponseSchema,
  backupSnapshotListSchema,
  restoreBackupResponseSchema,
} from '@hostdeck/contracts/backups';
import { createDatabaseResponseSchema } from '@hostdeck/contracts/databases';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { backupConfigs, databases, events, sites } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp, markProvisioned } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * Issue 20's check, end to end through the panel on a booted Debian 12 server (the `web` image,
 * MariaDB and PostgreSQL running): a site with a MariaDB and a PostgreSQL database is backed up to
 * a local drive, then the site and both databases are deleted through the panel's own routes, then
 * ONE restore call brings the site back as a new site. On the server: the vhost answers the same
 * page and every table's row count and checksum are the ones taken before the backup.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'nbsite';
const DOMAIN = 'nbshop.example.test';
const HOME = `/home/hostdeck/${DOMAIN}`;
const MARIADB = 'nbshop';
const POSTGRESQL = 'nbblog';
const PAGE = 'restored from a backup: nb-7f3a';

describe('restore a deleted site and its databases into a new site', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let serverId: number;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER, ['postgresql']);
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, {
      workers: true,
      env: { APP_URL: 'https://panel.example.test' },
    }));
    await markProvisioned(test, testServer, serverId);
  }, 10 * 60_000);

  afterAll(async () => {
    console.log(`restore-site.server.test durations (ms): ${JSON.stringify(timings)}`);
    await test?.close();
    await stopTestServer(SERVER);
  });

  /** A bash script on the server (extra arguments are $1…); must succeed. */
  const onServer = async (script: string, ...args: string[]) => {
    const result = await runOnTestServer(testServer, ['bash', '-c', script, 'test', ...args], {
      timeoutMs: 5 * 60_000,
    });
    expect(result.code, `${script}\n${result.stderr}`).toBe(0);
    return result.stdout.trim();
  };
  const page = () => onServer(`curl -s -H "Host: ${DOMAIN}" http://127.0.0.1/`);
  const mariadbSums = () =>
    onServer(
      'for t in $(mariadb -N -e "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = \'$1\' ORDER BY 1"); do printf "%s %s %s\\n" "$t" "$(mariadb -N -e "SELECT COUNT(*) FROM \\`$1\\`.\\`$t\\`")" "$(mariadb -N -e "CHECKSUM TABLE \\`$1\\`.\\`$t\\`" | cut -f2)"; done',
      MARIADB,
    );
  const postgresqlSums = () =>
    onServer(
      `runuser -u postgres -- psql -X -tA -d "$1" -c "SELECT format('SELECT %L, count(*), md5(string_agg(t::text, '''' ORDER BY t::text)) FROM %I.%I t;', tablename, schemaname, tablename) FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename" | runuser -u postgres -- psql -X -tA -d "$1"`,
      POSTGRESQL,
    );
  const databaseCount = () =>
    onServer(
      `printf '%s %s' "$(mariadb -N -e "SHOW DATABASES LIKE '$1'" | wc -l)" "$(runuser -u postgres -- psql -X -tA -c "SELECT count(*) FROM pg_database WHERE datname = '$2'")"`,
      MARIADB,
      POSTGRESQL,
    );

  /** Waits for the event to end; it must have finished (its output is the failure message). */
  const finished = async (id: number, label: string) => {
    const started = Date.now();
    const event = await waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 8 * 60_000, intervalMs: 250, what: `${label} (event ${id})` },
    );
    timings[label] = Date.now() - started;
    expect(event.status, `${label}:\n${event.output ?? ''}`).toBe('FINISHED');
    return event;
  };
  /** The finished handlers run right after the event row is finished: waits for their effect. */
  const siteStatus = (id: number, status: string) =>
    waitFor(
      async () => {
        const [row] = await test.database.db.select().from(sites).where(eq(sites.id, id));
        return row?.status === status ? row : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100, what: `site ${id} ${status}` },
    );
  const started = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it(
    'backs up, deletes and restores the site with both databases in one call',
    async () => {
      // 1. The site (with its MariaDB database) and a PostgreSQL database, through the panel.
      const site = createSiteResponseSchema.parse(
        await started(
          api.post('/api/sites', {
            name: DOMAIN,
            server_id: serverId,
            php_version: '8.2',
            database_name: MARIADB,
          }),
        ),
      );
      await finished(site.event_id, 'create site');
      await siteStatus(site.id, 'active');
      const postgres = createDatabaseResponseSchema.parse(
        await started(
          api.post(`/api/servers/${serverId}/databases`, { type: 'postgresql', name: POSTGRESQL }),
        ),
      ).data;
      await finished(postgres.id, 'create database');
      const [mariadbRow] = await test.database.db
        .select()
        .from(databases)
        .where(eq(databases.siteId, site.id));
      const postgresRow = postgres.database;
      // The databases page has no "belongs to site" field yet: the row is linked as a site's would be.
      await test.database.db
        .update(databases)
        .set({ siteId: site.id })
        .where(eq(databases.id, postgresRow!.id));

      await onServer(
        `set -e
        printf '%s\\n' "$1" > "$2/index.php"
        mkdir -p "$2/assets" && head -c 200000 /dev/urandom > "$2/assets/photo.bin"
        chown -R hostdeck:hostdeck "$2"
        mariadb "$3" -e "CREATE TABLE items (id INT PRIMARY KEY, label VARCHAR(40));
          INSERT INTO items VALUES (1, 'one'), (2, 'two'), (3, 'ba\\\\\\\\ck''slash');
          CREATE TABLE orders (id INT AUTO_INCREMENT PRIMARY KEY, item INT, qty INT);
          INSERT INTO orders (item, qty) SELECT seq % 3 + 1, seq FROM seq_1_to_400;"
        runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -d "$4" -c "
          CREATE TABLE customers (id serial PRIMARY KEY, name text, joined date);
          INSERT INTO customers (name, joined) SELECT 'customer ' || g, DATE '2026-01-01' + g FROM generate_series(1, 250) g;
          CREATE TABLE notes (id int PRIMARY KEY, body text); INSERT INTO notes VALUES (1, E'tab\\\\there'), (2, NULL);"`,
        PAGE,
        HOME,
        MARIADB,
        POSTGRESQL,
      );
      expect(await page()).toBe(PAGE);
      const photo = await onServer(`sha256sum < "$1/assets/photo.bin"`, HOME);
      const before = { mariadb: await mariadbSums(), postgresql: await postgresqlSums() };
      expect(before.mariadb.split('\n')).toHaveLength(2);
      expect(before.postgresql.split('\n')).toHaveLength(2);

      // 2. A local drive, a configuration with the site and both databases, one run.
      const drive = await api.post('/api/backup-drives', {
        kind: 'local',
        name: 'On the server',
        path: '/var/backups/nb-drive',
      });
      expect(drive.statusCode, drive.body).toBe(201);
      const driveId = (drive.json() as { data: { id: number } }).data.id;
      const config = (await started(
        api.post(`/api/servers/${serverId}/backups`, {
          drive_id: driveId,
          site_ids: [site.id],
          database_ids: [mariadbRow!.id, postgresRow!.id],
        }),
      )) as { data: { id: number; backup: number } };
      await finished(config.data.id, 'configure backups');
      const backup = config.data.backup;
      await waitFor(
        async () => {
          const [row] = await test.database.db
            .select()
            .from(backupConfigs)
            .where(eq(backupConfigs.id, backup));
          return row?.status === 'active';
        },
        { timeoutMs: 10_000, intervalMs: 100, what: 'the configuration active' },
      );
      const run = startedEventResponseSchema.parse(
        await started(api.post(`/api/servers/${serverId}/backups/${backup}/run`, {})),
      );
      await finished(run.data.id, 'back up');
      const snapshots = backupSnapshotListSchema.parse(
        (await api.get(`/api/servers/${serverId}/backups/${backup}/snapshots`)).json(),
      ).data;
      expect(snapshots).toHaveLength(1);
      const snapshot = snapshots[0]!.id;

      // 3. Delete the PostgreSQL database, then the site with its own database, through the panel.
      const dropped = await api.deleteWith(`/api/servers/${serverId}/databases/${postgresRow!.id}`, {
        name: POSTGRESQL,
      });
      expect(dropped.statusCode, dropped.body).toBe(201);
      await finished(startedEventResponseSchema.parse(dropped.json()).data.id, 'delete database');
      await finished(
        startedEventResponseSchema.parse(await started(api.delete(`/api/sites/${site.id}?delete_database=1`)))
          .data.id,
        'delete site',
      );
      expect(await databaseCount()).toBe('0 0');
      expect((await runOnTestServer(testServer, ['test', '-e', HOME])).code).not.toBe(0);
      expect(await test.database.db.select().from(sites).where(eq(sites.serverId, serverId))).toEqual([]);

      // The snapshot still offers the deleted site, with both databases.
      const contents = backupSnapshotContentsResponseSchema.parse(
        (await api.get(`/api/servers/${serverId}/backups/${backup}/snapshots/${snapshot}`)).json(),
      ).data;
      expect(contents.sites).toEqual([expect.objectContaining({ id: site.id, name: DOMAIN, live: false })]);
      expect(contents.databases).toEqual(
        expect.arrayContaining([
          { engine: 'mariadb', name: MARIADB, ok: true, site_id: site.id },
          { engine: 'postgresql', name: POSTGRESQL, ok: true, site_id: site.id },
        ]),
      );

      // 4. One call: a new site from the recorded one, with its databases.
      const restored = restoreBackupResponseSchema.parse(
        await started(
          api.post(`/api/servers/${serverId}/backups/${backup}/restore`, {
            kind: 'site',
            snapshot_id: snapshot,
            site_id: site.id,
            new_site: {},
            with_database: true,
          }),
        ),
      ).data;
      await finished(restored.id, 'restore');
      await siteStatus(restored.site_id!, 'active');

      // 5. On the server: the same page, the same files, the same tables.
      expect(await page()).toBe(PAGE);
      expect(await onServer(`sha256sum < "$1/assets/photo.bin"`, HOME)).toBe(photo);
      expect(await onServer(`stat -c %U "$1/index.php"`, HOME)).toBe('hostdeck');
      expect(await mariadbSums()).toBe(before.mariadb);
      expect(await postgresqlSums()).toBe(before.postgresql);

      // In the panel: the new site is active, its databases are listed under their names.
      const [newSite] = await test.database.db.select().from(sites).where(eq(sites.id, restored.site_id!));
      expect(newSite).toMatchObject({ name: DOMAIN, status: 'active', linuxUser: 'hostdeck' });
      const rows = await test.database.db.select().from(databases).where(eq(databases.serverId, serverId));
      expect(rows.map((row) => [row.type, row.name, row.status, row.siteId]).sort()).toEqual([
        ['mariadb', MARIADB, 'active', newSite!.id],
        ['postgresql', POSTGRESQL, 'active', newSite!.id],
      ]);
    },
    20 * 60_000,
  );
});
