/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { registerVerifiedUser } from '../support/accounts';
import { openSearchWithKeyboard } from '../support/search';

test('Ctrl+K opens global search and the keyboard chooses a result', async ({ page }) => {
  await registerVerifiedUser(page);
  await page.goto('/servers');
  await expect(page.getByTestId('search-button')).toBeVisible();

  const dialog = await openSearchWithKeyboard(page);
  await page
    .getByTestId('search-input')
    .locator('input')
    .or(page.locator('input[data-testid="search-input"]'))
    .first()
    .fill('bill');
  await expect(page.getByTestId('search-group-navigation')).toBeVisible();
  const results = page.getByTestId('search-result');
  await expect(results.first()).toBeVisible();

  // Tab is blocked: focus stays in the search field.
  await page.keyboard.press('Tab');
  await expect(dialog).toBeVisible();

  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-testid="search-result"][data-selected="true"]')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/billing$/);
  await expect(dialog).toBeHidden();

  // Esc closes, and closing clears the search text.
  await openSearchWithKeyboard(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
