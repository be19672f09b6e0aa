import type { Page, TestInfo } from '@playwright/test';

/**
 * What went wrong in a page, kept while a test runs and printed only when it fails: console
 * errors, requests that failed, and API answers of 400 and above. CI shows a failed journey's text
 * output only (not its trace), so a page that never rendered must say why there.
 */
export function recordPageTrouble(page: Page) {
  const lines: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  page.on('console', (message) => {
    if (message.type() === 'error') lines.push(`${at()} console: ${message.text()}`);
  });
  page.on('pageerror', (error) => lines.push(`${at()} page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    lines.push(
      `${at()} request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`,
    ),
  );
  page.on('response', (response) => {
    if (response.status() >= 400)
      lines.push(`${at()} ${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return async (testInfo: TestInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    const body = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '(no body)');
    console.error(
      [
        `page at ${page.url()}:`,
        body.slice(0, 1_500),
        'trouble seen:',
        ...(lines.length ? lines : ['(none)']),
      ].join('\n'),
    );
  };
}
