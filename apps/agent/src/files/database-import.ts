import { spawn } from 'node:child_process';
import { unlink } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import yauzl from 'yauzl';
import { databaseNameSchema } from '@hostdeck/contracts';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { Confinement } from './confine.js';
import { childPath, descriptorPath } from './descriptors.js';
import { FileError, systemErrorCode } from './errors.js';
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
  /** Live progress while the dump streams (the panel's import event shows it). */
  progress?: ImportProgressListener;
  /** Aborting stops the client (SIGTERM) and the import fails: the caller went away. */
  signal?: AbortSignal;
}

/**
 * Progress of an import: `read` bytes of `total` read from the dump file (compressed bytes for a
 * .sql.gz, against the file's size; for a .zip, the entry's uncompressed bytes against its size).
 */
export interface ImportProgressListener {
  /** Once the dump is open and checked, before the client starts. */
  onStart?(total: number): void;
  /** At most every `intervalMs` while bytes come in, and once at the end. */
  onProgress(read: number, total: number): void;
  intervalMs?: number;
}

const STDERR_TAIL = 4096;
/** Decompressed output chunks handed to the client's stdin (zlib's default is 16 KiB). */
const GUNZIP_CHUNK_BYTES = 256 * 1024;
const DEFAULT_PROGRESS_INTERVAL_MS = 500;

/**
 * Streams a dump into the database (spec/000 §7 api.servers.databases.import; spec/001 §2 "import
 * database" for names with .sql, .sql.gz or .zip). No shell: the client is spawned with argv, the
 * database name is checked by the contracts grammar (letters, digits, underscore: never an option
 * or a conninfo string), and the dump goes in through stdin, decompressed on the fly, so memory
 * stays flat. MySQL/MariaDB run as the agent's user (root uses socket authentication);
 * PostgreSQL runs as the `postgres` account when the agent is root.
 * Resolves with the tail of the client's stderr; a failed import is a 422 carrying that tail.
 * Both clients stop at the first SQL error: `mysql`/`mariadb` reading a script from stdin does
 * (batch mode, no --force), psql with ON_ERROR_STOP=1; their first error line is the detail.
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
    let streams: [Readable, ...Transform[]];
    let total: number;
    let bytesRead: () => number;
    if (kind === 'zip') {
      // yauzl opens its own descriptor: the /proc path of ours reopens exactly the checked file.
      const zip = await openFirstSqlEntry(descriptorPath(handle.fd));
      closeZip = zip.close;
      total = zip.size;
      let read = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          read += chunk.length;
          callback(null, chunk);
        },
      });
      streams = [zip.stream, counter];
      bytesRead = () => read;
    } else {
      total = (await handle.stat()).size;
      const file = readStreamOf(handle, { highWaterMark: 1024 * 1024 });
      streams = kind === 'gz' ? [file, createGunzip({ chunkSize: GUNZIP_CHUNK_BYTES })] : [file];
      bytesRead = () => file.bytesRead;
    }
    const output = await withProgress(request.progress, total, bytesRead, () => runClient(request, streams));
    // By name in its pinned folder: the dump itself, or what holds its name now (never through a link).
    if (request.remove && dump.parent) await unlink(childPath(dump.parent.fd, dump.name));
    return { output };
  } finally {
    closeZip();
    await handle.close();
  }
}

/** Reports `bytesRead()` to the listener on a timer while `work` runs (no work per chunk). */
async function withProgress<T>(
  listener: ImportProgressListener | undefined,
  total: number,
  bytesRead: () => number,
  work: () => Promise<T>,
): Promise<T> {
  if (!listener) return work();
  listener.onStart?.(total);
  let reported = -1;
  const report = () => {
    const read = Math.min(bytesRead(), total);
    if (read === reported) return;
    reported = read;
    listener.onProgress(read, total);
  };
  const timer = setInterval(report, listener.intervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS);
  try {
    const result = await work();
    report();
    return result;
  } finally {
    clearInterval(timer);
  }
}

async function openFirstSqlEntry(
  archivePath: string,
): Promise<{ stream: Readable; size: number; close: () => void }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(archivePath, { lazyEntries: true, autoClose: false });
  } catch {
    throw new FileError(422, FILE_MESSAGES.archiveCorrupt);
  }
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/') || !entry.fileName.toLowerCase().endsWith('.sql')) continue;
      return {
        stream: await zip.openReadStreamPromise(entry),
        size: entry.uncompressedSize,
        close: () => zip.close(),
      };
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
      // -X: no ~/.psqlrc; stop at the first error like mysql does. `--file=-` (stdin as a file)
      // makes psql name the line it stopped at: `psql:<stdin>:3: ERROR: …`.
      args: ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--file=-', `--dbname=${request.database}`],
      ...(postgres ? { uid: postgres.uid, gid: postgres.gid } : {}),
    };
  }
  if (request.type === 'mysql' || request.type === 'mariadb') {
    return { command: request.commands?.mysql ?? 'mysql', args: [`--database=${request.database}`] };
  }
  throw new FileError(422, FILE_MESSAGES.invalidRequest, { type: FILE_MESSAGES.invalidRequest });
}

function runClient(request: DatabaseImportRequest, streams: [Readable, ...Transform[]]): Promise<string> {
  const { command, args, uid, gid } = clientCommand(request);
  request.signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['pipe', 'ignore', 'pipe'],
      // Not the agent's own folder: postgres may not enter it (psql then complains on stderr).
      cwd: '/',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: process.env.HOME ?? '/' },
      ...(uid !== undefined ? { uid, gid } : {}),
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    // The caller went away (the panel's event was cancelled or lost): stop the client now rather
    // than let it import the rest unseen.
    let aborted = false;
    const abort = () => {
      aborted = true;
      child.kill('SIGTERM');
    };
    request.signal?.addEventListener('abort', abort, { once: true });
    // The client stops reading at its first error: its exit status tells, not the broken pipe. A
    // dump that cannot be read (a corrupt .gz) stops the client too: an end of input would read as
    // a complete dump to it.
    let feedError: Error | null = null;
    const fed = pipeline([...streams, child.stdin]).catch((error: Error) => {
      feedError = error;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    });
    child.on('error', (error) => {
      for (const stream of streams) stream.destroy();
      reject(new FileError(422, FILE_MESSAGES.importFailed, {}, error.message));
    });
    child.on('close', (code, signal) => {
      request.signal?.removeEventListener('abort', abort);
      void fed.then(() => {
        const unread = feedError && !isBrokenPipe(feedError) ? feedError : null;
        if (code === 0 && !aborted && !unread) return resolve(stderr);
        const detail =
          stderr.trim() || (aborted ? 'stopped' : unread ? unread.message : `exit ${code ?? signal}`);
        reject(new FileError(422, FILE_MESSAGES.importFailed, {}, detail));
      });
    });
  });
}

/** The client closed its stdin (it stopped at an error, or finished): not the dump's fault. */
function isBrokenPipe(error: Error): boolean {
  const code = systemErrorCode(error);
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}
