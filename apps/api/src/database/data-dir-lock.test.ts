import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.js';

const temporaryDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'hostdeck-lock-'));

describe('acquireDataDirLock', () => {
  it('refuses a second holder while the first is alive, then releases', () => {
    const dataDir = temporaryDataDir();
    const lock = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    acquireDataDirLock(dataDir).release();
  });

  it('refuses while another live process holds it', async () => {
    const dataDir = temporaryDataDir();
    const holder = spawn('sleep', ['30']);
    try {
      const stat = readFileSync(`/proc/${holder.pid}/stat`, 'utf8');
      const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      writeFileSync(path.join(dataDir, 'panel.lock'), JSON.stringify({ pid: holder.pid, startTime }));
      expect(() => acquireDataDirLock(dataDir)).toThrow(/already running on this data directory/);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    // The holder died without releasing: its lock is stale and is taken over.
    acquireDataDirLock(dataDir).release();
  });

  it('takes over a lock whose pid now belongs to a different process', () => {
    const dataDir = temporaryDataDir();
    writeFileSync(path.join(dataDir, 'panel.lock'), JSON.stringify({ pid: 1, startTime: 'not-the-same' }));
    acquireDataDirLock(dataDir).release();
  });
});
