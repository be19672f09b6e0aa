import { expect, type Page } from '@playwright/test';

/**
 * Creates a team from /teams as its page does (the create dialog) and answers the team's panel and
 * id once the panel shows it.
 */
export async function createTeamThroughPage(page: Page, name: string) {
  await page.goto('/teams');
  await page.getByTestId('teams-create').click();
  await page.getByTestId('teams-create-name').fill(name);
  await page.getByRole('dialog').getByTestId('confirm-dialog-submit').click();
  const panel = page.getByTestId('team-panel');
  await expect(panel.getByTestId('team-name')).toHaveText(name);
  return { panel, teamId: Number(await panel.getAttribute('data-team')) };
}
