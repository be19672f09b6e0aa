/// <reference lib="dom" />
import { expect, test } from '@playwright/test';

test('the first page shows the brand from /api/info', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('brand')).toHaveText('HostDeck');
  await expect(page.getByTestId('home-title')).toBeVisible();
});

test('switching the language changes the text, and the choice is remembered', async ({ page }) => {
  await page.goto('/');
  const title = page.getByTestId('home-title');
  await expect(title).toBeVisible();
  const english = (await title.textContent()) ?? '';
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByTestId('language-switch').click();
  await expect(title).not.toHaveText(english);
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  const vietnamese = (await title.textContent()) ?? '';
  // Proper Vietnamese carries diacritics.
  expect(vietnamese).toMatch(/[ăâđêôơưàáảãạèéẻẽẹìíỉĩịòóỏõọùúủũụỳýỷỹỵ]/i);

  await page.reload();
  await expect(title).toHaveText(vietnamese);
});

test('the theme switch turns dark mode on and it survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('home-title')).toBeVisible();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const before = await background();
  await page.getByTestId('theme-switch').click();
  await expect.poll(background).not.toBe(before);
  const after = await background();
  await page.reload();
  await expect(page.getByTestId('home-title')).toBeVisible();
  expect(await background()).toBe(after);
});

test('an unknown path shows the not-found view', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByText('How did you get here?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send me Back to all-server' })).toBeVisible();
});
