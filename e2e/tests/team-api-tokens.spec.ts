import { expect, test } from '@playwright/test';
import { registerVerifiedUser } from '../support/accounts';

/**
 * Team API tokens (issue 23 point 6): the team's owner makes one on `/teams`; it reads the team's
 * servers, is refused anything outside servers, sites and events (403), and stops when revoked.
 */
test('a team token is made on the team page, keeps to the team, and stops when revoked', async ({
  page,
  playwright,
}) => {
  await registerVerifiedUser(page);
  await page.goto('/teams');
  const section = page.getByTestId('team-api-tokens').first();
  await expect(section.getByTestId('api-tokens-empty')).toBeVisible();
  await section.getByTestId('api-token-create').click();
  await page.locator('input[name="name"]').fill('Team deployer');
  await page.getByTestId('api-token-create-submit').click();
  const secret = await page.getByTestId('api-token-secret').inputValue();
  expect(secret).toMatch(/^hd_/);
  await page.getByTestId('api-token-done').click();
  await expect(section.getByText('Team deployer')).toBeVisible();

  const script = await playwright.request.newContext({
    baseURL: new URL(page.url()).origin,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  expect((await script.get('/api/servers')).status()).toBe(200);
  expect((await script.get('/api/user/ssh-keys')).status()).toBe(403);

  await section.getByTestId('api-token-revoke').click();
  await page.getByTestId('confirm-dialog-submit').click();
  await expect(section.getByTestId('api-tokens-empty')).toBeVisible();
  expect((await script.get('/api/servers')).status()).toBe(401);
  await script.dispose();
});
