import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, PASSWORD, uniqueEmail } from './accounts';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

export interface SecondPanel {
  baseURL: string;
  /** A browser context of its own: cookies are per host, not per port, so never share one. */
  newContext(): Promise<BrowserContext>;
  stop(): Promise<void>;
}

/**
 * A second panel beside the one playwright.config.ts starts, for settings that one does not have
 * (no MAIL_URL, billing on, a public-CA name check): the same build (`apps/api/dist`, made by that
 * panel's `npm start`), its own port and fresh data directory, and `env` on top. Stopped by its own
 * process handle.
 */
export async function startSecondPanel(
  browser: Browser,
  port: number,
  env: Record<string, string>,
): Promise<SecondPanel> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-e2e-second-'));
  const baseURL = `http://localhost:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = `${output}${chunk.toString('utf8')}`.slice(-10_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  // Started from a beforeAll hook while npm test's other tier loads both cores: a fresh panel (its
  // migrations on a new database) took more than the hook's default 30 s there.
  test.setTimeout(240_000);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the second panel exited:\n${output}`);
    const healthy = await fetch(`${baseURL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the second panel did not answer within 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseURL, newContext: () => browser.newContext({ baseURL }), stop };
}

/**
 * Registers on a panel without SMTP and verifies the address from the panel's outbox, as its
 * user would (GET api/dev/outbox shows a signed-in user their own mail), staying signed in.
 */
export async function registerVerifiedThroughOutbox(page: Page, name = 'Second Panel User') {
  const email = uniqueEmail('outbox');
  await apiCall(page, 'POST', '/api/register', {
    name,
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  const token = await verificationTokenFromOutbox(page, email);
  await apiCall(page, 'POST', '/api/email/verify', { token });
  return { email, name };
}

/** The token of the newest verification link in the signed-in user's outbox mail to `email`. */
export async function verificationTokenFromOutbox(page: Page, email: string): Promise<string> {
  let token = '';
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/dev/outbox');
        if (!response.ok()) return false;
        const { data } = (await response.json()) as { data: { to: string; text: string; id: number }[] };
        const mail = data
          .filter((message) => message.to.toLowerCase() === email.toLowerCase())
          .sort((a, b) => b.id - a.id)
          .find((message) => /email\/verify\/confirm#token=/.test(message.text));
        token = decodeURIComponent(/#token=([^\s"'<>]+)/.exec(mail?.text ?? '')?.[1] ?? '');
        return token !== '';
      },
      { timeout: 15_000, message: `a verification mail to ${email} in the outbox` },
    )
    .toBe(true);
  return token;
}
