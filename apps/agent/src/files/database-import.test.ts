import { chmod, lstat, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

  it('runs psql with ON_ERROR_STOP and --dbname', async () => {
    await writeFile(path.join(root, 'dump.sql'), dump);
    await run({ path: `${root}/dump.sql`, type: 'postgresql' });
    expect((await readFile(path.join(tools, 'psql.args'), 'utf8')).trim().split('\n')).toEqual([
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
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
