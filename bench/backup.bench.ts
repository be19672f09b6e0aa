/**
 * Backups (issue 20), on a booted test server from the `web` image (MariaDB running), against the
 * bare commands on the same server, same data, same run:
 * - the panel's backup: the `backup-install`, `backup-configure` and `backup-run` recipes
 *   (production builder, over SSH as the job runner runs them) to a local drive
 *   (docs/backups.md): dump + table checksums, the manifest's pass over every file, restic backup,
 *   the snapshot listing, forget --prune. The first run into an empty repository, then an
 *   incremental run with nothing changed. The same two runs of a config holding the site alone
 *   (no database, a repository of its own) show what the site's part costs.
 * - baseline: `tar -C root -cf - . | zstd -3 -T0 > file` plus
 *   `mariadb-dump --single-transaction --quick db > file`, one after the other, timed together;
 *   measured before and after the panel's runs.
 * Targets: first run ≤ 1.2× the baseline; the incremental run of the unchanged site < 10 % of the
 * first run.
 * The data is made on the server: a site of BENCH_SITE_BYTES (default 1 GiB; BENCH_TEXT_SHARE of
 * it, default 0.25, as thousands of generated text files of 8–56 KiB, the rest as a few big files
 * from /dev/urandom) and a MariaDB database of about BENCH_DB_BYTES of dump (default 200 MB),
 * generated with INSERT … SELECT from MariaDB's sequence engine. The panel's run is timed from
 * the SSH side; its phases from the arrival of its progress lines. BENCH_DIAG=1 also times restic
 * alone with other flags and each part of the run alone (where the time goes). The server is
 * stopped at the end.
 */
import { buildStepInvocation, type Recipe } from '@hostdeck/recipes';
import {
  backupConfigure,
  backupInstall,
  backupRun,
  parseBackupRunResult,
  toSecretHex,
  type BackupRunResult,
} from '@hostdeck/recipes/backups';
import { runOnTestServer, stopTestServer, type TestServer } from '../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  type RemoteSession,
} from '../tools/test-server/web-test-server.js';

const NAME = 'bqbench';
const GiB = 2 ** 30;
const MiB = 2 ** 20;
const SITE_ROOT = '/home/hostdeck/bench.example.com';
const DATABASE = 'bench_shop';
const DRIVE = '/var/backups/bkbench';
const BASELINE = '/var/backups/bkbaseline';
const CONFIG_ID = 1;
const SITE_CONFIG_ID = 2;
const SITE_DRIVE = '/var/backups/bkbench-site';
const SERVER_ID = 1;
const siteBytes = parseSize('BENCH_SITE_BYTES', process.env.BENCH_SITE_BYTES ?? '1GiB');
const databaseBytes = parseSize('BENCH_DB_BYTES', process.env.BENCH_DB_BYTES ?? '200MB');
const textShare = Math.min(1, Math.max(0, Number(process.env.BENCH_TEXT_SHARE ?? 0.25)));
const diagnose = process.env.BENCH_DIAG === '1';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

function parseSize(name: string, text: string): number {
  const match = /^([0-9.]+)\s*(GiB|MiB|KiB|GB|MB|KB|G|M|K|B)?$/i.exec(text.trim());
  if (!match) throw new Error(`${name}: not a size: ${text}`);
  const unit = (match[2] ?? 'B').toUpperCase();
  const factors: Record<string, number> = {
    GIB: GiB,
    MIB: MiB,
    KIB: 1024,
    G: GiB,
    M: MiB,
    K: 1024,
    GB: 1e9,
    MB: 1e6,
    KB: 1e3,
    B: 1,
  };
  return Math.round(Number(match[1]) * factors[unit]!);
}

/** Runs inside the server (no SSH); throws on a non-zero exit. */
async function inside(server: TestServer, script: string, ...args: string[]): Promise<string> {
  const result = await runOnTestServer(
    server,
    ['bash', '-c', `set -euo pipefail\n${script}`, 'bench', ...args],
    { timeoutMs: 3600_000 },
  );
  if (result.code !== 0) throw new Error(`failed (${result.code}): ${script}\n${result.stderr.slice(-2000)}`);
  return result.stdout.trim();
}

/** A script timed inside the server: the milliseconds it printed as `::ms NAME N` marks. */
async function timedInside(
  server: TestServer,
  script: string,
  ...args: string[]
): Promise<Record<string, number>> {
  const out = await inside(
    server,
    `begin=$(date +%s%N)\nmark() { echo "::ms $1 $(( ($(date +%s%N) - begin) / 1000000 ))"; }\n${script}\nmark total`,
    ...args,
  );
  return Object.fromEntries([...out.matchAll(/^::ms (\S+) (\d+)$/gm)].map((m) => [m[1]!, Number(m[2])]));
}

// ---- the data ----

// Text files as a site's code and pages are: lines from a pool of 40,000 generated ones, each with
// its line number and a random number, so no two files are alike (about 3:1 with zstd -3).
const TEXT_GENERATOR = `
awk -v files="$1" -v bytes="$2" 'BEGIN {
  srand(20);
  n = split("the of and to in is that for it as with was on be by this are from or at an which have not function return var const value data user site page file config class public static string array object null true false echo print import export default", w, " ");
  for (p = 1; p <= 40000; p++) { k = 3 + int(rand() * 10); s = w[1 + int(rand() * n)]; for (i = 1; i < k; i++) s = s " " w[1 + int(rand() * n)]; pool[p] = s }
  for (f = 1; f <= files; f++) {
    d = sprintf("src/module%03d", f % 200);
    if (!(d in made)) { system("mkdir -p " d); made[d] = 1 }
    name = sprintf("%s/file%05d.php", d, f);
    target = bytes * (0.25 + 1.5 * rand()); size = 0; line = 0;
    while (size < target) { s = sprintf("%d %s %d", ++line, pool[1 + int(rand() * 40000)], int(rand() * 100000)); print s > name; size += length(s) + 1 }
    close(name)
  }
}'`;

async function makeSite(server: TestServer): Promise<{ files: number; bytes: number }> {
  const began = performance.now();
  const textBytes = Math.round(siteBytes * textShare);
  const textFiles = Math.max(100, Math.round(textBytes / (32 * 1024)));
  const randomBytes = siteBytes - textBytes;
  // A few big files (uploads, archives, media): at most 128 MiB each, at least two.
  const bigCount = randomBytes > 0 ? Math.max(2, Math.ceil(randomBytes / (128 * MiB))) : 0;
  await inside(
    server,
    `rm -rf -- "$3"; install -d -o hostdeck -g hostdeck -- "$3"; cd -- "$3"
    { ${TEXT_GENERATOR}\n}
    mkdir -p uploads
    left=$4; count=$5
    for ((i = 1; i <= count; i++)); do
      size=$(( left / (count - i + 1) ))
      head -c "$size" /dev/urandom >"uploads/media-$i.bin"
      left=$(( left - size ))
    done
    chown -R hostdeck:hostdeck -- "$3"`,
    String(textFiles),
    String(Math.round(textBytes / textFiles)),
    SITE_ROOT,
    String(randomBytes),
    String(bigCount),
  );
  const [files, bytes] = (
    await inside(
      server,
      'cd -- "$1" && find . -type f | wc -l && du -sb --apparent-size . | cut -f1',
      SITE_ROOT,
    )
  ).split('\n');
  console.log(
    `site made on the server: ${files} files (${textFiles} text, ${bigCount} from /dev/urandom), ` +
      `${mib(Number(bytes))} in ${seconds(performance.now() - began)}`,
  );
  return { files: Number(files), bytes: Number(bytes) };
}

// An orders table: numbers, names, an e-mail, a random MD5, a note of varying length, a time.
const ROWS_SQL = (from: number, to: number) =>
  `INSERT INTO orders SELECT seq, CONCAT('customer ', seq MOD 50000), CONCAT('user', seq, '@example.com'), ` +
  `MD5(RAND()), CONCAT('order note ', seq, ' ', REPEAT(SUBSTRING(MD5(seq), 1, 8), 1 + seq MOD 12)), ` +
  `ROUND(RAND() * 10000, 2), TIMESTAMP('2026-01-01') + INTERVAL (seq MOD 31536000) SECOND FROM seq_${from}_to_${to};`;

async function makeDatabase(server: TestServer): Promise<{ rows: number }> {
  const began = performance.now();
  const sample = 20_000;
  await inside(
    server,
    `mariadb -e "DROP DATABASE IF EXISTS $1; CREATE DATABASE $1"
    mariadb "$1" -e "CREATE TABLE orders (id INT PRIMARY KEY, customer VARCHAR(64), email VARCHAR(96), token CHAR(32), note VARCHAR(255), amount DECIMAL(10,2), created DATETIME) ENGINE=InnoDB; $2"`,
    DATABASE,
    ROWS_SQL(1, sample),
  );
  const sampleDump = Number(
    await inside(server, 'mariadb-dump --single-transaction --quick "$1" | wc -c', DATABASE),
  );
  const rows = Math.max(sample, Math.round((databaseBytes / sampleDump) * sample));
  // In batches of 200,000 rows, so no statement holds a huge transaction.
  for (let from = sample + 1; from <= rows; from += 200_000) {
    await inside(server, 'mariadb "$1" -e "$2"', DATABASE, ROWS_SQL(from, Math.min(rows, from + 199_999)));
  }
  console.log(`database made on the server: ${rows} rows in ${seconds(performance.now() - began)}`);
  return { rows };
}

// ---- the panel's recipes, their progress lines timed as they arrive ----

interface TimedRun {
  ms: number;
  exitCode: number | null;
  stdout: string;
  /** Each output line with the milliseconds since the start when it arrived. */
  lines: { at: number; text: string }[];
}

async function runRecipe(session: RemoteSession, recipe: Recipe, input: unknown): Promise<TimedRun> {
  const began = performance.now();
  const lines: { at: number; text: string }[] = [];
  let stdout = '';
  let errors = '';
  let partial = '';
  for (const step of recipe.steps) {
    const invocation = buildStepInvocation(recipe, step.id, input);
    const result = await session.run({
      command: invocation.command,
      stdin: invocation.stdin,
      onStdout: (text) => {
        stdout += text;
        const parts = (partial + text).split('\n');
        partial = parts.pop()!;
        for (const line of parts) lines.push({ at: performance.now() - began, text: line });
      },
      onStderr: (text) => (errors += text),
      totalTimeoutMs: step.timeoutMs,
    });
    if (result.exitCode !== 0) {
      return {
        ms: performance.now() - began,
        exitCode: result.exitCode,
        stdout: stdout + errors.slice(-3000),
        lines,
      };
    }
  }
  return { ms: performance.now() - began, exitCode: 0, stdout, lines };
}

/** The run's phases, from the arrival of its progress lines (docs/backups.md, A run). */
function phasesOf(run: TimedRun): [string, number][] {
  const at = (pattern: RegExp) => run.lines.find((line) => pattern.test(line.text))?.at;
  const marks: [string, number | undefined][] = [
    ['start: runner, config, plan', at(/::info::dumping /)],
    ['dump + table counts and checksums + sha256 of the dump', at(/::info::dumped /)],
    ['manifest: list and stat of every site file, sha256 of the changed ones', at(/::info::uploading to /)],
    ['restic backup', at(/::info::retention: /)],
    ['forget (--prune when it removed a snapshot), which lists the snapshot', at(/::info::snapshot /)],
    ['result', at(/^result\t/)],
    ['end of the step (runs kept, SSH)', run.ms],
  ];
  const phases: [string, number][] = [];
  let previous = 0;
  for (const [name, end] of marks) {
    if (end === undefined) continue;
    phases.push([name, end - previous]);
    previous = end;
  }
  return phases;
}

// ---- the run ----

const server = await bootWebTestServer(NAME);
try {
  const session = await connectToTestServer(server);
  try {
    const succeed = async (recipe: Recipe, input: unknown) => {
      const run = await runRecipe(session, recipe, input);
      if (run.exitCode !== 0) throw new Error(`${recipe.id} failed (exit ${run.exitCode}):\n${run.stdout}`);
      return run;
    };
    const install = await succeed(backupInstall, {});
    console.log(
      `backup-install ${seconds(install.ms)}: ${install.stdout.match(/restic \d+\.\d+\.\d+/)?.[0] ?? '?'}`,
    );
    // zstd for the baseline (not in the image; through the host's apt cache).
    await inside(
      server,
      'command -v zstd >/dev/null || { apt-get update -q && apt-get install -y -q --no-install-recommends zstd; } >/dev/null',
    );
    const site = await makeSite(server);
    const database = await makeDatabase(server);

    const baseline = async () => {
      const times = await timedInside(
        server,
        `rm -rf -- "$3"; mkdir -p -- "$3"
        tar -C "$1" -cf - . | zstd -3 -T0 -q >"$3/site.tar.zst"
        mark site
        mariadb-dump --single-transaction --quick "$2" >"$3/database.sql"`,
        SITE_ROOT,
        DATABASE,
        BASELINE,
      );
      const sizes = (await inside(server, 'stat -c %s -- "$1/site.tar.zst" "$1/database.sql"', BASELINE))
        .split('\n')
        .map(Number);
      return { ms: times.total!, siteMs: times.site!, archive: sizes[0]!, dump: sizes[1]! };
    };
    const panelRun = async (label: string, configId = CONFIG_ID, drive = DRIVE) => {
      const run = await runRecipe(session, backupRun, { config_id: configId });
      const result: BackupRunResult = parseBackupRunResult(run.stdout);
      if (run.exitCode !== 0 || result.state !== 'succeeded') {
        throw new Error(`${label}: the run ended ${result.state} (exit ${run.exitCode}): ${result.error}`);
      }
      const repository = Number(
        await inside(server, 'du -sb -- "$1" | cut -f1', `${drive}/hostdeck-${SERVER_ID}`),
      );
      return { ...run, result, repository };
    };

    // Config 1: the site and its database. Config 2: the site alone, into a repository of its own.
    await inside(server, 'rm -rf -- "$1" "$2"', DRIVE, SITE_DRIVE);
    for (const [configId, drive, databases] of [
      [CONFIG_ID, DRIVE, [{ engine: 'mariadb', name: DATABASE, site_id: 1 }]],
      [SITE_CONFIG_ID, SITE_DRIVE, []],
    ] as const) {
      await succeed(backupConfigure, {
        config_id: configId,
        server_id: SERVER_ID,
        drive: { kind: 'local', path: drive },
        sites: [{ id: 1, name: 'bench.example.com', root: SITE_ROOT, excludes: [] }],
        databases,
        keep_daily: 7,
        keep_weekly: 4,
        keep_monthly: 6,
        password_hex: toSecretHex('bench-repository-password-0123456789'),
      });
    }

    const before = await baseline();
    console.log(
      `baseline (before): ${seconds(before.ms)} (tar | zstd -3 -T0 ${seconds(before.siteMs)}, ` +
        `mariadb-dump ${seconds(before.ms - before.siteMs)}); archive ${mib(before.archive)}, dump ${mib(before.dump)}`,
    );
    const first = await panelRun('first run');
    const incremental = await panelRun('incremental run');
    const siteFirst = await panelRun('site alone, first run', SITE_CONFIG_ID, SITE_DRIVE);
    const siteIncremental = await panelRun('site alone, incremental run', SITE_CONFIG_ID, SITE_DRIVE);
    const after = await baseline();
    console.log(
      `baseline (after): ${seconds(after.ms)} (tar | zstd -3 -T0 ${seconds(after.siteMs)}, ` +
        `mariadb-dump ${seconds(after.ms - after.siteMs)})`,
    );

    for (const [label, run] of [
      ['first run', first],
      ['incremental run', incremental],
      ['site alone, first run', siteFirst],
      ['site alone, incremental run', siteIncremental],
    ] as const) {
      console.log(
        `panel ${label}: ${seconds(run.ms)}; ${run.result.files} files, ${mib(run.result.size_bytes)} read, ` +
          `${mib(run.result.added_bytes)} added; repository ${mib(run.repository)}`,
      );
      for (const [phase, ms] of phasesOf(run)) console.log(`    ${seconds(ms).padStart(8)}  ${phase}`);
    }
    const bare = (before.ms + after.ms) / 2;
    console.log(
      `\nbackup of a ${mib(site.bytes)} site (${site.files} files) + a ${mib(before.dump)} dump (${database.rows} rows):`,
    );
    console.log(
      `  first run: panel ${seconds(first.ms)} | baseline tar | zstd + mariadb-dump ${seconds(bare)} ` +
        `(before ${seconds(before.ms)}, after ${seconds(after.ms)}) | ratio ${(first.ms / bare).toFixed(2)}x ` +
        `(panel time / baseline time) | target ≤ 1.2x`,
    );
    console.log(
      `  incremental run, nothing changed: ${seconds(incremental.ms)} | ` +
        `${((100 * incremental.ms) / first.ms).toFixed(1)} % of the first run | target < 10 %`,
    );
    const bareSite = (before.siteMs + after.siteMs) / 2;
    console.log(
      `  the site alone (a config without databases): first run ${seconds(siteFirst.ms)} | baseline tar | zstd ` +
        `${seconds(bareSite)} | ratio ${(siteFirst.ms / bareSite).toFixed(2)}x; incremental ${seconds(siteIncremental.ms)} ` +
        `| ${((100 * siteIncremental.ms) / siteFirst.ms).toFixed(1)} % of its first run, ` +
        `${((100 * siteIncremental.ms) / first.ms).toFixed(1)} % of the whole first run`,
    );

    if (diagnose) await diagnoseRun(server);
  } finally {
    await session.close();
  }
} finally {
  await stopTestServer(NAME);
}

/**
 * Where a run's time goes: each part of the run alone, and restic alone with other flags, each
 * into a fresh repository beside the panel's (the same password file, a cache of its own).
 */
async function diagnoseRun(server: TestServer): Promise<void> {
  const staging = `/var/backups/bkdiag-staging`;
  await inside(
    server,
    'rm -rf -- "$1"; mkdir -p -- "$1"; mariadb-dump --single-transaction --quick --routines --triggers --events "$2" >"$1/dump.sql"',
    staging,
    DATABASE,
  );
  const restic = async (label: string, flags: string, repository = `/var/backups/bkdiag-${label}`) => {
    const times = await timedInside(
      server,
      `export RESTIC_PASSWORD_FILE=/etc/hostdeck/backups/$1/password RESTIC_CACHE_DIR=/var/backups/bkdiag-cache RESTIC_REPOSITORY=$2
      [[ -f $2/config ]] || restic init --repository-version 2 -q
      mark init
      restic backup -q $3 -- "$4" "$5" >/dev/null # $3: this file's own flags, split on purpose`,
      String(CONFIG_ID),
      repository,
      flags,
      SITE_ROOT,
      staging,
    );
    const size = Number(await inside(server, 'du -sb -- "$1" | cut -f1', repository));
    console.log(
      `    ${seconds(times.total! - times.init!).padStart(8)}  restic backup ${flags || '(the panel flags: compression auto, pack 16 MiB)'} ${label.startsWith('again') ? '(unchanged, same repository)' : ''}; repository ${mib(size)}`,
    );
  };
  console.log('\ndiagnosis: each part alone, on the same data');
  const parts = await timedInside(
    server,
    `mariadb-dump --single-transaction --quick --routines --triggers --events "$1" >/dev/null
    mark dump
    for table in orders; do mariadb -N -B -e "SELECT COUNT(*) FROM $1.$table; CHECKSUM TABLE $1.$table" >/dev/null; done
    mark checksum
    sha256sum -- "$3/dump.sql" >/dev/null
    mark dumpsum
    cd -- "$2" && find . -mindepth 1 -type f -printf '%P\\0' | LC_ALL=C sort -z | xargs -0 stat -c %s -- >/dev/null
    mark stat
    find . -mindepth 1 -type f -printf '%P\\0' | LC_ALL=C sort -z | xargs -0 sha256sum -z -- >/dev/null
    mark sha
    find . -mindepth 1 -type f -printf './%P\\0' | LC_ALL=C sort -z | xargs -0 openssl dgst -sha256 -r >/dev/null
    mark openssl`,
    DATABASE,
    SITE_ROOT,
    staging,
  );
  console.log(`    ${seconds(parts.dump!).padStart(8)}  mariadb-dump (the run's flags) to /dev/null`);
  console.log(`    ${seconds(parts.checksum! - parts.dump!).padStart(8)}  COUNT(*) + CHECKSUM TABLE`);
  console.log(`    ${seconds(parts.dumpsum! - parts.checksum!).padStart(8)}  sha256sum of the dump`);
  console.log(
    `    ${seconds(parts.stat! - parts.dumpsum!).padStart(8)}  find + sort + stat of every site file`,
  );
  console.log(
    `    ${seconds(parts.sha! - parts.stat!).padStart(8)}  find + sort + sha256sum of every site file`,
  );
  console.log(
    `    ${seconds(parts.openssl! - parts.sha!).padStart(8)}  find + sort + openssl dgst -sha256 of every site file`,
  );
  await restic('auto', '');
  await restic('again-auto', '', '/var/backups/bkdiag-auto');
  await restic('off', '--compression off');
  await restic('pack64', '--pack-size 64');
  const prune = await timedInside(
    server,
    `export RESTIC_PASSWORD_FILE=/etc/hostdeck/backups/$1/password RESTIC_CACHE_DIR=/var/backups/bkdiag-cache RESTIC_REPOSITORY=/var/backups/bkdiag-auto
    restic forget -q --keep-daily 7 --keep-weekly 4 --keep-monthly 6 --prune >/dev/null`,
    String(CONFIG_ID),
  );
  console.log(
    `    ${seconds(prune.total!).padStart(8)}  restic forget --prune (2 snapshots, nothing to remove)`,
  );
  await inside(server, 'rm -rf /var/backups/bkdiag-*');
}
