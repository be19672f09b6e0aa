import { chmod, lstat, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { importDatabase, type DatabaseImportRequest } from './database-import.js';
import { FileError } from './errors.js';
import { buildZip } from '../../../../tools/testing/archives.js';
import { startFileServer } from './testing/file-server.js';

/**
 * The clients are stand-ins (shell scripts recording their argv and stdin): what matters here is
 * what reaches them and how, not a database server. Real imports run in the server tests.
 */
let base: string;
let root: string;
let tools: string;

async function stub(name: string, body: string): Promise<string> {
  const file = path.join(tools, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

beforeEach(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'hd-import-'));
  root = path.join(base, 'root');
  tools = path.join(base, 'tools');
  await mkdir(root);
  await mkdir(tools);
  // The stand-ins may run as another account (psql as postgres when root): let them write here.
  await chmod(base, 0o755);
  await chmod(tools, 0o777);
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const record = 'printf "%s\\n" "$@" > "$0.args"; cat > "$0.stdin"';

async function run(request: Partial<DatabaseImportRequest> & { path: string }) {
  const mysql = await stub('mysql', record);
  const psql = await stub('psql', record);
  return importDatabase({
    scope: { root, user: 'root', canWrite: true },
    type: 'mysql',
    database: 'shop',
    commands: { mysql, psql },
    ...request,
  });
}

describe('importDatabase', () => {
  const dump = 'CREATE TABLE t (id int);\nINSERT INTO t VALUES (1);\n';

  it('streams a .sql file into `mysql --database=NAME`', async () => {
    await writeFile(path.join(root, 'dump.sql'), dump);
    await run({ path: `${root}/dump.sql` });
    expect(await readFile(path.join(tools, 'mysql.args'), 'utf8')).toBe('--database=shop\n');
    expect(await readFile(path.join(tools, 'mysql.stdin'), 'utf8')).toBe(dump);
  });

  it('decompresses .sql.gz on the fly', async () => {
    await writeFile(path.join(root, 'dump.sql.gz'), gzipSync(dump));
    await run({ path: 'dump.sql.gz', root, type: 'mariadb' });
    expect(await readFile(path.join(tools, 'mysql.stdin'), 'utf8')).toBe(dump);
  });

  it('takes the first .sql entry of a zip', async () => {
    await writeFile(
      path.join(root, 'backup.zip'),
      await buildZip([
        { name: 'README.txt', content: 'read me' },
        { name: 'db/shop.SQL', content: dump },
        { name: 'other.sql', content: 'no' },
      ]),
    );
    await run({ path: `${root}/backup.zip` });
    expect(await readFile(path.join(tools, 'mysql.stdin'), 'utf8')).toBe(dump);
  });

  it('runs psql with ON_ERROR_STOP, stdin as its file and --dbname', async () => {
    await writeFile(path.join(root, 'dump.sql'), dump);
    await run({ path: `${root}/dump.sql`, type: 'postgresql' });
    expect((await readFile(path.join(tools, 'psql.args'), 'utf8')).trim().split('\n')).toEqual([
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '--file=-',
      '--dbname=shop',
    ]);
    expect(await readFile(path.join(tools, 'psql.stdin'), 'utf8')).toBe(dump);
  });

  it('removes the dump afterwards when asked', async () => {
    await writeFile(path.join(root, 'dump.sql'), dump);
    await run({ path: `${root}/dump.sql`, remove: true });
    await expect(lstat(path.join(root, 'dump.sql'))).rejects.toThrow();
  });

  it('refuses hostile database names before running anything', async () => {
    await writeFile(path.join(root, 'dump.sql'), dump);
    for (const database of [
      ...SHELL_INJECTION_PAYLOADS,
      'mysql',
      'host=evil dbname=x',
      'postgresql://evil/x',
    ]) {
      await expect(run({ path: `${root}/dump.sql`, database })).rejects.toMatchObject({ status: 422 });
    }
    await expect(lstat(path.join(tools, 'mysql.args'))).rejects.toThrow();
  });

  it('refuses dumps outside the root, other file types and a zip without .sql', async () => {
    await writeFile(path.join(base, 'outside.sql'), dump);
    await expect(run({ path: path.join(base, 'outside.sql') })).rejects.toMatchObject({ status: 403 });
    await expect(run({ path: `${root}/../outside.sql` })).rejects.toMatchObject({ status: 400 });
    await writeFile(path.join(root, 'dump.txt'), dump);
    await expect(run({ path: `${root}/dump.txt` })).rejects.toMatchObject({
      status: 422,
      message: FILE_MESSAGES.unsupportedDump,
    });
    await writeFile(path.join(root, 'empty.zip'), await buildZip([{ name: 'a.txt', content: 'x' }]));
    await expect(run({ path: `${root}/empty.zip` })).rejects.toMatchObject({
      status: 422,
      message: FILE_MESSAGES.noSqlInArchive,
    });
  });

  it('reports bytes read of the file size: compressed bytes for a .sql.gz, the entry for a .zip', async () => {
    const big = `${dump}${randomBytes(3 * 2 ** 20).toString('hex')}\n`;
    await writeFile(path.join(root, 'big.sql.gz'), gzipSync(big));
    const size = (await stat(path.join(root, 'big.sql.gz'))).size;
    const seen: [number, number][] = [];
    const starts: number[] = [];
    await run({
      path: `${root}/big.sql.gz`,
      progress: {
        onStart: (total) => starts.push(total),
        onProgress: (read, total) => seen.push([read, total]),
        intervalMs: 1,
      },
    });
    expect(starts).toEqual([size]);
    expect(seen.at(-1)).toEqual([size, size]);
    expect(seen.every(([read, total], index) => total === size && read >= (seen[index - 1]?.[0] ?? 0))).toBe(
      true,
    );
    expect((await stat(path.join(tools, 'mysql.stdin'))).size).toBe(Buffer.byteLength(big));

    await writeFile(path.join(root, 'one.zip'), await buildZip([{ name: 'one.sql', content: dump }]));
    const zipSeen: [number, number][] = [];
    await run({
      path: `${root}/one.zip`,
      progress: { onProgress: (read, total) => zipSeen.push([read, total]) },
    });
    expect(zipSeen.at(-1)).toEqual([dump.length, dump.length]);
  });

  it('stops the client when a .sql.gz turns out corrupt, and says so', async () => {
    const packed = gzipSync(`${dump}${'INSERT INTO t VALUES (2);\n'.repeat(20_000)}`);
    await writeFile(path.join(root, 'cut.sql.gz'), packed.subarray(0, packed.length - 200));
    await expect(run({ path: `${root}/cut.sql.gz` })).rejects.toMatchObject({
      status: 422,
      message: FILE_MESSAGES.importFailed,
      detail: expect.stringMatching(/unexpected end of file/i),
    });
  });

  it('stops the client when the caller aborts', async () => {
    await writeFile(path.join(root, 'dump.sql'), dump);
    const hanging = await stub('mysql-hang', 'echo $$ > "$0.pid"; exec sleep 600');
    const stop = new AbortController();
    const importing = importDatabase({
      scope: { root, user: 'root', canWrite: true },
      path: `${root}/dump.sql`,
      type: 'mysql',
      database: 'shop',
      commands: { mysql: hanging },
      signal: stop.signal,
    });
    const pid = await vi.waitFor(async () => Number(await readFile(`${hanging}.pid`, 'utf8')));
    stop.abort();
    await expect(importing).rejects.toMatchObject({ status: 422, detail: 'stopped' });
    expect(existsSync(`/proc/${pid}`)).toBe(false);
  });

  it('reports a failed import with the tail of the client output', async () => {
    await writeFile(path.join(root, 'dump.sql'), dump);
    const failing = await stub(
      'mysql-fail',
      'cat > /dev/null; echo "ERROR 1064 (42000) at line 1: syntax error" >&2; exit 1',
    );
    const failure = await importDatabase({
      scope: { root, user: 'root', canWrite: true },
      path: `${root}/dump.sql`,
      type: 'mysql',
      database: 'shop',
      commands: { mysql: failing },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FileError);
    expect(failure).toMatchObject({
      status: 422,
      message: FILE_MESSAGES.importFailed,
      detail: 'ERROR 1064 (42000) at line 1: syntax error',
    });
  });
});

describe('POST /files/database-import', () => {
  const dump = 'CREATE TABLE t (id int);\n';

  it("refuses a site's token: the client runs as root and reaches every database", async () => {
    const server = await startFileServer();
    try {
      await writeFile(path.join(server.root, 'dump.sql'), dump);
      const refused = await server.send('POST', 'database-import', {
        path: `${server.root}/dump.sql`,
        type: 'mysql',
        database: 'shop',
      });
      expect(refused.status).toBe(403);
    } finally {
      await server.close();
    }
  });

  it("with a whole-server root token, runs the server's own client and answers its stderr tail on failure", async () => {
    const server = await startFileServer({ root: '/' });
    try {
      await writeFile(path.join(server.root, 'dump.sql'), dump);
      const body = { path: `${server.root}/dump.sql`, type: 'mysql', database: 'hd_absent_import_db' };
      const badType = await server.send('POST', 'database-import', { ...body, type: 'mongod' });
      expect(badType).toMatchObject({
        status: 422,
        body: { errors: { type: FILE_MESSAGES.invalidRequest } },
      });
      const badName = await server.send('POST', 'database-import', { ...body, database: '-e select 1' });
      expect(badName.status).toBe(422);
      // The real mysql client: no server to reach, or no such database; either way its own words.
      const failed = await server.send('POST', 'database-import', body);
      expect(failed.status).toBe(422);
      expect(failed.body).toMatchObject({ message: FILE_MESSAGES.importFailed });
      expect(String(failed.body.detail)).toMatch(/ERROR|not found|No such file/);
      // A failed import keeps the dump even when asked to remove it.
      await server.send('POST', 'database-import', { ...body, remove: true });
      expect((await lstat(path.join(server.root, 'dump.sql'))).isFile()).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('POST /files/database-import with progress (Accept: application/x-ndjson)', () => {
  const dump = 'CREATE TABLE t (id int);\nINSERT INTO t VALUES (1);\nINSERT INTO t VALUES (;\n';
  let server: Awaited<ReturnType<typeof startFileServer>>;
  let savedPath: string | undefined;

  /** The client is found on PATH, as on a server: a stand-in `mysql` first on it. */
  async function clientOnPath(body: string) {
    await writeFile(path.join(tools, 'mysql'), `#!/bin/sh\n${body}\n`);
    await chmod(path.join(tools, 'mysql'), 0o755);
    savedPath = process.env.PATH;
    process.env.PATH = `${tools}:${process.env.PATH ?? ''}`;
  }

  const post = (body: Record<string, unknown>, signal?: AbortSignal) =>
    fetch(`${server.url}/files/database-import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
      body: JSON.stringify({ root: '/', type: 'mariadb', database: 'shop', ...body }),
      ...(signal ? { signal } : {}),
    });
  const lines = async (response: Response) =>
    (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeEach(async () => {
    server = await startFileServer({ root: '/' });
  });
  afterEach(async () => {
    if (savedPath !== undefined) process.env.PATH = savedPath;
    savedPath = undefined;
    await server.close();
  });

  it('streams {read,total} lines, then {done,output}', async () => {
    await clientOnPath('cat > "$0.stdin"; echo "a warning" >&2');
    await writeFile(path.join(server.root, 'dump.sql'), dump);
    const response = await post({ path: `${server.root}/dump.sql` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const answer = await lines(response);
    expect(answer[0]).toEqual({ read: 0, total: dump.length });
    expect(answer.at(-2)).toEqual({ read: dump.length, total: dump.length });
    expect(answer.at(-1)).toEqual({ done: true, output: 'a warning\n' });
    expect(await readFile(path.join(tools, 'mysql.stdin'), 'utf8')).toBe(dump);
  });

  it("ends with {error, detail}: the client's first error line; refusals stay JSON 4xx", async () => {
    await clientOnPath(
      'head -n 2 > /dev/null; echo "ERROR 1064 (42000) at line 3: You have an error in your SQL syntax" >&2; exit 1',
    );
    await writeFile(path.join(server.root, 'dump.sql'), dump);
    const response = await post({ path: `${server.root}/dump.sql` });
    expect(response.status).toBe(200);
    expect((await lines(response)).at(-1)).toEqual({
      error: FILE_MESSAGES.importFailed,
      detail: 'ERROR 1064 (42000) at line 3: You have an error in your SQL syntax',
      status: 422,
    });
    const refused = await post({ path: `${server.root}/absent.sql` });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ message: FILE_MESSAGES.notFound });
  });

  it('stops the client when the caller goes away', async () => {
    await clientOnPath('echo $$ > "$0.pid"; exec sleep 600');
    await writeFile(path.join(server.root, 'dump.sql'), dump);
    const stop = new AbortController();
    const response = await post({ path: `${server.root}/dump.sql` }, stop.signal);
    expect(response.status).toBe(200);
    const pid = await vi.waitFor(async () => Number(await readFile(path.join(tools, 'mysql.pid'), 'utf8')));
    expect(existsSync(`/proc/${pid}`)).toBe(true);
    stop.abort();
    await vi.waitFor(() => expect(existsSync(`/proc/${pid}`)).toBe(false), { timeout: 10_000 });
  });
});
