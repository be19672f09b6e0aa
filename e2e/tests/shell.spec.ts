/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { registerVerifiedUser } from '../support/accounts';
import { englishOnlyTexts } from '../support/catalogues';

/** Every text a user can read on the page: text nodes, placeholders, labels and titles. */
function readableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script,style')) continue;
      if (parent.getClientRects().length === 0) continue;
      texts.push(text);
    }
    for (const element of Array.from(document.querySelectorAll('[placeholder],[aria-label],[title]'))) {
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

async function expectNoEnglish(page: Page, english: Set<string>, screen: string) {
  const left = (await readableTexts(page)).filter((text) => english.has(text));
  expect(left, `English left on ${screen}`).toEqual([]);
}

test('in Vietnamese no English string remains on the shell screens', async ({ page }) => {
  const english = englishOnlyTexts();
  await registerVerifiedUser(page);
  await page.goto('/servers');
  await expect(page.getByTestId('left-drawer')).toBeVisible();
  // The check can see English: in English the same screen is full of it.
  expect((await readableTexts(page)).filter((text) => english.has(text)).length).toBeGreaterThan(10);
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

  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('search-dialog')).toBeVisible();
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
