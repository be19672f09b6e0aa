import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium (`apt-get install chromium`; Playwright's own browser
 * download cannot work here) against the panel started exactly as `npm start` starts it, on a
 * fresh data directory.
 */
const port = Number(process.env.E2E_PORT ?? 18_080);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'hostdeck-e2e-'));
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../.test-results/e2e.json' }]],
  use: {
    baseURL,
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
  webServer: {
    command: 'npm start',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), DATA_DIR: dataDir, APP_URL: baseURL, LOG_LEVEL: 'warn' },
  },
});
