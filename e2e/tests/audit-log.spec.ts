import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { registerVerifiedUser } from '../support/accounts';
import { createTeamThroughPage } from '../support/teams';

/**
 * Issue 22 §4 in the browser: a user creates a team, renames it and adds an SSH key; the team's
 * audit log (from the team page) shows the rename, their own log (from the profile menu) shows all
 * three with readable labels, the filters narrow it, and the CSV export holds the same entries.
 */
const TEAM = `Audit Crew ${Date.now().toString(36)}`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-audit-e2e-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('actions show in the team log and in the own log, filter, and export as CSV', async ({ page }) => {
  test.setTimeout(120_000);
  const { email } = await registerVerifiedUser(page, 'Alma Auditor');

  const { panel, teamId } = await createTeamThroughPage(page, TEAM);
  await panel.getByTestId('team-rename').click();
  await page.getByTestId('team-rename-name').fill(`${TEAM} renamed`);
  await page.getByRole('dialog').getByTestId('confirm-dialog-submit').click();
  await expect(panel.getByTestId('team-name')).toHaveText(`${TEAM} renamed`);

  const keyFile = path.join(dir, 'id_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'audit@laptop', '-f', keyFile]);
  await page.goto('/user/ssh-keys');
  await page.getByTestId('user-ssh-keys-add').click();
  await page.getByTestId('user-ssh-key-name').fill('Laptop');
  await page.getByTestId('user-ssh-key-public-key').fill(readFileSync(`${keyFile}.pub`, 'utf8'));
  await page.getByTestId('user-ssh-key-create-submit').click();
  await expect(page.getByTestId('user-ssh-key-fingerprint')).toBeVisible();

  // The team's log, from the team page: its own management.
  await page.goto('/teams');
  await page.getByTestId(`teams-item-${teamId}`).click();
  await page.getByTestId('team-audit-log').click();
  await expect(page).toHaveURL(new RegExp(`/teams/${teamId}/audit-log$`));
  const rows = page.getByTestId('audit-log-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('audit-log-action')).toContainText('Renamed team');
  await expect(rows.first()).toContainText('Alma Auditor');

  // One's own log, from the profile menu: every action, newest first.
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('profile-menu-audit-log').click();
  await expect(page).toHaveURL(/\/user\/audit-log$/);
  await expect(page.getByTestId('page-title')).toHaveText('Audit log');
  const actions = page.getByTestId('audit-log-action');
  await expect(rows.first().getByTestId('audit-log-action')).toContainText('Added SSH key');
  for (const label of ['Added SSH key', 'Renamed team', 'Created team', 'Registered']) {
    await expect(actions.filter({ hasText: label })).toHaveCount(1);
  }

  await page.getByTestId('audit-log-search').fill('ssh-keys');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('audit-log-action')).toContainText('Added SSH key');
  await page.getByTestId('audit-log-search').fill('');
  await expect(actions.filter({ hasText: 'Created team' })).toHaveCount(1);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('audit-log-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toContain('"time","user_id","user_name","user_email","method","route"');
  expect(csv).toContain(`"Alma Auditor","${email}","PUT","/api/teams/:team"`);
  expect(csv).toContain(`"POST","/api/user/ssh-keys"`);
});
