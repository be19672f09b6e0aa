import { expect, test } from '@playwright/test';
import { registerVerifiedUser } from '../support/accounts';
import { createTeamThroughPage } from '../support/teams';

/**
 * Issue 22 point 2 on screen: the team panel's Roles card lists the built-in roles, creates a
 * custom role with chosen permissions, edits it (members holding it would get the new set at
 * once), offers it in the invitation's role select, and deletes it; the API agrees at each step.
 */
const TEAM = `Role Crew ${Date.now().toString(36)}`;

test('custom roles: create, edit, offer to invitations, delete', async ({ page }) => {
  test.setTimeout(120_000);
  await registerVerifiedUser(page, 'Rita Roles');
  const { panel, teamId } = await createTeamThroughPage(page, TEAM);
  const roles = panel.getByTestId('team-roles');
  for (const key of ['admin', 'developer', 'viewer']) {
    await expect(roles.locator(`[data-testid="team-role"][data-role="${key}"]`)).toBeVisible();
  }
  await expect(roles.getByTestId('team-role-edit')).toHaveCount(0);

  await roles.getByTestId('team-role-create').click();
  const dialog = page.getByTestId('team-role-dialog');
  await dialog.getByTestId('team-role-key').fill('deployer');
  await dialog.getByTestId('team-role-name').fill('Deployer');
  await dialog.getByTestId('team-role-permission-server:operate').check();
  await dialog.getByTestId('team-role-permission-server:files').check();
  await dialog.getByTestId('team-role-save').click();
  await expect(dialog).toHaveCount(0);
  const deployer = roles.locator('[data-testid="team-role"][data-role="deployer"]');
  await expect(deployer).toContainText('Deployer');
  await expect(deployer).toContainText('Root file manager');
  const listed = async () =>
    ((await (await page.request.get(`/api/teams/${teamId}/roles`)).json()) as { data: unknown[] }).data;
  expect(await listed()).toEqual([
    {
      key: 'deployer',
      name: 'Deployer',
      description: '',
      permissions: ['server:view', 'server:operate', 'server:files'],
      custom: true,
    },
  ]);

  // A taken key is refused under its field.
  await roles.getByTestId('team-role-create').click();
  await dialog.getByTestId('team-role-key').fill('deployer');
  await dialog.getByTestId('team-role-name').fill('Again');
  await dialog.getByTestId('team-role-save').click();
  await expect(dialog).toContainText('A role with this key already exists.');
  // Escape in the dialog's field (the page's keyboard: in CI the Save button, disabled while the
  // request ran, had left the focus on the body, and an Escape there reaches no dialog).
  await dialog.getByTestId('team-role-key').press('Escape');
  await expect(dialog).toHaveCount(0);

  await deployer.getByTestId('team-role-edit').click();
  await dialog.getByTestId('team-role-name').fill('Release manager');
  await dialog.getByTestId('team-role-permission-server:files').uncheck();
  await dialog.getByTestId('team-role-permission-server:configure').check();
  await dialog.getByTestId('team-role-save').click();
  await expect(deployer).toContainText('Release manager');
  await expect(deployer).not.toContainText('Root file manager');
  expect(await listed()).toMatchObject([
    { key: 'deployer', permissions: ['server:view', 'server:operate', 'server:configure'] },
  ]);

  // The invitation offers it.
  await panel.getByRole('combobox', { name: 'Role' }).click();
  await expect(page.getByTestId('team-invite-role-deployer')).toHaveText('Release manager');
  await page.keyboard.press('Escape');

  await deployer.getByTestId('team-role-delete').click();
  await page.getByRole('dialog').getByTestId('confirm-dialog-submit').click();
  await expect(deployer).toHaveCount(0);
  expect(await listed()).toEqual([]);
});
