/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { registerVerifiedUser } from '../support/accounts';
import { createEnglishCheck, readableTexts } from '../support/english-check';
import { openSearchWithKeyboard } from '../support/search';

async function expectNoEnglish(page: Page, check: ReturnType<typeof createEnglishCheck>, screen: string) {
  await check.expectNone(page, screen);
}

test('in Vietnamese no English string remains on the shell screens', async ({ page }) => {
  // Eleven screens, each read whole after its requests settle: more than the default 30 s on a
  // loaded machine (CI ran out of time on the last screen's text walk).
  test.slow();
  const english = createEnglishCheck();
  await registerVerifiedUser(page);
  await page.goto('/servers');
  await expect(page.getByTestId('left-drawer')).toBeVisible();
  // The check can see English: in English the same screen is full of it.
  expect(english.englishIn(await readableTexts(page)).length).toBeGreaterThan(10);
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');

  await expectNoEnglish(page, english, 'the servers page with the drawer');

  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await expectNoEnglish(page, english, 'the profile menu');
  await page.keyboard.press('Escape');

  await page.getByTestId('notifications-bell').click();
  await expect(page.getByTestId('notifications-panel')).toBeVisible();
  await expectNoEnglish(page, english, 'the notifications panel');
  await page.keyboard.press('Escape');

  await openSearchWithKeyboard(page);
  await expectNoEnglish(page, english, 'the search dialog');
  await page.keyboard.press('Escape');

  for (const path of [
    '/user/profile',
    '/servers/create',
    '/servers/events',
    '/sites',
    '/teams',
    '/user/billing',
    '/no/such/page',
  ]) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoEnglish(page, english, path);
  }
});

test('dark theme chosen while signed in stays dark after a reload', async ({ page }) => {
  await registerVerifiedUser(page);
  await page.goto('/servers');
  await expect(page.getByTestId('left-drawer')).toBeVisible();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const isDark = async () => {
    const [r, g, b] = ((await background()).match(/\d+/g) ?? []).map(Number);
    return (r ?? 255) + (g ?? 255) + (b ?? 255) < 200;
  };
  if (!(await isDark())) await page.getByTestId('theme-switch').click();
  await expect.poll(isDark).toBe(true);
  await page.reload();
  await expect(page.getByTestId('left-drawer')).toBeVisible();
  expect(await isDark()).toBe(true);
});

test('six failed sign-ins answer 429 with the wait time', async ({ page }) => {
  const { email } = await registerVerifiedUser(page);
  const anonymous = await page.context().browser()!.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto('/login');
  for (let attempt = 1; attempt <= 6; attempt++) {
    await visitor.locator('input[name="email"]').fill(email);
    await visitor.locator('input[name="password"]').fill(`wrong password ${attempt}`);
    await visitor.getByTestId('login-submit').click();
    if (attempt < 6) await expect(visitor.getByText(/credentials do not match/i)).toBeVisible();
  }
  await expect(visitor.getByText(/Please try again after \d+ seconds/)).toBeVisible();
  await anonymous.close();
});
