import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linkTestServers,
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../../../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  generateSshKeyPair,
  runRecipeOnSession,
  type RecipeRun,
  type RemoteSession,
} from '../../../../tools/test-server/web-test-server.js';
import { startS3Server, type S3TestServer } from '../../../../tools/testing/s3-server.js';
import { parseStepLogLine } from '../progress.js';
import { assembleStepScript } from '../scripts.js';
import type { Recipe } from '../recipe.js';
import {
  backupConfigure,
  backupDownload,
  backupInstall,
  backupRestore,
  backupRun,
  backupVerify,
  parseBackupDownloadOutput,
  parseBackupRunResult,
  parseBackupVerifyOutput,
  toSecretHex,
} from './index.js';

/**
 * Verification, restores and downloads on a real Debian 12 server (the `web` image, MariaDB and
 * PostgreSQL running): A1's recipes configure a local-folder drive and back up a site with a
 * MariaDB and a PostgreSQL database; the site and the databases are deleted and restored, and the
 * server itself is then checked (files, owners, table checksums with the engines' own clients).
 * The same restores then run from an S3 drive (s3rver on the host) and from an SFTP drive (a
 * second, plain test server). Every recipe runs through the production builder over SSH, as the
 * job runner runs it.
 */
const SERVER = 'bkr1';
const SFTP_SERVER = 'bkr2';
const PASSWORD = 'bkr-repository-password-0123456789';
const CONFIG_ID = 41;
const SERVER_ID = 9;
const USER = 'shop';
const ROOT = '/home/shop/shop.test';
const DRIVE = '/var/backups/bkr-drive';
const REPOSITORY = `${DRIVE}/hostdeck-${SERVER_ID}`;
const STAGING = `/var/lib/hostdeck/backups/${CONFIG_ID}/staging`;

let server: TestServer;
let sftpServer: TestServer;
let session: RemoteSession;
let s3: S3TestServer;
const sftpKey = generateSshKeyPair('hostdeck-restore-test');

beforeAll(async () => {
  [server, sftpServer, s3] = await Promise.all([
    bootWebTestServer(SERVER, ['postgresql']),
    resetTestServer(SFTP_SERVER),
    startS3Server(),
  ]);
  await linkTestServers(SERVER, SFTP_SERVER);
  // The SFTP drive: an account with the drive's key and a folder of its own.
  const drive = await runOnTestServer(sftpServer, [
    'bash',
    '-c',
    `set -e
    command -v /usr/lib/openssh/sftp-server >/dev/null || { apt-get update -q && apt-get install -y -q openssh-sftp-server; }
    useradd -m -s /bin/bash bkrdrive
    install -d -o bkrdrive -g bkrdrive -m 0700 /home/bkrdrive/.ssh /srv/bkr-backups
    printf '%s\\n' "$1" >/home/bkrdrive/.ssh/authorized_keys
    chown bkrdrive:bkrdrive /home/bkrdrive/.ssh/authorized_keys; chmod 0600 /home/bkrdrive/.ssh/authorized_keys`,
    'drive',
    sftpKey.publicKey,
  ]);
  expect(drive.code, drive.stderr).toBe(0);
  session = await connectToTestServer(server);
}, 20 * 60_000);
afterAll(async () => {
  await session?.close();
  await s3?.dispose();
  await Promise.all([stopTestServer(SERVER), stopTestServer(SFTP_SERVER)]);
});

const run = (recipe: Recipe, input: unknown): Promise<RecipeRun> =>
  runRecipeOnSession(session, recipe, input);

async function succeed(recipe: Recipe, input: unknown): Promise<RecipeRun> {
  const result = await run(recipe, input);
  expect(result.exitCode, `${recipe.id} failed in ${result.failedStep}:\n${result.output}`).toBe(0);
  return result;
}

const changesOf = (result: RecipeRun): string[] =>
  result.stdout.split('\n').flatMap((line) => {
    const parsed = parseStepLogLine(line);
    return parsed?.level === 'change' ? [parsed.message] : [];
  });

const progressOf = (result: RecipeRun): number[] =>
  result.stdout.split('\n').flatMap((line) => {
    const match = /^progress (\d+)% /.exec(parseStepLogLine(line)?.message ?? '');
    return match ? [Number(match[1])] : [];
  });

/** A bash script on the server (extra arguments are $1…); must succeed. */
async function onServer(script: string, ...args: string[]): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script, 'test', ...args], {
    timeoutMs: 10 * 60_000,
  });
  expect(result.code, `${script}\n${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

/** The site's files: `path size sha256 owner mode` per file, sorted. */
const siteFiles = (root = ROOT) =>
  onServer(
    'cd -- "$1" && find . -type f -printf "%P %s %u %m\\n" | LC_ALL=C sort | while read -r p s u m; do printf "%s %s %s %s %s\\n" "$p" "$s" "$(sha256sum < "$p" | cut -c1-64)" "$u" "$m"; done',
    root,
  );

/** Row count and checksum of every table of a MariaDB database. */
const mariadbSums = (database: string) =>
  onServer(
    'for t in $(mariadb -N -e "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = \'$1\' ORDER BY 1"); do printf "%s %s %s\\n" "$t" "$(mariadb -N -e "SELECT COUNT(*) FROM \\`$1\\`.\\`$t\\`")" "$(mariadb -N -e "CHECKSUM TABLE \\`$1\\`.\\`$t\\`" | cut -f2)"; done',
    database,
  );

/** Row count and md5 of every table of a PostgreSQL database. */
const postgresqlSums = (database: string) =>
  onServer(
    `runuser -u postgres -- psql -X -tA -d "$1" -c "SELECT format('SELECT %L, count(*), md5(string_agg(t::text, '''' ORDER BY t::text)) FROM %I.%I t;', tablename, schemaname, tablename) FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename" | runuser -u postgres -- psql -X -tA -d "$1"`,
    database,
  );

const databaseExists = async (engine: 'mariadb' | 'postgresql', name: string) =>
  engine === 'mariadb'
    ? (await onServer('mariadb -N -e "SHOW DATABASES LIKE \'$1\'"', name)) === name
    : (await onServer(
        `runuser -u postgres -- psql -X -tA -c "SELECT datname FROM pg_database WHERE datname = '$1'"`,
        name,
      )) === name;

let snapshot = '';
const before = { files: '', mariadb: '', postgresql: '' };
const timings: Record<string, number> = {};
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings[label] = Date.now() - started;
  }
}
afterAll(() => {
  console.log(`restore.server.test durations (ms): ${JSON.stringify(timings)}`);
});

describe('backup verify, restore and download', () => {
  it(
    'backs up a site with a MariaDB and a PostgreSQL database to a local folder',
    async () => {
      await onServer(`
      set -e
      useradd -m -s /bin/bash ${USER}
      mkdir -p ${ROOT}/public/assets ${ROOT}/private
      printf '<h1>shop</h1>\\n' > ${ROOT}/public/index.html
      printf 'body { color: red }\\n' > ${ROOT}/public/assets/site.css
      head -c 300000 /dev/urandom > ${ROOT}/public/assets/photo.bin
      printf 'secret=1\\n' > ${ROOT}/private/.env
      chmod 0600 ${ROOT}/private/.env
      chown -R ${USER}:${USER} ${ROOT}
      mariadb -e "CREATE DATABASE shop; CREATE USER 'shop'@'localhost' IDENTIFIED BY 'x'; GRANT ALL ON shop.* TO 'shop'@'localhost'"
      mariadb shop -e "CREATE TABLE items (id INT PRIMARY KEY, label VARCHAR(40)) ENGINE=InnoDB;
        INSERT INTO items VALUES (1, 'one'), (2, 'two'), (3, 'ba\\\\nck''slash');
        CREATE TABLE orders (id INT AUTO_INCREMENT PRIMARY KEY, item INT, qty INT) ENGINE=InnoDB;
        INSERT INTO orders (item, qty) SELECT seq % 3 + 1, seq FROM seq_1_to_500;"
      runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -c "CREATE ROLE shoppg LOGIN PASSWORD 'x'" -c "CREATE DATABASE shoppg OWNER shoppg"
      runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -d shoppg -c "SET ROLE shoppg;
        CREATE TABLE customers (id serial PRIMARY KEY, name text, joined date);
        INSERT INTO customers (name, joined) SELECT 'customer ' || g, DATE '2026-01-01' + g FROM generate_series(1, 300) g;
        CREATE TABLE notes (id int PRIMARY KEY, body text); INSERT INTO notes VALUES (1, E'tab\\\\there'), (2, NULL);"
    `);
      before.files = await siteFiles();
      before.mariadb = await mariadbSums('shop');
      before.postgresql = await postgresqlSums('shoppg');
      expect(before.mariadb.split('\n')).toHaveLength(2);
      expect(before.postgresql.split('\n')).toHaveLength(2);

      await timed('install', () => succeed(backupInstall, {}));
      await timed('configure', () =>
        succeed(backupConfigure, {
          config_id: CONFIG_ID,
          server_id: SERVER_ID,
          drive: { kind: 'local', path: DRIVE },
          sites: [{ id: 1, name: 'shop.test', root: ROOT, excludes: [] }],
          databases: [
            { engine: 'mariadb', name: 'shop', site_id: 1 },
            { engine: 'postgresql', name: 'shoppg', site_id: 1 },
          ],
          keep_daily: 7,
          keep_weekly: 4,
          keep_monthly: 6,
          password_hex: toSecretHex(PASSWORD),
        }),
      );
      const result = await timed('backup', () => succeed(backupRun, { config_id: CONFIG_ID }));
      const parsed = parseBackupRunResult(result.stdout);
      expect(parsed.state).toBe('succeeded');
      snapshot = parsed.snapshot_id!;
      expect(snapshot).toMatch(/^[0-9a-f]{64}$/);
    },
    30 * 60_000,
  );

  it(
    'verifies a clean repository: files and tables match the manifest',
    async () => {
      const result = await timed('verify-clean', () =>
        succeed(backupVerify, { config_id: CONFIG_ID, read_data: 'full' }),
      );
      const verified = parseBackupVerifyOutput(result.stdout);
      expect(verified).toMatchObject({ ok: true, snapshot_id: snapshot, files: 4, problems: [] });
      expect(verified?.databases).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'shop', engine: 'mariadb', ok: true }),
          expect.objectContaining({ name: 'shoppg', engine: 'postgresql', ok: true }),
        ]),
      );
      // The throw-away databases and the scratch folder are gone.
      expect(await onServer('mariadb -N -e "SHOW DATABASES LIKE \'hd_verify_%\'"')).toBe('');
      expect(
        await onServer(
          `runuser -u postgres -- psql -X -tA -c "SELECT datname FROM pg_database WHERE datname LIKE 'hd_verify_%'"`,
        ),
      ).toBe('');
      expect(await onServer('ls -A /var/lib/hostdeck/backups/scratch')).toBe('');
      expect(progressOf(result).at(-1)).toBe(100);
    },
    20 * 60_000,
  );

  it(
    'restores the deleted site and its databases',
    async () => {
      await onServer(
        `rm -rf -- ${ROOT}; mariadb -e "DROP DATABASE shop"; runuser -u postgres -- psql -X -q -c "DROP DATABASE shoppg"`,
      );
      expect(await databaseExists('mariadb', 'shop')).toBe(false);
      const result = await timed('restore-site', () =>
        succeed(backupRestore, {
          kind: 'site',
          config_id: CONFIG_ID,
          snapshot_id: snapshot.slice(0, 8),
          source_root: ROOT,
          target_root: ROOT,
          linux_user: USER,
          databases: [
            { engine: 'mariadb', name: 'shop', target: 'shop' },
            { engine: 'postgresql', name: 'shoppg', target: 'shoppg' },
          ],
        }),
      );
      expect(await siteFiles()).toBe(before.files);
      expect(await onServer('stat -c "%U %a" -- "$1"', ROOT)).toMatch(/^shop /);
      expect(await mariadbSums('shop')).toBe(before.mariadb);
      expect(await postgresqlSums('shoppg')).toBe(before.postgresql);
      // Ownership in PostgreSQL comes back with the dump.
      expect(
        await onServer(
          `runuser -u postgres -- psql -X -tA -d shoppg -c "SELECT tableowner FROM pg_tables WHERE tablename = 'customers'"`,
        ),
      ).toBe('shoppg');
      const progress = progressOf(result);
      expect(progress.length).toBeGreaterThan(3);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(progress.at(-1)).toBe(100);
      expect(result.stdout).toContain('restored\tsite');
    },
    20 * 60_000,
  );

  it(
    'refuses to load over a live database unless asked, then replaces it after dumping it',
    async () => {
      await onServer('mariadb shop -e "INSERT INTO items VALUES (99, \'after the backup\')"');
      const input = {
        kind: 'database',
        config_id: CONFIG_ID,
        snapshot_id: snapshot,
        databases: [{ engine: 'mariadb', name: 'shop', target: 'shop' }],
      };
      const refused = await run(backupRestore, input);
      expect(refused.exitCode).not.toBe(0);
      expect(refused.stdout).toContain('exists and is not empty');
      expect(await onServer('mariadb -N shop -e "SELECT COUNT(*) FROM items"')).toBe('4');

      const replaced = await timed('restore-replace', () =>
        succeed(backupRestore, { ...input, databases: [{ ...input.databases[0], replace: true }] }),
      );
      expect(await mariadbSums('shop')).toBe(before.mariadb);
      const saved = await onServer('ls /var/backups/hostdeck/databases/mariadb/');
      expect(saved).toMatch(/^shop--[0-9]{8}T[0-9]{6}Z\.sql\.gz$/);
      expect(
        await onServer(
          'zcat -- "/var/backups/hostdeck/databases/mariadb/$1" | grep -c "after the backup"',
          saved,
        ),
      ).toBe('1');
      expect(changesOf(replaced).some((line) => line.startsWith('dumped the live database shop'))).toBe(true);
      // Grants in mysql.db survive the drop and create.
      expect(
        await onServer('mariadb -N -e "SHOW GRANTS FOR \'shop\'@\'localhost\'" | grep -c "ON \\`shop\\`"'),
      ).toBe('1');
    },
    20 * 60_000,
  );

  it(
    'replaces a live PostgreSQL database after dumping it, keeping its owner, encoding and grants',
    async () => {
      // The live database: its own owner, PUBLIC's rights revoked, one reader; a row the snapshot lacks.
      await onServer(`set -e
      runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -c "CREATE ROLE shopreader LOGIN" \
        -c "ALTER DATABASE shoppg OWNER TO shoppg" -c "REVOKE ALL ON DATABASE shoppg FROM PUBLIC" \
        -c "GRANT CONNECT ON DATABASE shoppg TO shopreader"
      runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -d shoppg -c "INSERT INTO notes VALUES (99, 'after the backup')"`);
      const settings = () =>
        onServer(
          `runuser -u postgres -- psql -X -tA -c "SELECT pg_get_userbyid(datdba), pg_encoding_to_char(encoding), datcollate, array_to_string(ARRAY(SELECT unnest(datacl)::text ORDER BY 1), ',') FROM pg_database WHERE datname = 'shoppg'"`,
        );
      const live = await settings();
      expect(live).toMatch(/^shoppg\|UTF8\|[^|]+\|shoppg=CTc\/shoppg,shopreader=c\/shoppg$/);
      const input = {
        kind: 'database',
        config_id: CONFIG_ID,
        snapshot_id: snapshot,
        databases: [{ engine: 'postgresql', name: 'shoppg', target: 'shoppg' }],
      };
      const refused = await run(backupRestore, input);
      expect(refused.exitCode).not.toBe(0);
      expect(refused.stdout).toContain('exists and is not empty');

      const replaced = await timed('restore-replace-postgresql', () =>
        succeed(backupRestore, { ...input, databases: [{ ...input.databases[0], replace: true }] }),
      );
      expect(changesOf(replaced).some((line) => line.startsWith('dumped the live database shoppg'))).toBe(
        true,
      );
      // The live database was dumped first, as database-dump makes them (custom format, root only).
      const saved = await onServer('ls /var/backups/hostdeck/databases/postgresql/');
      expect(saved).toMatch(/^shoppg--[0-9]{8}T[0-9]{6}Z\.dump$/);
      const file = `/var/backups/hostdeck/databases/postgresql/${saved}`;
      expect(await onServer('stat -c "%a %U" -- "$1"', file)).toBe('600 root');
      expect(await onServer('pg_restore --data-only -f - -- "$1" | grep -c "after the backup"', file)).toBe(
        '1',
      );
      // The database holds the snapshot's rows; its owner, encoding and access list are the live one's.
      expect(await postgresqlSums('shoppg')).toBe(before.postgresql);
      expect(await settings()).toBe(live);
      expect(
        await onServer(
          `runuser -u postgres -- psql -X -tA -c "SELECT has_database_privilege('shopreader', 'shoppg', 'CONNECT'), has_database_privilege('public', 'shoppg', 'CONNECT')"`,
        ),
      ).toBe('t|f');
      expect(
        await onServer(
          `runuser -u postgres -- psql -X -tA -d shoppg -c "SELECT tableowner FROM pg_tables WHERE tablename = 'customers'"`,
        ),
      ).toBe('shoppg');
    },
    20 * 60_000,
  );

  it(
    'restores one database into a new name, or into an empty one',
    async () => {
      for (const engine of ['mariadb', 'postgresql'] as const) {
        const name = engine === 'mariadb' ? 'shop' : 'shoppg';
        await timed(`restore-new-${engine}`, () =>
          succeed(backupRestore, {
            kind: 'database',
            config_id: CONFIG_ID,
            snapshot_id: snapshot,
            databases: [{ engine, name, target: 'restored_copy' }],
          }),
        );
        if (engine === 'mariadb') expect(await mariadbSums('restored_copy')).toBe(before.mariadb);
        else expect(await postgresqlSums('restored_copy')).toBe(before.postgresql);
      }
      // An empty database of that name (a rerun after a failed load) is loaded, not refused.
      await onServer('mariadb -e "CREATE DATABASE prepared"');
      await succeed(backupRestore, {
        kind: 'database',
        config_id: CONFIG_ID,
        snapshot_id: snapshot,
        databases: [{ engine: 'mariadb', name: 'shop', target: 'prepared' }],
      });
      expect(await mariadbSums('prepared')).toBe(before.mariadb);
    },
    20 * 60_000,
  );

  it(
    'restores a single file into the site, leaving the rest as it is',
    async () => {
      await onServer(`
      printf 'defaced\\n' > ${ROOT}/public/index.html
      printf 'new\\n' > ${ROOT}/public/added.html
      rm -f ${ROOT}/public/assets/site.css
    `);
      const result = await timed('restore-file', () =>
        succeed(backupRestore, {
          kind: 'files',
          config_id: CONFIG_ID,
          snapshot_id: snapshot,
          source_root: ROOT,
          target_root: ROOT,
          linux_user: USER,
          paths: ['public/index.html'],
        }),
      );
      expect(await onServer('cat -- "$1"', `${ROOT}/public/index.html`)).toBe('<h1>shop</h1>');
      expect(await onServer('stat -c %U -- "$1"', `${ROOT}/public/index.html`)).toBe(USER);
      expect(await onServer('cat -- "$1"', `${ROOT}/public/added.html`)).toBe('new');
      expect(await onServer('test -e "$1" && echo yes || echo no', `${ROOT}/public/assets/site.css`)).toBe(
        'no',
      );
      expect(result.stdout).toContain('restored\tfiles');
      // A path the snapshot does not have is refused before anything is written.
      const missing = await run(backupRestore, {
        kind: 'files',
        config_id: CONFIG_ID,
        snapshot_id: snapshot,
        source_root: ROOT,
        target_root: ROOT,
        linux_user: USER,
        paths: ['public/assets/site.css', 'public/nothing-here.txt'],
      });
      expect(missing.exitCode).not.toBe(0);
      expect(missing.stdout).toContain('public/nothing-here.txt is not in snapshot');
      expect(await onServer('test -e "$1" && echo yes || echo no', `${ROOT}/public/assets/site.css`)).toBe(
        'no',
      );
    },
    20 * 60_000,
  );

  it(
    'writes a download of the site and of a dump, root-only, removed by cron after 3 hours',
    async () => {
      const site = await timed('download-site', () =>
        succeed(backupDownload, { config_id: CONFIG_ID, snapshot_id: snapshot, path: ROOT }),
      );
      const archive = parseBackupDownloadOutput(site.stdout);
      expect(archive?.file).toMatch(/\.tar$/);
      const folder = '/var/backups/hostdeck/downloads';
      expect(await onServer('stat -c "%a %U" -- "$1"', folder)).toBe('700 root');
      expect(await onServer('stat -c "%a %U %s" -- "$1"', `${folder}/${archive!.file}`)).toBe(
        `600 root ${archive!.size}`,
      );
      expect(
        await onServer('tar -tf "$1" | grep -c "shop.test/public/index.html$"', `${folder}/${archive!.file}`),
      ).toBe('1');
      expect(await onServer('grep -c -- "-mmin +180" /etc/cron.d/hostdeck-backup-downloads')).toBe('1');
      const dump = await succeed(backupDownload, {
        config_id: CONFIG_ID,
        snapshot_id: snapshot,
        path: `${STAGING}/databases/postgresql/shoppg.sql`,
      });
      const sql = parseBackupDownloadOutput(dump.stdout);
      expect(sql?.file).toMatch(/\.sql$/);
      expect(
        await onServer(
          'tail -n 6 -- "$1" | grep -c "PostgreSQL database dump complete"',
          `${folder}/${sql!.file}`,
        ),
      ).toBe('1');
      expect(await onServer('ls -A -- "$1" | grep -vc "^backup-" || true', folder)).toBe('0');
    },
    20 * 60_000,
  );

  const drives = {
    s3: () => ({
      kind: 's3' as const,
      endpoint: s3.endpointFor(server),
      region: s3.region,
      bucket: s3.bucket,
      path: 'restores',
      access_key_id: s3.accessKeyId,
    }),
    sftp: () => ({
      kind: 'sftp' as const,
      host: sftpServer.address,
      port: 22,
      user: 'bkrdrive',
      path: '/srv/bkr-backups',
    }),
  };

  for (const [kind, configId] of [
    ['s3', 42],
    ['sftp', 43],
  ] as const) {
    it(
      `restores a site, a database into a new name and a single file from an ${kind} drive`,
      async () => {
        const drive = drives[kind]();
        const secret = toSecretHex(kind === 's3' ? s3.secretAccessKey : sftpKey.privateKey);
        await timed(`configure-${kind}`, () =>
          succeed(backupConfigure, {
            config_id: configId,
            server_id: SERVER_ID,
            drive,
            drive_secret_hex: secret,
            sites: [{ id: 1, name: 'shop.test', root: ROOT, excludes: [] }],
            databases: [
              { engine: 'mariadb', name: 'shop', site_id: 1 },
              { engine: 'postgresql', name: 'shoppg', site_id: 1 },
            ],
            keep_daily: 7,
            keep_weekly: 4,
            keep_monthly: 6,
            password_hex: toSecretHex(PASSWORD),
          }),
        );
        // A site's files are its user's (the single-file test above wrote one as root).
        await onServer('chown -R "$2:$2" -- "$1"', ROOT, USER);
        const files = await siteFiles();
        const sums = { mariadb: await mariadbSums('shop'), postgresql: await postgresqlSums('shoppg') };
        const backup = parseBackupRunResult(
          (await timed(`backup-${kind}`, () => succeed(backupRun, { config_id: configId }))).stdout,
        );
        expect(backup.state).toBe('succeeded');
        const id = backup.snapshot_id!;
        // The repository is on the drive itself.
        if (kind === 's3') expect(s3.objectCount()).toBeGreaterThan(3);
        else {
          const stat = await runOnTestServer(sftpServer, [
            'stat',
            '-c',
            '%U',
            `/srv/bkr-backups/hostdeck-${SERVER_ID}/config`,
          ]);
          expect(stat.stdout.trim()).toBe('bkrdrive');
        }

        // The site's files into a new root: every file with its content (sha256), owner and mode.
        const target = `/home/${USER}/${kind}.test`;
        const site = await timed(`restore-site-${kind}`, () =>
          succeed(backupRestore, {
            kind: 'site',
            config_id: configId,
            snapshot_id: id,
            source_root: ROOT,
            target_root: target,
            linux_user: USER,
          }),
        );
        expect(site.stdout).toContain('restored\tsite');
        expect(await siteFiles(target)).toBe(files);

        // Each database into a new name: the tables' rows and checksums are the live ones'.
        for (const engine of ['mariadb', 'postgresql'] as const) {
          await timed(`restore-new-${engine}-${kind}`, () =>
            succeed(backupRestore, {
              kind: 'database',
              config_id: configId,
              snapshot_id: id,
              databases: [{ engine, name: engine === 'mariadb' ? 'shop' : 'shoppg', target: `${kind}_copy` }],
            }),
          );
          expect(await (engine === 'mariadb' ? mariadbSums : postgresqlSums)(`${kind}_copy`)).toBe(
            sums[engine],
          );
        }

        // A single damaged file. From SFTP through the source fields, as a restore onto another
        // server gets the drive (its secrets on stdin, the host key learnt on first use).
        const photo = `${target}/public/assets/photo.bin`;
        await onServer('printf damaged >"$1"', photo);
        const source =
          kind === 'sftp'
            ? {
                source_server_id: SERVER_ID,
                drive,
                password_hex: toSecretHex(PASSWORD),
                drive_secret_hex: secret,
              }
            : {};
        const file = await timed(`restore-file-${kind}`, () =>
          succeed(backupRestore, {
            kind: 'files',
            config_id: configId,
            snapshot_id: id,
            source_root: ROOT,
            target_root: target,
            linux_user: USER,
            paths: ['public/assets/photo.bin'],
            ...source,
          }),
        );
        expect(file.stdout).toContain('restored\tfiles');
        const expected = files.split('\n').find((line) => line.startsWith('public/assets/photo.bin '));
        expect(await onServer('sha256sum <"$1" | cut -c1-64', photo)).toBe(expected?.split(' ')[2]);
        expect(await siteFiles(target)).toBe(files);
        expect(await onServer('ls -A /var/lib/hostdeck/backups/scratch')).toBe('');
      },
      20 * 60_000,
    );
  }

  it(
    'ends at once when its stdin never ends, instead of reading it into memory (issue 20)',
    async () => {
      // The assembled steps, run by hand with a secret stream that has no newline and no end:
      // a restore from another server's drive, and a drive probe (backup.sh reads secrets alike).
      const steps = [
        {
          script: 'backups/restore.sh',
          environment: [
            'HD_RECIPE_ID=backup-restore',
            `HD_BACKUP_CONFIG_ID=${CONFIG_ID}`,
            `HD_BACKUP_SNAPSHOT=${snapshot}`,
            'HD_RESTORE_KIND=database',
            'HD_RESTORE_DATABASES=mariadb\tshop\tendless_copy\t0',
            `HD_BACKUP_SERVER_ID=${SERVER_ID}`,
          ],
        },
        { script: 'backups/backup.sh', environment: ['HD_RECIPE_ID=backup-probe'] },
      ];
      for (const step of steps) {
        const written = await runOnTestServer(
          server,
          ['bash', '-c', 'umask 077; cat >/root/endless-step.sh'],
          {
            input: assembleStepScript(step.script),
          },
        );
        expect(written.code, written.stderr).toBe(0);
        const started = Date.now();
        const result = await runOnTestServer(
          server,
          [
            'env',
            ...step.environment,
            'HD_BACKUP_DRIVE_KIND=local',
            `HD_BACKUP_DRIVE_PATH=${DRIVE}`,
            'bash',
            '-c',
            "tr '\\0' a </dev/zero | timeout 120 bash /root/endless-step.sh",
          ],
          { timeoutMs: 180_000 },
        );
        expect(result.code, `${step.script}: ${result.stdout}${result.stderr}`).toBe(1);
        expect(result.stdout).toContain('::hostdeck::error::invalid secret on stdin');
        expect(Date.now() - started).toBeLessThan(30_000);
      }
      expect(await onServer('ls -A /var/lib/hostdeck/backups/scratch; rm -f /root/endless-step.sh')).toBe('');
    },
    5 * 60_000,
  );

  it(
    'fails the verification of a repository with a corrupted pack file, naming the problem',
    async () => {
      // The largest pack holds the site's data: overwrite bytes in its middle.
      await onServer(
        'pack=$(find "$1/data" -type f -printf "%s %p\\n" | sort -n | tail -n 1 | cut -d" " -f2); chmod u+w "$pack"; size=$(stat -c %s "$pack"); printf "corrupted by the test" | dd of="$pack" bs=1 seek=$((size / 2)) conv=notrunc status=none',
        REPOSITORY,
      );
      const result = await timed('verify-corrupt', () =>
        run(backupVerify, { config_id: CONFIG_ID, read_data: 'full' }),
      );
      expect(result.exitCode).not.toBe(0);
      const verified = parseBackupVerifyOutput(result.stdout);
      expect(verified?.ok).toBe(false);
      expect(
        verified?.problems.some((problem) => problem.startsWith('repository: restic check failed')),
      ).toBe(true);
      expect(await onServer('ls -A /var/lib/hostdeck/backups/scratch')).toBe('');
      expect(await onServer('mariadb -N -e "SHOW DATABASES LIKE \'hd_verify_%\'"')).toBe('');
    },
    20 * 60_000,
  );
});
