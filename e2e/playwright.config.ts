import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ACME_CA_BUNDLE, E2E_ACME_DIRECTORY_URL, E2E_PEBBLE } from './support/pebble';
import {
  E2E_CLOUDFLARE_API_URL,
  E2E_DIGITALOCEAN_API_URL,
  E2E_DNS_FAKE_HEALTH,
} from './support/dns-provider-fake';
import { E2E_GIT_FAKE_HEALTH, E2E_GIT_PROVIDER_ENV } from './support/git-provider-fake';
import { E2E_WORDPRESS_ENV, E2E_WORDPRESS_FAKE_HEALTH } from './support/wordpress-fake';
import { E2E_VPS_ENV, E2E_VPS_FAKE_HEALTH } from './support/vps-provider-fake';

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
  // Files run two at a time (each boots its own test servers, registers its own users and, where it
  // needs one, starts a second panel on a port of its own); the tests of one file run in order.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // As the server tier (vitest.config.ts): one more try under load; npm test names each flaky test.
  retries: 1,
  // The first files start while the server tier provisions three servers at once (load 12 on two
  // cores): a fill took 5 s there, and a 35 s journey ran out of 30 s. In stop 36's CI run (load
  // above 12 for an hour) the API reference page, a 19 s journey here, ran out of 60 s twice.
  timeout: 150_000,
  // npm test runs this tier beside the server tier, on two cores: a page may take more than
  // Playwright's default 5 s to show what a loaded server sent; in stop 36's CI run a fresh
  // browser's first page took more than 15 s (a 9 s journey here failed there twice).
  expect: { timeout: 30_000 },
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
      // The first files start while the server tier provisions three servers at once (load 12 on two
      // cores): a fill took 5 s there, and a 35 s journey ran out of 30 s.
      timeout: 60_000,
      env: { SMTP_CAPTURE_PORT: String(smtpPort), SMTP_CAPTURE_HTTP_PORT: String(smtpHttpPort) },
    },
    {
      // The DNS providers' APIs, faked from recorded answers (support/dns-provider-fake.ts).
      command: 'npx tsx e2e/support/dns-provider-fake-server.ts',
      cwd: repositoryRoot,
      url: E2E_DNS_FAKE_HEALTH,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // Hetzner Cloud and Vultr, faked from recorded answers (support/vps-provider-fake.ts).
      command: 'npx tsx e2e/support/vps-provider-fake-server.ts',
      cwd: repositoryRoot,
      url: E2E_VPS_FAKE_HEALTH,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // GitHub, GitLab and Bitbucket: OAuth servers and recorded API answers (support/git-provider-fake.ts).
      command: 'npx tsx e2e/support/git-provider-fake-server.ts',
      cwd: repositoryRoot,
      url: E2E_GIT_FAKE_HEALTH,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The WordPress tarball and plugin directory (support/wordpress-fake.ts).
      command: 'npx tsx e2e/support/wordpress-fake-server.ts',
      cwd: repositoryRoot,
      url: E2E_WORDPRESS_FAKE_HEALTH,
      reuseExistingServer: false,
      timeout: 600_000,
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
        // The panel administrator (support/accounts.ts E2E_ADMIN_EMAIL), not the first user.
        ADMIN_EMAILS: 'e2e-admin@example.test',
        // Monitoring checks every few seconds, so a chart has points within a test (monitoring.spec.ts).
        MONITORING_INTERVAL_SECONDS: '5',
        ACME_DIRECTORY_URL: E2E_ACME_DIRECTORY_URL,
        ACME_CA_BUNDLE: E2E_ACME_CA_BUNDLE,
        CLOUDFLARE_API_URL: E2E_CLOUDFLARE_API_URL,
        DIGITALOCEAN_API_URL: E2E_DIGITALOCEAN_API_URL,
        ...E2E_GIT_PROVIDER_ENV,
        ...E2E_WORDPRESS_ENV,
        ...E2E_VPS_ENV,
      },
    },
  ],
});
