/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { registerVerifiedUser } from '../support/accounts';

/**
 * The API reference (issue 23 point 5): the profile menu links to /api/docs/, a Swagger UI page
 * served by the panel itself under its own CSP, which reads the generated /api/openapi.json.
 */
test('the profile menu opens the API reference generated from the contracts', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      refused.push(message.text());
  });
  await registerVerifiedUser(page);
  await page.goto('/servers');
  await page.getByTestId('profile-menu-button').click();
  const link = page.getByTestId('profile-menu-api-docs');
  await expect(link).toHaveAttribute('href', '/api/docs/');
  await expect(link).toHaveAttribute('target', '_blank');
  await page.keyboard.press('Escape');

  await page.goto('/api/docs/');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('HostDeck API');
  const sites = page.locator('.opblock-tag-section').filter({ has: page.locator('[data-tag="sites"]') });
  await sites.locator('[data-tag="sites"]').click();
  await expect(sites.locator('.opblock-summary-path[data-path="/api/sites/{site}"]').first()).toBeVisible();
  expect(refused).toEqual([]);
});
