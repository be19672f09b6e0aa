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
import type { Recipe } from '../recipe.js';
import {
  backupConfigure,
  backupInstall,
  backupProbe,
  backupRemove,
  backupRun,
  backupRuns,
  backupSnapshots,
  parseBackupProbe,
  parseBackupRunResult,
  parseBackupRuns,
  parseBackupSnapshots,
  toSecretHex,
  type BackupConfigureInput,
  type BackupRunResult,
} from './index.js';

/**
 * The backup engine on real Debian 12 servers (the `web` image: MariaDB, PostgreSQL): a site with
 * files, a MariaDB and a PostgreSQL database, backed up with restic to a local folder, to an SFTP
 * drive on a second test server and to S3 (s3rver on the host, reached at the host end of the
 * server's /30). Every recipe is built by the production builder and run over SSH; what is checked
 * is the server and the repository themselves: the snapshot, its files, its dumps, its manifest.
 */
const WEB = 'bqweb';
const DRIVE = 'bqsftp';
const SERVER_ID = 77;
const SITE_ROOT = '/home/hostdeck/shop.example.com';
const PASSWORD = 'correct-horse-battery-staple-77';
const LOCAL_FOLDER = '/var/backups/bka-local';

let web: TestServer;
let drive: TestServer;
let session: RemoteSession;
let s3: S3TestServer;
const key = generateSshKeyPair('hostdeck-backups-test');

beforeAll(async () => {
  [web, drive, s3] = await Promise.all([
    bootWebTestServer(WEB, ['postgresql']),
    resetTestServer(DRIVE),
    startS3Server(),
  ]);
  await linkTestServers(WEB, DRIVE);
  session = await connectToTestServer(web);
  // The SFTP drive: an account with the drive's key and a folder of its own.
  await sh(
    drive,
    `set -e
    command -v /usr/lib/openssh/sftp-server >/dev/null || { apt-get update -q && apt-get install -y -q openssh-sftp-server; }
    id bkadrive >/dev/null 2>&1 || useradd -m -s /bin/bash bkadrive
    install -d -o bkadrive -g bkadrive -m 0700 /home/bkadrive/.ssh /srv/bka-backups
    printf '%s\\n' '${key.publicKey}' >/home/bkadrive/.ssh/authorized_keys
    chown bkadrive:bkadrive /home/bkadrive/.ssh/authorized_keys; chmod 0600 /home/bkadrive/.ssh/authorized_keys`,
  );
  // The site, and its databases.
  await sh(
    web,
    `set -e
    install -d -o hostdeck -g hostdeck ${SITE_ROOT} ${SITE_ROOT}/public ${SITE_ROOT}/public/cache ${SITE_ROOT}/logs ${SITE_ROOT}/data
    printf '<h1>shop</h1>\\n' >${SITE_ROOT}/public/index.html
    printf '<?php echo "hi";\\n' >${SITE_ROOT}/public/app.php
    printf 'cached\\n' >${SITE_ROOT}/public/cache/page.html
    printf 'GET /\\n' >${SITE_ROOT}/logs/access.log
    head -c 1048576 /dev/urandom >${SITE_ROOT}/data/blob.bin
    chown -R hostdeck:hostdeck ${SITE_ROOT}
    mariadb -e "CREATE DATABASE IF NOT EXISTS shop"
    mariadb shop -e "CREATE TABLE IF NOT EXISTS shop.orders (id INT PRIMARY KEY, item VARCHAR(40), qty INT);
      CREATE TABLE IF NOT EXISTS shop.customers (id INT PRIMARY KEY, name VARCHAR(40));
      INSERT IGNORE INTO shop.orders SELECT seq, CONCAT('item-', seq), seq % 7 FROM seq_1_to_50;
      INSERT IGNORE INTO shop.customers VALUES (1, 'Ana'), (2, 'Bảo');"
    cd /
    runuser -u postgres -- psql -q -c "CREATE DATABASE blog" 2>/dev/null || true
    runuser -u postgres -- psql -q -d blog -c "CREATE TABLE IF NOT EXISTS posts (id int PRIMARY KEY, title text);
      INSERT INTO posts SELECT g, 'post ' || g FROM generate_series(1, 20) g ON CONFLICT DO NOTHING;"`,
  );
  await succeed(backupInstall, {});
}, 900_000);

afterAll(async () => {
  await session?.close();
  await s3?.dispose();
  await Promise.all([stopTestServer(WEB), stopTestServer(DRIVE)]);
});

async function sh(server: TestServer, script: string): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script]);
  expect(result.code, `${script}\n${result.stdout}${result.stderr}`).toBe(0);
  return result.stdout;
}

const run = (recipe: Recipe, input: unknown): Promise<RecipeRun> =>
  runRecipeOnSession(session, recipe, input);
async function succeed(recipe: Recipe, input: unknown): Promise<RecipeRun> {
  const result = await run(recipe, input);
  expect(result.exitCode, `${recipe.id} failed in ${result.failedStep}:\n${result.output}`).toBe(0);
  return result;
}

async function backUp(input: Record<string, unknown>): Promise<BackupRunResult> {
  const result = await run(backupRun, input);
  const parsed = parseBackupRunResult(result.stdout);
  expect(result.exitCode, result.output).toBe(parsed.state === 'failed' ? 1 : 0);
  return parsed;
}

const site = { id: 5, name: 'shop.example.com', root: SITE_ROOT, excludes: ['/public/cache', '*.log'] };
const databases = [
  { engine: 'mariadb', name: 'shop', site_id: 5 },
  { engine: 'postgresql', name: 'blog', site_id: 5 },
];
const plan = (configId: number, drive: unknown, extra: Record<string, unknown> = {}): BackupConfigureInput =>
  ({
    config_id: configId,
    server_id: SERVER_ID,
    drive,
    sites: [site],
    databases,
    schedule: '15 3 * * *',
    keep_daily: 7,
    keep_weekly: 4,
    keep_monthly: 6,
    password_hex: toSecretHex(PASSWORD),
    ...extra,
  }) as BackupConfigureInput;

/** restic on the server, against a config's repository, with the config's own password file. */
function restic(configId: number, args: string): Promise<string> {
  return sh(
    web,
    `set -e; set -a; . /dev/stdin <<<"$(grep -E '^(RESTIC_REPOSITORY|AWS_[A-Z_]+)=' /etc/hostdeck/backups/${configId}/env)"; set +a
    cd /; restic --password-file /etc/hostdeck/backups/${configId}/password --no-cache ${args}`,
  );
}

interface Manifest {
  sites: { id: number; files: number; bytes: number; sha256: string }[];
  databases: {
    engine: string;
    name: string;
    ok: boolean;
    tables?: Record<string, { rows: number; checksum: string }>;
  }[];
}

/** What the repository's latest snapshot of a config holds: its files, dumps and manifest. */
async function expectCompleteSnapshot(configId: number, result: BackupRunResult) {
  expect(result.state, JSON.stringify(result)).toBe('succeeded');
  expect(result.snapshot_id).toMatch(/^[0-9a-f]{64}$/);
  const listed = JSON.parse(await restic(configId, `snapshots --json ${result.snapshot_id}`)) as {
    id: string;
  }[];
  expect(listed.map((snapshot) => snapshot.id)).toEqual([result.snapshot_id]);
  const files = await restic(configId, `ls ${result.snapshot_id}`);
  const staging = `/var/lib/hostdeck/backups/${configId}/staging`;
  for (const path of [
    `${SITE_ROOT}/public/index.html`,
    `${SITE_ROOT}/data/blob.bin`,
    `${staging}/manifest.json`,
    `${staging}/databases/mariadb/shop.sql`,
    `${staging}/databases/postgresql/blog.sql`,
    `/etc/cron.d/hostdeck-backup-${configId}`,
  ]) {
    expect(files).toContain(`${path}\n`);
  }
  expect(files).not.toContain(`${SITE_ROOT}/public/cache/page.html`);
  expect(files).not.toContain(`${SITE_ROOT}/logs/access.log`);
  const mariadbDump = await restic(
    configId,
    `dump ${result.snapshot_id} ${staging}/databases/mariadb/shop.sql`,
  );
  expect(mariadbDump).toContain('INSERT INTO `orders`');
  expect(mariadbDump.trimEnd().split('\n').at(-1)).toMatch(/^-- Dump completed/);
  const postgresDump = await restic(
    configId,
    `dump ${result.snapshot_id} ${staging}/databases/postgresql/blog.sql`,
  );
  expect(postgresDump).toContain('COPY public.posts');
  expect(postgresDump).toContain('-- PostgreSQL database dump complete');
  // The manifest's numbers are the server's: the site's files, each table's rows and checksum.
  const manifest = JSON.parse(
    await restic(configId, `dump ${result.snapshot_id} ${staging}/manifest.json`),
  ) as Manifest;
  const list = await sh(
    web,
    `cd ${SITE_ROOT} && find . -mindepth 1 \\( -path ./public/cache -o -name '*.log' \\) -prune -o -type f -printf '%P\\0' |
      LC_ALL=C sort -z | while IFS= read -r -d '' f; do printf '%s\\t%s\\t%s\\n' "$f" "$(stat -c %s -- "$f")" "$(sha256sum -- "$f" | cut -c1-64)"; done | sha256sum | cut -c1-64`,
  );
  expect(manifest.sites).toEqual([
    {
      id: 5,
      name: 'shop.example.com',
      root: SITE_ROOT,
      files: 3,
      bytes: expect.any(Number),
      sha256: list.trim(),
    },
  ]);
  const checksum = (await sh(web, `mariadb -N -e 'CHECKSUM TABLE shop.orders' | cut -f2`)).trim();
  const shop = manifest.databases.find((database) => database.name === 'shop');
  expect(shop).toMatchObject({
    engine: 'mariadb',
    ok: true,
    tables: { orders: { rows: 50, checksum }, customers: { rows: 2 } },
  });
  const md5 = (
    await sh(
      web,
      `cd / && runuser -u postgres -- psql -tA -d blog -c "SELECT md5(string_agg(t::text, '' ORDER BY t::text)) FROM public.posts t"`,
    )
  ).trim();
  const blog = manifest.databases.find((database) => database.name === 'blog');
  expect(blog).toMatchObject({
    engine: 'postgresql',
    ok: true,
    tables: { 'public.posts': { rows: 20, checksum: md5 } },
  });
  expect(result.databases).toEqual([
    { engine: 'mariadb', name: 'shop', ok: true, reason: null },
    { engine: 'postgresql', name: 'blog', ok: true, reason: null },
  ]);
}

describe('backups with restic on a server', () => {
  it('installs restic 0.14 or newer, once', async () => {
    expect(await sh(web, 'restic version')).toMatch(/^restic 0\.(1[4-9]|[2-9][0-9])\./);
    expect((await succeed(backupInstall, {})).stdout).not.toContain('::hostdeck::change::');
  }, 300_000);

  it('backs up to a local folder: files, complete dumps, a manifest; a second configure changes nothing', async () => {
    const localDrive = { kind: 'local', path: LOCAL_FOLDER };
    expect(parseBackupProbe((await succeed(backupProbe, { drive: localDrive })).stdout).ok).toBe(true);
    const first = await succeed(backupConfigure, plan(1, localDrive));
    expect(first.stdout).toContain(
      `::hostdeck::change::Created the repository ${LOCAL_FOLDER}/hostdeck-${SERVER_ID}`,
    );
    const again = await succeed(backupConfigure, plan(1, localDrive));
    expect(again.stdout).not.toContain('::hostdeck::change::');
    expect(
      await sh(
        web,
        'stat -c "%n %U %a" /etc/hostdeck/backups /etc/hostdeck/backups/1 /etc/hostdeck/backups/1/env /etc/hostdeck/backups/1/password /etc/hostdeck/backups/1/plan /etc/cron.d/hostdeck-backup-1 /usr/local/lib/hostdeck/backup-run',
      ),
    ).toBe(
      [
        '/etc/hostdeck/backups root 700',
        '/etc/hostdeck/backups/1 root 700',
        '/etc/hostdeck/backups/1/env root 600',
        '/etc/hostdeck/backups/1/password root 600',
        '/etc/hostdeck/backups/1/plan root 600',
        '/etc/cron.d/hostdeck-backup-1 root 644',
        '/usr/local/lib/hostdeck/backup-run root 755',
        '',
      ].join('\n'),
    );
    const cron = await sh(web, 'cat /etc/cron.d/hostdeck-backup-1');
    expect(cron.split('\n').filter((line) => /^[0-9*@]/.test(line))).toEqual([
      '15 3 * * * root /usr/local/lib/hostdeck/backup-run 1 cron >/dev/null 2>&1',
    ]);
    expect(await sh(web, 'cat /etc/hostdeck/backups/1/password')).toBe(`${PASSWORD}\n`);

    const result = await backUp({ config_id: 1 });
    await expectCompleteSnapshot(1, result);
    // Staging is emptied after the run.
    expect(await sh(web, 'find /var/lib/hostdeck/backups/1/staging -type f | wc -l')).toBe('0\n');
    const [recorded] = parseBackupRuns((await succeed(backupRuns, { config_id: 1 })).stdout);
    expect(recorded?.result).toEqual(result);
    const snapshots = parseBackupSnapshots((await succeed(backupSnapshots, { config_id: 1 })).stdout);
    expect(snapshots.map((snapshot) => [snapshot.id, snapshot.trigger, snapshot.scope])).toEqual([
      [result.snapshot_id, 'manual', 'all'],
    ]);
    // One database alone.
    const single = await backUp({ config_id: 1, database_engine: 'postgresql', database_name: 'blog' });
    expect(single).toMatchObject({ state: 'succeeded', sites: [], databases: [{ name: 'blog', ok: true }] });
  }, 300_000);

  it('backs up to a local folder again: only changed files are hashed; a corrupted cache means a full hash', async () => {
    // The same size and mtime (touch -r): only the ctime (and the content) changed.
    await sh(
      web,
      `cp -p ${SITE_ROOT}/public/index.html /root/index.html.before
      printf '<h1>SHOP</h1>\\n' >${SITE_ROOT}/public/index.html
      touch -r /root/index.html.before ${SITE_ROOT}/public/index.html
      test "$(stat -c %s:%Y ${SITE_ROOT}/public/index.html)" = "$(stat -c %s:%Y /root/index.html.before)"`,
    );
    const changed = await run(backupRun, { config_id: 1 });
    expect(changed.stdout).toContain('site shop.example.com: 3 files,');
    expect(changed.stdout).toContain('hashed 1 of 3 files');
    // The manifest's list is the one sha256sum gives for the files as they are now.
    await expectCompleteSnapshot(1, parseBackupRunResult(changed.stdout));
    expect(
      await sh(
        web,
        'stat -c "%U %a" /var/lib/hostdeck/backups/1/hashes-5 /var/lib/hostdeck/backups/1/hashes-5.sum',
      ),
    ).toBe('root 600\nroot 600\n');
    await sh(web, `printf 'garbage\\001' >>/var/lib/hostdeck/backups/1/hashes-5`);
    const corrupted = await run(backupRun, { config_id: 1 });
    expect(corrupted.stdout).toContain('hashed 3 of 3 files');
    await expectCompleteSnapshot(1, parseBackupRunResult(corrupted.stdout));
  }, 300_000);

  it('backs up to an SFTP drive on another server', async () => {
    const sftpDrive = {
      kind: 'sftp',
      host: drive.address,
      port: 22,
      user: 'bkadrive',
      path: '/srv/bka-backups',
    };
    const secret = toSecretHex(key.privateKey);
    const probe = parseBackupProbe(
      (await succeed(backupProbe, { drive: sftpDrive, drive_secret_hex: secret })).stdout,
    );
    expect(probe.hostKeys.length).toBeGreaterThan(0);
    await succeed(backupConfigure, plan(2, sftpDrive, { drive_secret_hex: secret }));
    expect(
      (await succeed(backupConfigure, plan(2, sftpDrive, { drive_secret_hex: secret }))).stdout,
    ).not.toContain('::hostdeck::change::');
    const result = await backUp({ config_id: 2 });
    expect(result.state, JSON.stringify(result)).toBe('succeeded');
    // The repository is on the drive, written as the drive's user.
    expect(
      await sh(
        drive,
        `stat -c %U /srv/bka-backups/hostdeck-${SERVER_ID}/config; ls /srv/bka-backups/hostdeck-${SERVER_ID}/snapshots | wc -l`,
      ),
    ).toBe('bkadrive\n1\n');
    const snapshots = parseBackupSnapshots((await succeed(backupSnapshots, { config_id: 2 })).stdout);
    expect(snapshots.map((snapshot) => snapshot.id)).toEqual([result.snapshot_id]);
  }, 300_000);

  const s3Drive = () => ({
    kind: 's3',
    endpoint: s3.endpointFor(web),
    region: s3.region,
    bucket: s3.bucket,
    path: 'servers',
    access_key_id: s3.accessKeyId,
  });

  it('backs up to S3', async () => {
    const secret = toSecretHex(s3.secretAccessKey);
    expect(
      parseBackupProbe((await succeed(backupProbe, { drive: s3Drive(), drive_secret_hex: secret })).stdout)
        .ok,
    ).toBe(true);
    await succeed(backupConfigure, plan(3, s3Drive(), { drive_secret_hex: secret }));
    const result = await backUp({ config_id: 3 });
    await expectCompleteSnapshot(3, result);
    expect(s3.objectCount()).toBeGreaterThan(3);
  }, 300_000);

  it('catches a truncated dump and names it: the run is partial, never succeeded', async () => {
    // A dumper that exits 0 with a cut output, as a full disk or a killed pipe can leave it.
    await sh(
      web,
      `printf '#!/bin/bash\\n/usr/bin/mariadb-dump "$@" | head -c 400\\n' >/usr/local/bin/mariadb-dump; chmod 0755 /usr/local/bin/mariadb-dump`,
    );
    try {
      const result = await backUp({ config_id: 1 });
      expect(result.state).toBe('partial');
      expect(result.databases).toEqual([
        { engine: 'mariadb', name: 'shop', ok: false, reason: 'truncated dump: no completion marker' },
        { engine: 'postgresql', name: 'blog', ok: true, reason: null },
      ]);
      expect(result.error).toContain('database shop: truncated dump');
      const files = await restic(1, `ls ${result.snapshot_id}`);
      expect(files).not.toContain('databases/mariadb/shop.sql');
      expect(files).toContain('databases/postgresql/blog.sql');
    } finally {
      await sh(web, 'rm -f /usr/local/bin/mariadb-dump');
    }
  }, 300_000);

  it('keeps only what the retention keeps, with snapshot times in the past', async () => {
    await succeed(
      backupConfigure,
      plan(
        4,
        { kind: 'local', path: '/var/backups/bka-retention' },
        {
          databases: [],
          keep_daily: 2,
          keep_weekly: 2,
          keep_monthly: 2,
        },
      ),
    );
    const times = [
      '2026-08-01T02:00:00Z',
      '2026-10-15T02:00:00Z',
      '2026-11-20T02:00:00Z', // Friday of the week before
      '2026-11-25T02:00:00Z',
      '2026-11-26T02:00:00Z',
    ];
    for (const time of times) {
      expect((await backUp({ config_id: 4, snapshot_time: time })).state).toBe('succeeded');
    }
    const kept = parseBackupSnapshots((await succeed(backupSnapshots, { config_id: 4 })).stdout);
    // Daily 2: 11-26, 11-25. Weekly 2: that week (11-26), the week before (11-20). Monthly 2:
    // November (11-26), October (10-15). August goes.
    expect(kept.map((snapshot) => snapshot.time.slice(0, 10))).toEqual([
      '2026-11-26',
      '2026-11-25',
      '2026-11-20',
      '2026-10-15',
    ]);
  }, 300_000);

  it('removes a configuration and leaves its repository', async () => {
    await succeed(backupRemove, { config_id: 4 });
    expect(
      await sh(web, 'ls /etc/hostdeck/backups; test ! -e /etc/cron.d/hostdeck-backup-4 && echo gone'),
    ).toBe('1\n2\n3\ngone\n');
    expect(
      await sh(web, `test -f /var/backups/bka-retention/hostdeck-${SERVER_ID}/config && echo kept`),
    ).toBe('kept\n');
    expect((await succeed(backupRemove, { config_id: 4 })).stdout).not.toContain('::hostdeck::change::');
  }, 120_000);

  it('never reports success when S3 goes away mid-upload', async () => {
    // Enough incompressible data that the upload is still going when S3 stops.
    await sh(web, `head -c 67108864 /dev/urandom >${SITE_ROOT}/data/large.bin`);
    const before = s3.objectCount();
    const running = backUp({ config_id: 3 });
    const deadline = Date.now() + 120_000;
    while (s3.objectCount() <= before + 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await s3.stop();
    const result = await running;
    expect(['failed', 'partial']).toContain(result.state);
    expect(result.state).toBe('failed');
    expect(result.snapshot_id).toBeNull();
    expect(result.error).toMatch(/the upload failed/);
    await s3.start();
    await sh(web, `rm -f ${SITE_ROOT}/data/large.bin`);
  }, 900_000);
});
