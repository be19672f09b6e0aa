import { expect, test, type Page } from '@playwright/test';
import { apiCall, registerVerifiedUser } from '../support/accounts';
import { findLink, waitForMail } from '../support/mail';

/**
 * Issue 22 §1 in the browser, with two browser contexts and the test's SMTP server: the owner
 * creates a team on /teams and invites a second user by mail; the second user (who reads the panel
 * in Vietnamese) follows the mailed link, sees the team and the inviter, and accepts; a stranger
 * following the same link finds nothing; the owner sees the member, changes their role, and
 * removes them, after which the team is gone for the member.
 */
const TEAM = `Ops Crew ${Date.now().toString(36)}`;

async function teamIdOf(page: Page): Promise<number> {
  const panel = page.getByTestId('team-panel');
  await expect(panel.getByTestId('team-name')).toHaveText(TEAM);
  return Number(await panel.getAttribute('data-team'));
}

test('a team member is invited by mail, accepts, changes role and is removed', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await registerVerifiedUser(page, 'Olga Owner');
  await page.goto('/teams');
  await expect(page.getByTestId('teams-list')).toBeVisible();
  // The personal team is there, current, and cannot be deleted.
  await expect(page.getByTestId('team-delete')).toHaveCount(0);

  await page.getByTestId('teams-create').click();
  await page.getByTestId('teams-create-name').fill(TEAM);
  await page.getByRole('dialog').getByTestId('confirm-dialog-submit').click();
  const teamId = await teamIdOf(page);
  await expect(page.getByTestId(`teams-item-${teamId}`).getByTestId('teams-current')).toBeVisible();
  await expect(page.getByTestId('team-delete')).toBeVisible();

  // The second user reads the panel in Vietnamese.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const { email: memberEmail } = await registerVerifiedUser(member, 'Ivy Member');
  await apiCall(member, 'PUT', '/api/user/preferences', { locale: 'vi' });

  await page.getByTestId('team-invite-email').fill(memberEmail);
  await page.getByTestId('team-invite-submit').click();
  const pending = page.locator(`[data-testid^="team-invitation-"][data-email="${memberEmail}"]`);
  await expect(pending).toBeVisible();

  const mail = await waitForMail(memberEmail, /team-invitations\/\d+/);
  const link = findLink(mail, '/team-invitations/');
  const invitationPath = new URL(link).pathname;

  // A stranger following the link finds nothing.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await registerVerifiedUser(stranger, 'Sam Stranger');
  await stranger.goto(invitationPath);
  await expect(stranger.getByTestId('team-invitation-not-found')).toBeVisible();
  await expect(stranger.getByTestId('team-invitation-accept')).toHaveCount(0);
  await strangerContext.close();

  await member.goto(invitationPath);
  await expect(member.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(member.getByRole('heading', { name: `Lời mời tham gia nhóm ${TEAM}` })).toBeVisible();
  await expect(member.getByTestId('team-invitation-by')).toHaveText(
    'Olga Owner đã mời bạn tham gia nhóm này, do Olga Owner sở hữu.',
  );
  await member.getByTestId('team-invitation-accept').click();
  await expect(member).toHaveURL(/\/teams$/);
  await expect(member.getByTestId(`teams-item-${teamId}`)).toBeVisible();

  // The owner sees the member, as a developer (the default role), and makes them an administrator.
  await page.reload();
  await page.getByTestId(`teams-item-${teamId}`).click();
  await teamIdOf(page);
  const row = page.locator(`[data-testid^="team-member-"][data-email="${memberEmail}"]`);
  await expect(row).toBeVisible();
  await expect(pending).toHaveCount(0);
  await row.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Administrator' }).click();
  await expect
    .poll(async () => (await member.request.get(`/api/teams/${teamId}`)).json())
    .toMatchObject({ data: { current_user_role: 'admin', permissions: { canAddTeamMembers: true } } });

  await row.getByTestId('team-member-remove').click();
  await page.getByRole('dialog').getByTestId('confirm-dialog-submit').click();
  await expect(row).toHaveCount(0);
  expect((await member.request.get(`/api/teams/${teamId}`)).status()).toBe(404);
  await member.goto('/teams');
  await expect(member.getByTestId('teams-list')).toBeVisible();
  await expect(member.getByTestId(`teams-item-${teamId}`)).toHaveCount(0);
  await memberContext.close();
});
