import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Waits for `row` on a page whose list is read live from the server. On a loaded machine that read
 * can fail (no SSH answer in time): the page then shows its error with "Try again", which is
 * pressed as a user would, at most `retries` times. Each failure's text is kept as an annotation of
 * the test, so a report shows why the first read did not answer.
 */
export async function expectListed(
  page: Page,
  row: Locator,
  { timeout = 60_000, retries = 2 }: { timeout?: number; retries?: number } = {},
): Promise<void> {
  const failure = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try again' }) });
  for (let attempt = 0; ; attempt += 1) {
    await expect(row.or(failure).first()).toBeVisible({ timeout });
    if (await row.first().isVisible()) return;
    const text = (await failure.first().textContent())?.trim() ?? '';
    test.info().annotations.push({ type: 'list read failed', description: text });
    if (attempt >= retries) throw new Error(`the list did not load: ${text}`);
    await failure.first().getByRole('button', { name: 'Try again' }).click();
  }
}
