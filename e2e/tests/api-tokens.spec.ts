import { expect, test } from '@playwright/test';
import { registerVerifiedUser } from '../support/accounts';

/**
 * API tokens (issue 23 point 5): a token made on `/user/api-tokens` is shown once, reads with the
 * read scope, is refused a write (403), shows when it was last used, and stops working once revoked.
 */
test('an API token is shown once, keeps to its scope, and stops when revoked', async ({
  page,
  playwright,
}) => {
  await registerVerifiedUser(page);
  await page.goto('/user/api-tokens');
  await expect(page.getByTestId('api-tokens-empty')).toBeVisible();
  await page.getByTestId('api-token-create').click();
  await page.locator('input[name="name"]').fill('CI reader');
  await page.getByTestId('api-token-create-submit').click();
  const secret = await page.getByTestId('api-token-secret').inputValue();
  expect(secret).toMatch(/^hd_/);
  await page.getByTestId('api-token-done').click();
  await expect(page.getByText('CI reader')).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // A script: no cookies, only the token.
  const script = await playwright.request.newContext({
    baseURL: new URL(page.url()).origin,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  expect((await script.get('/api/user/ssh-keys')).status()).toBe(200);
  const write = await script.post('/api/teams', { data: { name: 'From a script' } });
  expect(write.status()).toBe(403);
  await page.reload();
  await expect(page.getByTestId('api-token-last-used')).not.toHaveText('Never');

  await page.getByTestId('api-token-revoke').click();
  await page.getByTestId('confirm-dialog-submit').click();
  await expect(page.getByTestId('api-tokens-empty')).toBeVisible();
  expect((await script.get('/api/user/ssh-keys')).status()).toBe(401);
  await script.dispose();
});
