import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ACME_CA_BUNDLE, E2E_ACME_DIRECTORY_URL, E2E_PEBBLE } from './support/pebble';

/**
 * Browser tests drive Debian's Chromium (`apt-get install chromium`; Playwright's own browser
 * download cannot work here) against the panel started exactly as `npm start` starts it, on a
 * fresh data directory.
 */
const port = Number(process.env.E2E_PORT ?? 18_080);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'hostdeck-e2e-'));
export const baseURL = `http://localhost:${port}`;
const smtpPort = Number(process.env.SMTP_CAPTURE_PORT ?? 18_025);
const smtpHttpPort = Number(process.env.SMTP_CAPTURE_HTTP_PORT ?? 18_026);
const repositoryRoot = path.resolve(import.meta.dirname, '..');
/** `E2E_SCREENSHOTS=1` runs only the screenshot tour that writes docs/screenshots/. */
const screenshotsOnly = process.env.E2E_SCREENSHOTS === '1';

export default defineConfig({
  testDir: screenshotsOnly ? './screenshots' : './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../.test-results/e2e.json' }]],
  use: {
    baseURL,
    // A click on a control that never becomes enabled fails within a minute, not at the test's end.
    actionTimeout: 60_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // A local ACME server (Debian's pebble) for the certificate tests: its ports are fixed so
      // the panel below gets them in its environment.
      command: 'npx tsx e2e/support/pebble-server.ts',
      cwd: repositoryRoot,
      url: `http://127.0.0.1:${E2E_PEBBLE.healthPort}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // A real SMTP server: the panel mails verification and reset links to it (support/mail.ts reads them).
      command: 'node e2e/support/smtp-capture.mjs',
      cwd: repositoryRoot,
      url: `http://127.0.0.1:${smtpHttpPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { SMTP_CAPTURE_PORT: String(smtpPort), SMTP_CAPTURE_HTTP_PORT: String(smtpHttpPort) },
    },
    {
      command: 'npm start',
      cwd: repositoryRoot,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        APP_URL: baseURL,
        LOG_LEVEL: 'warn',
        MAIL_URL: `smtp://127.0.0.1:${smtpPort}`,
        ACME_DIRECTORY_URL: E2E_ACME_DIRECTORY_URL,
        ACME_CA_BUNDLE: E2E_ACME_CA_BUNDLE,
      },
    },
  ],
});
