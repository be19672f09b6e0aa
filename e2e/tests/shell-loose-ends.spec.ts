/// <reference lib="dom" />
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AGENT_VERSION } from '@hostdeck/contracts';
import { apiCall, registerVerifiedUser } from '../support/accounts';
import { registerVerifiedThroughOutbox, startSecondPanel, type SecondPanel } from '../support/second-panel';

/**
 * Issue 14, item 9, the shell's loose ends (spec/000 §2, §4, §7): the UI-reload prompt after an
 * upgrade, the hotfix dialog, the agent prompt on the server page, the terminal in a floating window.
 */

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** A server row added with the "command" method: never connected, nothing runs on it. */
async function addWaitingServer(page: Page, name: string): Promise<number> {
  const response = await apiCall(page, 'POST', '/api/servers', { name, ip: '192.0.2.10', method: 'command' });
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test.describe('a panel upgraded while the browser is open', () => {
  let panel: SecondPanel;
  let distDir: string;
  test.beforeAll(async ({ browser }) => {
    // The same files, but a manifest naming another entry: the panel now serves "a newer build"
    // than the page the browser loaded from it.
    distDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-e2e-newer-build-'));
    cpSync(path.join(repositoryRoot, 'apps/web/dist'), distDir, { recursive: true });
    const manifestFile = path.join(distDir, '.vite', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
    manifest['index.html']!.file = 'assets/index-NEWERBUILD.js';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    panel = await startSecondPanel(browser, Number(process.env.E2E_SHELL_PANEL_PORT ?? 18_094), {
      WEB_DIST_DIR: distDir,
    });
  });
  test.afterAll(async () => {
    await panel?.stop();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  test('offers to reload; Cancel keeps the page, Confirm reloads it under the loading overlay', async () => {
    const context = await panel.newContext();
    const page = await context.newPage();
    await registerVerifiedThroughOutbox(page);
    await page.goto('/servers');
    const dialog = page.getByTestId('ui-reload-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('A new version of the panel is available');
    await dialog.getByTestId('ui-reload-cancel').click();
    await expect(dialog).toHaveCount(0);

    await page.reload();
    await expect(dialog).toBeVisible();
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    // The overlay covers the old page from the click until it unloads (kept across the reload).
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="loading-overlay"]'))
          sessionStorage.setItem('overlay-seen', 'yes');
      }).observe(document.body, { childList: true, subtree: true });
    });
    await dialog.getByTestId('ui-reload-confirm').click();
    await expect.poll(() => page.evaluate(() => 'beforeReload' in window)).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem('overlay-seen'))).toBe('yes');
    await context.close();
  });
});

test('a browser on the build the panel serves is not asked to reload', async ({ page }) => {
  await registerVerifiedUser(page);
  await page.goto('/servers');
  await expect(page.getByTestId('left-drawer')).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('ui-reload-dialog')).toHaveCount(0);
});

test('the hotfix dialog shows the change log and runs the hotfix', async ({ page }) => {
  await registerVerifiedUser(page);
  // A user with the flag and one outdated server, as the panel reports them after an upgrade that
  // ships a newer agent (the upgrade itself is covered by apps/api/src/hotfix/hotfix.test.ts).
  await page.route('**/api/info', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { user: { hotfix: boolean } | null };
    if (body.user) body.user.hotfix = true;
    await route.fulfill({ response, json: body });
  });
  await page.route('**/api/hotfix', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    await route.fulfill({
      json: {
        data: [{ kind: 'agent', server_id: 1, server_name: 'shop-web', agent_version: 22, busy: false }],
      },
    });
  });
  await page.goto('/servers');
  const dialog = page.getByTestId('hotfix-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('hotfix-changelog-entry').first()).toContainText(`Agent ${AGENT_VERSION}`);
  await expect(dialog.getByTestId('hotfix-server')).toContainText('shop-web');
  const run = page.waitForResponse(
    (response) => response.url().endsWith('/api/hotfix') && response.request().method() === 'POST',
  );
  await dialog.getByTestId('hotfix-run').click();
  expect((await run).status()).toBe(201);
  await expect(dialog.getByTestId('hotfix-result')).toBeVisible();
  await dialog.getByTestId('hotfix-dialog-close').click();
  await expect(dialog).toHaveCount(0);
});

test('an installed server without a current agent says so; its terminal opens in a floating window', async ({
  page,
}) => {
  await registerVerifiedUser(page);
  const serverId = await addWaitingServer(page, 'floating-web');
  // Reported installed (it never connects here): the page shows what it shows an installed server.
  await page.route(`**/api/servers/${serverId}`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { data: { installed: boolean } };
    body.data.installed = true;
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/servers/${serverId}`);
  const agentPrompt = page.getByTestId('server-agent-upgrade');
  await expect(agentPrompt).toContainText('agent is not installed on this server');
  await expect(agentPrompt.getByTestId('server-agent-upgrade-button')).toHaveText('Install');

  await page.getByTestId('open-terminal-window').click();
  const window = page.getByTestId('floating-window');
  await expect(window).toBeVisible();
  await expect(window).toContainText('Terminal: floating-web');
  // The panel's gateway refuses a server it is not connected to: Reconnect is offered.
  await expect(window.getByTestId('terminal-reconnect')).toBeVisible({ timeout: 20_000 });

  // The window stays while the reader moves on in the panel.
  await page.getByTestId('left-drawer').getByRole('link', { name: 'Servers', exact: true }).click();
  await expect(page).toHaveURL(/\/servers\/?$/);
  await expect(window).toBeVisible();
  await window.getByTestId('floating-window-close').click();
  await expect(window).toHaveCount(0);
});
