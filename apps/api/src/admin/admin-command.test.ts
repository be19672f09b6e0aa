import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../accounts/testing/test-browser.js';
import { PASSWORD, uniqueEmail } from '../accounts/testing/accounts.js';
import { loadConfig } from '../config/config.js';
import { acquireDataDirLock } from '../database/data-dir-lock.js';
import { openDatabase, pgliteDirectory } from '../database/database.js';
import { createPanel } from '../panel.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { runAdminCommand } from './admin-command.js';

const run = promisify(execFile);
const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
const APP_URL = 'http://panel.example.test:8080';
const NEW_PASSWORD = 'a passphrase set by link';

/**
 * Issue 26, item 12: without SMTP a forgotten password had no way out. The operator runs
 * `npm run admin -- reset-password EMAIL` on the panel's data directory while the panel is
 * stopped; the link it prints sets a new password through the panel's own API.
 */
describe('npm run admin -- reset-password', () => {
  let dataDir: string;
  let email: string;
  const environment = () => ({ DATA_DIR: dataDir, APP_URL, LOG_LEVEL: 'silent' });

  beforeAll(async () => {
    // A panel's data directory as `npm start` leaves it: its key, its database, one account.
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-admin-'));
    loadConfig(environment(), { repositoryRoot });
    const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDirectory(dataDir) });
    email = uniqueEmail('forgot');
    await createSignedInUser(database.db, 'Forgetful', { password: PASSWORD, email });
    await database.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints a link that sets a new password once, and the old one stops working', async () => {
    const { stdout } = await run(
      'npm',
      ['run', '--silent', 'admin', '--', 'reset-password', email.toUpperCase()],
      {
        cwd: repositoryRoot,
        env: { ...process.env, ...environment() },
      },
    );
    const link = stdout.match(/https?:\/\/\S+/)?.[0];
    expect(link, stdout).toBeDefined();
    expect(link!.startsWith(`${APP_URL}/reset-password#token=`)).toBe(true);
    expect(stdout).toContain('valid for 60 minutes');
    const fragment = new URLSearchParams(new URL(link!).hash.slice(1));

    // The panel, started afterwards on the same data directory, takes the link.
    const config = loadConfig(environment(), { repositoryRoot });
    const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDirectory(dataDir) });
    const panel = await createPanel({ config, database, logger: false, workers: false });
    try {
      const reset = {
        token: fragment.get('token'),
        email: fragment.get('email'),
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      };
      expect((await new TestBrowser(panel.app).post('/api/reset-password', reset)).statusCode).toBe(204);
      expect((await new TestBrowser(panel.app).post('/api/reset-password', reset)).statusCode).toBe(422);
      const login = new TestBrowser(panel.app);
      expect((await login.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(422);
      expect((await login.post('/api/login', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
    } finally {
      await panel.close();
      await database.close();
    }
  });

  it('stops with the way out when the panel holds the data directory', async () => {
    const messages: string[] = [];
    const output = {
      log: (text: string) => messages.push(text),
      error: (text: string) => messages.push(text),
    };
    // This test process plays the running panel: it holds the lock, as main.ts does.
    const lock = acquireDataDirLock(dataDir);
    try {
      expect(
        await runAdminCommand(['reset-password', email], environment(), output, { repositoryRoot }),
      ).toBe(2);
    } finally {
      lock.release();
    }
    expect(messages.join('\n')).toContain(`The panel is running on ${dataDir} (pid ${process.pid})`);
    expect(messages.join('\n')).toContain('Stop the panel first');
  });

  it('says so for an unknown account, a wrong command or a directory without a panel', async () => {
    const messages: string[] = [];
    const output = {
      log: (text: string) => messages.push(text),
      error: (text: string) => messages.push(text),
    };
    const command = (args: string[], env = environment()) =>
      runAdminCommand(args, env, output, { repositoryRoot });
    expect(await command(['reset-password', uniqueEmail('nobody')])).toBe(1);
    expect(messages.pop()).toMatch(/^No account has the email address/);
    expect(await command(['reset-password'])).toBe(1);
    expect(messages.pop()).toContain('Usage: npm run admin -- COMMAND');
    const empty = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-admin-empty-'));
    try {
      expect(await command(['reset-password', email], { ...environment(), DATA_DIR: empty })).toBe(2);
      expect(messages.pop()).toContain('Is DATA_DIR');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
