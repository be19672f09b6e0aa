import { expect, test, type Page } from '@playwright/test';
import {
  bootTestServer,
  resetTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { apiRequest, registerVerifiedUser } from '../support/accounts';
import { findLink, waitForMail } from '../support/mail';
import { connectInstalledServer, waitForCurrentAgent } from '../support/servers';
import { createTeamThroughPage } from '../support/teams';

/**
 * Issue 22's combined journey, with two browser contexts, the test's SMTP server and a real server
 * whose agent the panel installed: the owner creates a team and invites a second user by mail; the
 * member follows the mailed link and accepts; the owner makes them an administrator and shares the
 * server from its page; the member sees it as shared and opens its file manager; the owner makes
 * them a viewer: the member's destructive buttons and the file manager are gone, the page says 'The
 * server cannot be used', and the API refuses with 403; the team's audit log shows each step.
 *
 * A team role never deletes a server (only its owner does: apps/api/src/policy/abilities.ts), so the
 * member's destructive button here is "Clean" (server:destroy); the server's Delete is the owner's.
 */
const SERVER_NAME = 'e2e-share';
const TEAM = `Share Crew ${Date.now().toString(36)}`;
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => {
  await stopTestServer(SERVER_NAME);
});

/** The owner picks a role for the member in the team panel's role select. */
async function chooseRole(page: Page, memberEmail: string, roleName: string) {
  const row = page.locator(`[data-testid^="team-member-"][data-email="${memberEmail}"]`);
  await row.getByRole('combobox').click();
  await page.getByRole('option', { name: roleName, exact: true }).click();
  await expect(row.getByRole('combobox')).toHaveText(roleName);
}

test('a server shared with a team: invite by mail, share, use, demote to viewer, audit', async ({
  page,
  browser,
}) => {
  test.setTimeout(30 * 60_000);
  const started = Date.now();
  await registerVerifiedUser(page, 'Olga Owner');
  // Provisioning (and the agent's install) runs while the team is set up.
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'none', php_versions: [], database: 'none' },
    'shared-1',
  );

  const { panel, teamId } = await createTeamThroughPage(page, TEAM);

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const { email: memberEmail } = await registerVerifiedUser(member, 'Ivy Member');
  await page.getByTestId('team-invite-email').fill(memberEmail);
  await page.getByTestId('team-invite-submit').click();
  await expect(page.locator(`[data-testid^="team-invitation-"][data-email="${memberEmail}"]`)).toBeVisible();

  const mail = await waitForMail(memberEmail, /team-invitations\/\d+/);
  await member.goto(new URL(findLink(mail, '/team-invitations/')).pathname);
  await member.getByTestId('team-invitation-accept').click();
  await expect(member).toHaveURL(/\/teams$/);
  await expect(member.getByTestId(`teams-item-${teamId}`)).toBeVisible();

  // Administrator: every server verb but a server's delete, which stays its owner's.
  await page.reload();
  await page.getByTestId(`teams-item-${teamId}`).click();
  await expect(panel.getByTestId('team-name')).toHaveText(TEAM);
  await chooseRole(page, memberEmail, 'Administrator');

  await waitForCurrentAgent(page, serverId);
  const agentReady = Date.now();

  // The owner shares the server from its page.
  await page.goto(`/servers/${serverId}`);
  await expect(page.getByTestId('server-delete')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('server-share').click();
  const dialog = page.getByTestId('server-share-dialog');
  const teamRow = dialog.locator(`[data-testid="server-share-team"][data-team="${teamId}"]`);
  await expect(teamRow).toHaveAttribute('data-shared', 'false');
  await teamRow.getByTestId('server-share-submit').click();
  await expect(teamRow).toHaveAttribute('data-shared', 'true');
  await dialog.getByTestId('server-share-close').click();
  await expect(page.getByTestId('server-shared-chip')).toBeVisible();

  // The member sees it in their list as shared, opens it and its file manager.
  await member.goto('/servers');
  const listed = member.locator(`[data-server-id="${serverId}"]`);
  await expect(listed.getByTestId('server-shared-chip')).toBeVisible({ timeout: 30_000 });
  await listed.getByRole('link', { name: 'shared-1' }).click();
  await expect(member).toHaveURL(new RegExp(`/servers/${serverId}$`));
  await expect(member.getByTestId('server-shared-chip')).toBeVisible();
  await expect(member.getByTestId('server-clean')).toBeVisible();
  await expect(member.getByTestId('server-delete')).toHaveCount(0);
  await expect(member.getByTestId('server-cannot-be-used')).toHaveCount(0);
  await member.getByTestId('open-file-manager').click();
  await expect(member.getByTestId('file-manager')).toHaveAttribute('data-ready', 'true', {
    timeout: 60_000,
  });

  // Viewer: the member may only look.
  await page.goto('/teams');
  await page.getByTestId(`teams-item-${teamId}`).click();
  await expect(panel.getByTestId('team-name')).toHaveText(TEAM);
  await expect(panel.locator(`[data-testid="team-server"][data-server="${serverId}"]`)).toBeVisible();

  // The scope picker limits the member to this server (whole): the API stores it.
  const memberRow = panel.locator(`[data-testid^="team-member-"][data-email="${memberEmail}"]`);
  await expect(memberRow.getByTestId('team-member-scope')).toContainText('All shared servers');
  await memberRow.getByTestId('team-member-scope').click();
  const scope = page.getByTestId('team-scope-dialog');
  await scope.getByTestId('team-scope-limited').click();
  await scope
    .locator(`[data-testid="team-scope-server"][data-server="${serverId}"]`)
    .getByTestId('team-scope-server-check')
    .click();
  await scope.getByTestId('team-scope-save').click();
  await expect(scope).toHaveCount(0);
  await expect(memberRow.getByTestId('team-member-scope')).toContainText('Servers: 1, sites: 0');
  const team = (await (await page.request.get(`/api/teams/${teamId}`)).json()) as {
    data: { users: { email: string; servers: number[] }[] };
  };
  expect(team.data.users.find((user) => user.email === memberEmail)?.servers).toEqual([serverId]);

  await chooseRole(page, memberEmail, 'Viewer');

  await member.goto(`/servers/${serverId}`);
  await expect(member.getByTestId('server-cannot-be-used')).toBeVisible();
  await expect(member.getByTestId('server-cannot-be-used')).toContainText('The server cannot be used');
  await expect(member.getByTestId('server-title')).toHaveText('shared-1');
  await expect(member.getByTestId('server-clean')).toHaveCount(0);
  await expect(member.getByTestId('server-delete')).toHaveCount(0);
  await expect(member.getByTestId('open-file-manager')).toHaveCount(0);
  for (const [method, path] of [
    ['DELETE', `/api/servers/${serverId}`],
    ['POST', `/api/servers/${serverId}/clean`],
  ] as const) {
    const refused = await apiRequest(member, method, path);
    expect(refused.status(), `${method} ${path}`).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('This action is unauthorized.');
  }

  // The team's audit log holds each step, the refusals included.
  await page.goto(`/teams/${teamId}/audit-log`);
  const rows = page.getByTestId('audit-log-row');
  const step = (route: string) => rows.and(page.locator(`[data-route="${route}"]`));
  await expect(step('POST /api/teams/:team/members')).toHaveCount(1);
  await expect(step('POST /api/teams/:team/members').getByTestId('audit-log-action')).toContainText(
    'Invited member',
  );
  await expect(step('POST /api/team-invitations/:invitation/accept')).toContainText('Ivy Member');
  // Administrator, the scope, Viewer.
  await expect(step('PUT /api/teams/:team/members/:user')).toHaveCount(3);
  await expect(step('POST /api/servers/:server/share').getByTestId('audit-log-action')).toContainText(
    'Shared server',
  );
  const refusedDelete = step('DELETE /api/servers/:server');
  await expect(refusedDelete).toContainText('Ivy Member');
  await expect(refusedDelete).toContainText('403');
  await expect(step('POST /api/servers/:server/clean')).toContainText('403');
  await memberContext.close();
  test.info().annotations.push({
    type: 'durations',
    description: `agent ready after ${Math.round((agentReady - started) / 1000)} s, journey ${Math.round((Date.now() - started) / 1000)} s`,
  });
});
