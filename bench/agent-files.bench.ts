/**
 * The agent's file API (issue 6 checks), run on this machine against its bundle on loopback, each
 * figure beside a baseline measured in the same run:
 *   idle memory: RSS after start and after a few file calls (target ≤ 50 MB);
 *   list 100,000 files: POST /files/list (Accept-Encoding: gzip) vs `ls -l` (target ≤ 1.2x);
 *   download 1 GiB: GET /files/download vs nginx with sendfile serving the same file (≥ 0.85x);
 *   upload 1 GiB: POST /files/upload (multipart streamed by curl) vs `dd … conv=fdatasync` (≥ 0.9x),
 *     the peak RSS of each agent process meanwhile: the worker that writes the file, and the main
 *     process that forwards the body to it (≤ 100 MB for the largest), and the tree's RSS and PSS sums;
 *   zip -3 of 1 GiB of mixed files: POST /files/compress vs Info-ZIP `zip -3 -r -q` (≤ 1.1x).
 * Needs the Debian packages nginx, zip and curl. Everything lives in one temp folder, deleted at the end.
 */
import { execFile, spawn } from 'node:child_process';
import { createCipheriv, createHash } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  commandName,
  descendants,
  freePort,
  median,
  mib,
  report,
  rssKiB,
  sleep,
  startBundledAgent,
  timeCommand,
  watchTreePeaks,
  type BenchAgent,
} from './agent-bench-support.js';

const run = promisify(execFile);
const GIB = 2 ** 30;
const LIST_FILES = 100_000;
const LIST_RUNS = 5;
const TRANSFER_RUNS = 3;
/** A 1 GiB download takes well under a second here: more runs steady the median on a busy machine. */
const DOWNLOAD_RUNS = 5;

/** A POST with a JSON body; the answer's bytes (gunzipped when gzip was sent) and timings. */
function postJson(agent: BenchAgent, pathname: string, body: unknown) {
  const text = JSON.stringify(body);
  return new Promise<{ status: number; seconds: number; wireBytes: number; body: Buffer; gzip: boolean }>(
    (resolve, reject) => {
      const startedAt = process.hrtime.bigint();
      const request = http.request(
        `${agent.url}${pathname}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(text),
            'accept-encoding': 'gzip',
            'x-hostdeck': agent.token(),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
            const wire = Buffer.concat(chunks);
            const gzip = response.headers['content-encoding'] === 'gzip';
            resolve({
              status: response.statusCode ?? 0,
              seconds,
              wireBytes: wire.length,
              body: gzip ? gunzipSync(wire) : wire,
              gzip,
            });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(text);
    },
  );
}

async function expectOk(agent: BenchAgent, pathname: string, body: unknown) {
  const answer = await postJson(agent, pathname, body);
  if (answer.status !== 200) throw new Error(`${pathname}: ${answer.status} ${answer.body.toString()}`);
  return answer;
}

/** curl's own timing of one transfer: `time_total size_download size_upload http_code`. */
async function curl(args: string[]) {
  const { stdout } = await run('curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{time_total} %{size_download} %{size_upload} %{http_code}',
    ...args,
  ]);
  const [seconds, down, up, code] = stdout.trim().split(' ');
  if (code !== '200') throw new Error(`curl ${args.at(-1)}: HTTP ${code}`);
  return { seconds: Number(seconds), downloaded: Number(down), uploaded: Number(up) };
}

/** Reproducible pseudo-random bytes (AES-128-CTR over zeros, keyed by `seed`). */
function randomStream(seed: string) {
  const key = createHash('sha256').update(seed).digest().subarray(0, 16);
  const cipher = createCipheriv('aes-128-ctr', key, Buffer.alloc(16));
  return (bytes: number) => cipher.update(Buffer.alloc(bytes));
}

/**
 * 1 GiB of mixed files under `root`: half the bytes text-like (log-uniform 1 KiB-1 MiB files made of
 * slices of a word corpus, deflate ~4:1), half random (log-uniform 64 KiB-16 MiB), in 16 folders.
 */
function writeMixedTree(root: string): { files: number; bytes: number } {
  const random = randomStream('hostdeck-bench-mixed');
  const uniform = () => random(4).readUInt32LE(0) / 2 ** 32;
  const logUniform = (low: number, high: number) =>
    Math.round(Math.exp(Math.log(low) + uniform() * (Math.log(high) - Math.log(low))));
  const letters = 'etaoinshrdlucmfwypvbgkqjxz';
  const words = Array.from({ length: 4096 }, () => {
    const bytes = random(2 + (random(1)[0]! % 9));
    return Array.from(bytes, (byte) => letters[Math.floor((byte / 256) ** 1.6 * letters.length)]).join('');
  });
  const lines: string[] = [];
  let corpusLength = 0;
  while (corpusLength < 8 * 2 ** 20) {
    const picks = random(2 * (6 + (random(1)[0]! % 12)));
    const line = Array.from(
      { length: picks.length / 2 },
      (_, index) => words[picks.readUInt16LE(index * 2) % 4096],
    ).join(' ');
    lines.push(`${line}${random(1)[0]! % 5 === 0 ? '.' : ''}\n`);
    corpusLength += line.length + 2;
  }
  const corpus = Buffer.from(lines.join(''));
  const textSlice = (size: number) => {
    const parts: Buffer[] = [];
    for (let left = size; left > 0;) {
      const length = Math.min(left, 64 * 1024);
      const start = Math.floor(uniform() * (corpus.length - length));
      parts.push(corpus.subarray(start, start + length));
      left -= length;
    }
    return Buffer.concat(parts);
  };
  const half = GIB / 2;
  let files = 0;
  let textBytes = 0;
  let randomBytes = 0;
  while (textBytes < half || randomBytes < half) {
    const folder = path.join(root, `d${String(files % 16).padStart(2, '0')}`);
    if (files < 16) mkdirSync(folder, { recursive: true });
    if (textBytes < half && (randomBytes >= half || textBytes <= randomBytes)) {
      const size = Math.min(logUniform(1024, 2 ** 20), half - textBytes);
      writeFileSync(path.join(folder, `text-${files}.txt`), textSlice(size));
      textBytes += size;
    } else {
      const size = Math.min(logUniform(64 * 1024, 16 * 2 ** 20), half - randomBytes);
      writeFileSync(path.join(folder, `blob-${files}.bin`), random(size));
      randomBytes += size;
    }
    files += 1;
  }
  return { files, bytes: textBytes + randomBytes };
}

/** nginx as a baseline: its own prefix and config, one worker, sendfile on, loopback only. */
async function startNginx(prefix: string, documentRoot: string) {
  const port = await freePort();
  // A second server without sendfile: what nginx does when it must copy (as under TLS without kTLS).
  const copyPort = await freePort();
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'user root;',
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'logs/error.log')};`,
      'events { worker_connections 64; }',
      'http {',
      '  access_log off;',
      '  sendfile on;',
      '  tcp_nopush on;',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
      `  server { listen 127.0.0.1:${port}; root ${documentRoot}; location / { } }`,
      `  server { listen 127.0.0.1:${copyPort}; sendfile off; root ${documentRoot}; location / { } }`,
      '}',
    ].join('\n'),
  );
  const child = spawn(
    'nginx',
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'logs/error.log')],
    { stdio: 'inherit' },
  );
  for (let attempt = 0; ; attempt += 1) {
    const up = await run('curl', ['-s', '-o', '/dev/null', `http://127.0.0.1:${port}/`]).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (attempt > 50) throw new Error('nginx did not start');
    await sleep(100);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    copyUrl: `http://127.0.0.1:${copyPort}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** A 1 GiB file of incompressible bytes (a 1 MiB random block repeated). */
function writeGibFile(file: string) {
  const block = randomStream('hostdeck-bench-gib')(2 ** 20);
  const fd = openSync(file, 'w');
  for (let written = 0; written < GIB; written += block.length) writeSync(fd, block);
  closeSync(fd);
}

/** BENCH_PARTS=upload,zip runs only those parts (idle, list, download, upload, zip); all by default. */
const parts = process.env.BENCH_PARTS?.split(',').map((part) => part.trim());
const wants = (part: string) => !parts || parts.includes(part);

const work = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-bench-agent-'));
const agent = await startBundledAgent(work);
const cleanups: Array<() => Promise<void>> = [];
try {
  if (wants('idle')) {
    // --- idle memory: the agent fresh, then after a few ordinary file calls.
    await sleep(1500);
    const idleAtStart = rssKiB(agent.pid);
    const small = path.join(work, 'small');
    mkdirSync(small);
    writeFileSync(path.join(small, 'notes.txt'), 'hello\n'.repeat(1000));
    await expectOk(agent, '/files/list', { path: small, root: '/' });
    await expectOk(agent, '/files/mkdir', { path: small, root: '/', name: 'folder' });
    await expectOk(agent, '/files/rename', { path: `${small}/folder`, root: '/', name: 'renamed' });
    await curl([
      '-H',
      `X-HostDeck: ${agent.token()}`,
      `${agent.url}/files/view?path=${small}/notes.txt&root=/`,
    ]);
    await expectOk(agent, '/files/list', { path: small, root: '/' });
    await sleep(1500);
    const idleAfterCalls = rssKiB(agent.pid);
    console.log(
      `agent idle RSS: ${(idleAtStart / 1024).toFixed(1)} MiB after start, ` +
        `${(idleAfterCalls / 1024).toFixed(1)} MiB after 5 file calls | target ≤ 50 MB`,
    );
  }

  if (wants('list')) {
    // --- list 100,000 files.
    const many = path.join(work, 'many');
    mkdirSync(many);
    for (let index = 0; index < LIST_FILES; index += 1) {
      closeSync(openSync(path.join(many, `file-${String(index).padStart(6, '0')}.txt`), 'w'));
    }
    const lsEnv = { ...process.env, LC_ALL: 'C' };
    await timeCommand('ls', ['-l', many], { env: lsEnv });
    const warm = await expectOk(agent, '/files/list', { path: many, root: '/' });
    const listed = JSON.parse(warm.body.toString()) as { files: unknown[] };
    if (listed.files.length !== LIST_FILES) throw new Error(`listed ${listed.files.length} files`);
    const lsTimes: number[] = [];
    const listTimes: number[] = [];
    const parseTimes: number[] = [];
    let wireBytes = 0;
    let gzip = false;
    for (let runIndex = 0; runIndex < LIST_RUNS; runIndex += 1) {
      lsTimes.push(await timeCommand('ls', ['-l', many], { env: lsEnv }));
      const answer = await expectOk(agent, '/files/list', { path: many, root: '/' });
      listTimes.push(answer.seconds);
      const parseStart = process.hrtime.bigint();
      JSON.parse(answer.body.toString());
      parseTimes.push(Number(process.hrtime.bigint() - parseStart) / 1e9);
      wireBytes = answer.wireBytes;
      gzip = answer.gzip;
    }
    const list = median(listTimes);
    const ls = median(lsTimes);
    report(
      `list ${LIST_FILES} files (POST /files/list, to last byte, median of ${LIST_RUNS})`,
      `${(list * 1000).toFixed(0)} ms (answer ${mib(wireBytes).toFixed(1)} MiB, ${gzip ? 'gzip' : 'not compressed'}; client JSON.parse ${(median(parseTimes) * 1000).toFixed(0)} ms more)`,
      `ls -l ${(ls * 1000).toFixed(0)} ms`,
      list / ls,
      '≤ 1.2x',
    );
    if (!gzip) {
      // What compressing the answer would cost the agent, for the closing notes (not a figure).
      for (const level of [1, 6]) {
        const begin = process.hrtime.bigint();
        const size = gzipSync(warm.body, { level }).length;
        const ms = Number(process.hrtime.bigint() - begin) / 1e6;
        console.log(
          `  (gzip level ${level} of that answer: ${ms.toFixed(0)} ms here, ${mib(size).toFixed(1)} MiB)`,
        );
      }
    }
    rmSync(many, { recursive: true, force: true });
  }

  // --- download 1 GiB.
  const served = path.join(work, 'served');
  mkdirSync(served);
  const gibFile = path.join(served, 'one-gib.bin');
  if (wants('download') || wants('upload')) writeGibFile(gibFile);
  if (wants('download')) {
    const nginx = await startNginx(path.join(work, 'nginx'), served);
    cleanups.push(() => nginx.stop());
    const agentDownload = () =>
      curl([
        '-H',
        `X-HostDeck: ${agent.token()}`,
        `${agent.url}/files/download?path=${encodeURIComponent(gibFile)}&root=/`,
      ]);
    // Like with like: the same curl, the same file, the page cache warm for both (one untimed
    // transfer each first), the same number of runs, the order alternated so neither always goes first.
    await curl([`${nginx.url}/one-gib.bin`]);
    await agentDownload();
    const nginxRates: number[] = [];
    const agentRates: number[] = [];
    const copyRates: number[] = [];
    const viaAgent = async () => {
      const answer = await agentDownload();
      if (answer.downloaded !== GIB) throw new Error(`downloaded ${answer.downloaded} bytes`);
      agentRates.push(mib(answer.downloaded) / answer.seconds);
    };
    for (let runIndex = 0; runIndex < DOWNLOAD_RUNS; runIndex += 1) {
      if (runIndex % 2 === 1) await viaAgent();
      const viaNginx = await curl([`${nginx.url}/one-gib.bin`]);
      nginxRates.push(mib(viaNginx.downloaded) / viaNginx.seconds);
      const copied = await curl([`${nginx.copyUrl}/one-gib.bin`]);
      copyRates.push(mib(copied.downloaded) / copied.seconds);
      if (runIndex % 2 === 0) await viaAgent();
    }
    await nginx.stop();
    cleanups.pop();
    report(
      `download 1 GiB (GET /files/download by curl, median of ${DOWNLOAD_RUNS})`,
      `${median(agentRates).toFixed(0)} MiB/s`,
      `nginx sendfile ${median(nginxRates).toFixed(0)} MiB/s`,
      median(agentRates) / median(nginxRates),
      '≥ 0.85x',
    );
    console.log(
      `  (context, not the target's baseline: nginx with sendfile off ${median(copyRates).toFixed(0)} MiB/s, ` +
        `agent ratio ${(median(agentRates) / median(copyRates)).toFixed(2)}x)`,
    );
  }

  if (wants('upload')) {
    // --- upload 1 GiB, on a fresh agent: the list above leaves the first one's heap large.
    const uploader = await startBundledAgent(work);
    cleanups.push(() => uploader.stop());
    const uploads = path.join(work, 'uploads');
    mkdirSync(uploads);
    writeFileSync(path.join(work, 'warm.txt'), 'warm\n');
    // curl -F: path and root before the file part, as the agent requires.
    const uploadArgs = (file: string, name?: string) => [
      '-H',
      'Expect:',
      '-H',
      `X-HostDeck: ${uploader.token()}`,
      '-F',
      `path=${uploads}`,
      '-F',
      'root=/',
      ...(name ? ['-F', `name=${name}`] : []),
      '-F',
      `file=@${file};type=application/octet-stream`,
      `${uploader.url}/files/upload`,
    ];
    await curl(uploadArgs(path.join(work, 'warm.txt')));
    await sleep(500);
    // The upload is written by the agent's per-user worker (here its root worker), not by the main
    // process, which only verifies the token and forwards the body: both are watched.
    const workerPids = () => descendants(uploader.pid).filter((pid) => commandName(pid) === 'node');
    if (workerPids().length !== 1) throw new Error(`expected one worker, found ${workerPids().length}`);
    const beforeMainKiB = rssKiB(uploader.pid);
    const beforeWorkerKiB = rssKiB(workerPids()[0]!);
    const ddRates: number[] = [];
    const uploadRates: number[] = [];
    const mainPeaks: number[] = [];
    const workerPeaks: number[] = [];
    const treeRssPeaks: number[] = [];
    const treePssPeaks: number[] = [];
    for (let runIndex = 0; runIndex < TRANSFER_RUNS; runIndex += 1) {
      const ddTarget = path.join(uploads, 'dd.bin');
      const ddSeconds = await timeCommand('dd', [
        `if=${gibFile}`,
        `of=${ddTarget}`,
        'bs=1M',
        'conv=fdatasync',
        'status=none',
      ]);
      ddRates.push(1024 / ddSeconds);
      rmSync(ddTarget);
      let seconds = 0;
      const peaks = await watchTreePeaks(uploader.pid, async () => {
        const uploaded = await curl(uploadArgs(gibFile, 'agent.bin'));
        seconds = uploaded.seconds;
      });
      if (statSync(path.join(uploads, 'agent.bin')).size !== GIB) throw new Error('the upload is incomplete');
      uploadRates.push(1024 / seconds);
      mainPeaks.push(peaks.perProcess.get(uploader.pid) ?? 0);
      workerPeaks.push(
        Math.max(0, ...[...peaks.perProcess].filter(([pid]) => pid !== uploader.pid).map(([, kib]) => kib)),
      );
      treeRssPeaks.push(peaks.treeRssKiB);
      treePssPeaks.push(peaks.treePssKiB);
      rmSync(path.join(uploads, 'agent.bin'));
    }
    report(
      `upload 1 GiB (POST /files/upload, multipart streamed by curl, median of ${TRANSFER_RUNS})`,
      `${median(uploadRates).toFixed(0)} MiB/s`,
      `dd bs=1M conv=fdatasync ${median(ddRates).toFixed(0)} MiB/s`,
      median(uploadRates) / median(ddRates),
      '≥ 0.9x',
    );
    const runs = (values: number[]) => values.map((kib) => (kib / 1024).toFixed(1)).join(', ');
    // The target is read against the largest process of the tree, the worker that writes the file.
    console.log(
      `agent peak RSS during the uploads, per process (VmHWM reset before each run): worker ` +
        `${runs(workerPeaks)} MiB (${(beforeWorkerKiB / 1024).toFixed(1)} before), main ${runs(mainPeaks)} MiB ` +
        `(${(beforeMainKiB / 1024).toFixed(1)} before) | target ≤ 100 MB for the largest process`,
    );
    console.log(
      `  (the whole tree, sampled: RSS sum ${runs(treeRssPeaks)} MiB, counting the shared node binary in each ` +
        `process; PSS sum ${runs(treePssPeaks)} MiB)`,
    );
    await sleep(3000);
    const mainAfter3s = rssKiB(uploader.pid);
    await sleep(27_000);
    console.log(
      `agent RSS after the uploads: main ${(mainAfter3s / 1024).toFixed(1)} MiB 3 s later, ` +
        `${(rssKiB(uploader.pid) / 1024).toFixed(1)} MiB 30 s later; worker ` +
        `${
          workerPids()
            .map((pid) => (rssKiB(pid) / 1024).toFixed(1))
            .join(', ') || 'gone'
        } MiB`,
    );
    await uploader.stop();
    cleanups.pop();
  }
  rmSync(served, { recursive: true, force: true });

  if (wants('zip')) {
    // --- zip -3 of 1 GiB of mixed files.
    const generatedAt = Date.now();
    const mixed = path.join(work, 'mixed');
    const tree = writeMixedTree(mixed);
    console.log(
      `mixed tree: ${tree.files} files, ${mib(tree.bytes).toFixed(0)} MiB, written in ${((Date.now() - generatedAt) / 1000).toFixed(1)} s`,
    );
    const zipSeconds = await timeCommand('zip', ['-3', '-r', '-q', 'info-zip.zip', 'mixed'], { cwd: work });
    const compressed = await expectOk(agent, '/files/compress', {
      path: [mixed],
      root: '/',
      level: 3,
      type: 'zip',
      name: 'agent.zip',
    });
    const zipSize = statSync(path.join(work, 'info-zip.zip')).size;
    const agentZipSize = statSync(path.join(work, 'agent.zip')).size;
    report(
      'zip level 3 of 1 GiB mixed files (POST /files/compress, one run)',
      `${compressed.seconds.toFixed(1)} s (${mib(agentZipSize).toFixed(0)} MiB archive)`,
      `zip -3 -r -q ${zipSeconds.toFixed(1)} s (${mib(zipSize).toFixed(0)} MiB archive)`,
      compressed.seconds / zipSeconds,
      '≤ 1.1x',
    );
  }
  console.log(`agent RSS at the end: ${(rssKiB(agent.pid) / 1024).toFixed(1)} MiB`);
} finally {
  for (const cleanup of cleanups) await cleanup();
  await agent.stop();
  rmSync(work, { recursive: true, force: true });
}
