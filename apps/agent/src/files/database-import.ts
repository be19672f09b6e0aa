import { spawn } from 'node:child_process';
import { unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import yauzl from 'yauzl';
import { databaseNameSchema } from '@hostdeck/contracts';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { Confinement } from './confine.js';
import { childPath, descriptorPath } from './descriptors.js';
import { FileError } from './errors.js';
import type { FileScope } from './options.js';
import { loadAccounts } from './owners.js';
import { readStreamOf } from './fd-streams.js';

export type DatabaseType = 'mysql' | 'mariadb' | 'postgresql';

export interface DatabaseImportRequest {
  scope: FileScope;
  /** The dump: .sql, .sql.gz or .zip (its first .sql entry), inside the scope's root. */
  path: string;
  root?: string;
  type: DatabaseType;
  database: string;
  /** Delete the dump once imported (spec/000 §7 databases import: remove, default false). */
  remove?: boolean;
  /** Client programs; tests point them at stand-ins. */
  commands?: { mysql?: string; psql?: string };
}

const STDERR_TAIL = 4096;

/**
 * Streams a dump into the database (spec/000 §7 api.servers.databases.import; spec/001 §2 "import
 * database" for names with .sql, .sql.gz or .zip). No shell: the client is spawned with argv, the
 * database name is checked by the contracts grammar (letters, digits, underscore: never an option
 * or a conninfo string), and the dump goes in through stdin, decompressed on the fly, so memory
 * stays flat. MySQL/MariaDB run as the agent's user (root uses socket authentication);
 * PostgreSQL runs as the `postgres` account when the agent is root.
 * Resolves with the tail of the client's stderr; a failed import is a 422 carrying that tail.
 */
export async function importDatabase(request: DatabaseImportRequest): Promise<{ output: string }> {
  const parsed = databaseNameSchema.safeParse(request.database);
  if (!parsed.success)
    throw new FileError(422, FILE_MESSAGES.invalidName, { database: FILE_MESSAGES.invalidName });
  const confinement = await Confinement.open(request.scope.root);
  try {
    return await importPinned(request, confinement);
  } finally {
    await confinement.close();
  }
}

async function importPinned(request: DatabaseImportRequest, confinement: Confinement) {
  const base = await confinement.base(request.root);
  const visible = confinement.visiblePath(request.path, base);
  const dump = await confinement.target(visible);
  const lower = dump.real.toLowerCase();
  const kind = lower.endsWith('.sql')
    ? 'sql'
    : lower.endsWith('.sql.gz')
      ? 'gz'
      : lower.endsWith('.zip')
        ? 'zip'
        : null;
  if (!kind) throw new FileError(422, FILE_MESSAGES.unsupportedDump, { path: FILE_MESSAGES.unsupportedDump });

  const handle = await confinement.openPinned(dump);
  let closeZip = () => undefined as void;
  try {
    let source: Readable;
    if (kind === 'zip') {
      // yauzl opens its own descriptor: the /proc path of ours reopens exactly the checked file.
      const zip = await openFirstSqlEntry(descriptorPath(handle.fd));
      source = zip.stream;
      closeZip = zip.close;
    } else {
      const file = readStreamOf(handle, { highWaterMark: 1024 * 1024 });
      source = kind === 'gz' ? file.pipe(createGunzip()) : file;
    }
    const output = await runClient(request, source);
    // By name in its pinned folder: the dump itself, or what holds its name now (never through a link).
    if (request.remove && dump.parent) await unlink(childPath(dump.parent.fd, dump.name));
    return { output };
  } finally {
    closeZip();
    await handle.close();
  }
}

async function openFirstSqlEntry(archivePath: string): Promise<{ stream: Readable; close: () => void }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(archivePath, { lazyEntries: true, autoClose: false });
  } catch {
    throw new FileError(422, FILE_MESSAGES.archiveCorrupt);
  }
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/') || !entry.fileName.toLowerCase().endsWith('.sql')) continue;
      return { stream: await zip.openReadStreamPromise(entry), close: () => zip.close() };
    }
  } catch {
    zip.close();
    throw new FileError(422, FILE_MESSAGES.archiveCorrupt);
  }
  zip.close();
  throw new FileError(422, FILE_MESSAGES.noSqlInArchive, { path: FILE_MESSAGES.noSqlInArchive });
}

function clientCommand(request: DatabaseImportRequest): {
  command: string;
  args: string[];
  uid?: number;
  gid?: number;
} {
  if (request.type === 'postgresql') {
    const postgres = process.getuid?.() === 0 ? loadAccounts().users.get('postgres') : undefined;
    return {
      command: request.commands?.psql ?? 'psql',
      // -X: no ~/.psqlrc; stop at the first error like mysql does.
      args: ['-X', '-q', '-v', 'ON_ERROR_STOP=1', `--dbname=${request.database}`],
      ...(postgres ? { uid: postgres.uid, gid: postgres.gid } : {}),
    };
  }
  if (request.type === 'mysql' || request.type === 'mariadb') {
    return { command: request.commands?.mysql ?? 'mysql', args: [`--database=${request.database}`] };
  }
  throw new FileError(422, FILE_MESSAGES.invalidRequest, { type: FILE_MESSAGES.invalidRequest });
}

function runClient(request: DatabaseImportRequest, source: Readable): Promise<string> {
  const { command, args, uid, gid } = clientCommand(request);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['pipe', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: process.env.HOME ?? '/' },
      ...(uid !== undefined ? { uid, gid } : {}),
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    // The client may stop reading early (a SQL error): its exit status tells, not the broken pipe.
    const fed = pipeline(source, child.stdin).catch(() => undefined);
    child.on('error', (error) => {
      source.destroy();
      reject(new FileError(422, FILE_MESSAGES.importFailed, {}, error.message));
    });
    child.on('close', (code) => {
      void fed.then(() => {
        if (code === 0) resolve(stderr);
        else reject(new FileError(422, FILE_MESSAGES.importFailed, {}, stderr.trim() || `exit ${code}`));
      });
    });
  });
}
