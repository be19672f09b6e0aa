import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its directory, and two processes writing to it corrupt it. The panel holds
 * this lock for as long as it runs and refuses to start a second time on the same data directory.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holderPid: number,
  ) {
    super(
      `Another HostDeck panel (pid ${holderPid}) is already running on this data directory.\n` +
        `  lock file: ${lockFile}\n` +
        '  Stop that process first, or start this one with another DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  file: string;
  release(): void;
}

interface LockContent {
  pid: number;
  startTime: string | null;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'panel.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const descriptor = openSync(file, 'wx', 0o600);
      const content: LockContent = { pid: process.pid, startTime: processStartTime(process.pid) };
      writeSync(descriptor, JSON.stringify(content));
      closeSync(descriptor);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      if (holder && isSameProcessAlive(holder)) {
        throw new DataDirLockedError(file, holder.pid);
      }
      // The holder died without releasing (SIGKILL, reboot): the lock is stale.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not acquire ${file}`);
}

function readLock(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, startTime: parsed.startTime ?? null } : null;
  } catch {
    return null;
  }
}

/** A pid can be reused after a reboot; the process start time tells the holder apart from a newcomer. */
function isSameProcessAlive(holder: LockContent): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const startTime = processStartTime(holder.pid);
  return holder.startTime === null || startTime === null || startTime === holder.startTime;
}

function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime) follows the command name, which may itself contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}
