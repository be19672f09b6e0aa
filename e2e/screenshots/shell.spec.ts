/// <reference lib="dom" />
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiCall, registerVerifiedUser } from '../support/accounts';

/**
 * The shell in both languages and both themes, for docs/screenshots/ (run with
 * `E2E_SCREENSHOTS=1 npx playwright test -c e2e/playwright.config.ts`).
 */
const outputDir = path.resolve(import.meta.dirname, '../../docs/screenshots');

test('shell screenshots', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await registerVerifiedUser(page, 'Lan Nguyễn');
  for (const locale of ['en', 'vi'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      // Preferences live on the panel and win at sign-in; set them there and locally.
      await apiCall(page, 'PUT', '/api/user/preferences', { locale, theme });
      await page.addInitScript(
        ([chosenLocale, chosenTheme]) => {
          localStorage.setItem('locale', chosenLocale!);
          localStorage.setItem('theme', chosenTheme!);
        },
        [locale, theme],
      );
      await page.goto('/servers/events');
      await expect(page.getByTestId('left-drawer')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(outputDir, `shell-${locale}-${theme}.png`) });
    }
  }
});
