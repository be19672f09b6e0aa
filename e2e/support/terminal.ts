/// <reference lib="dom" />
import { expect, type Page } from '@playwright/test';

/**
 * The text rows of the terminal's buffer. With the WebGL renderer (headless Chromium has it
 * through SwiftShader) rows are canvas pixels, so the page's terminal element hands out its
 * buffer's text (XtermView.tsx `terminalRows`); the DOM renderer's `.xterm-rows` is the fallback.
 */
export async function terminalRows(page: Page): Promise<string[]> {
  const xterm = page.getByTestId('terminal-xterm');
  return xterm.evaluate((element: HTMLElement & { terminalRows?: () => string[] }) => {
    const rows =
      element.terminalRows?.() ??
      Array.from(element.querySelector('.xterm-rows')?.children ?? [], (row) => row.textContent ?? '');
    return rows.map((row) => row.replace(/\u00a0/g, ' ').trimEnd());
  });
}

/** Types a command line into the terminal (xterm's hidden textarea has the focus after a click). */
export async function typeInTerminal(page: Page, line: string): Promise<void> {
  await page.getByTestId('terminal-xterm').click();
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

/** Waits until a terminal row matches `pattern` and returns the match of the last such row. */
export async function waitForTerminalRow(
  page: Page,
  pattern: RegExp,
  timeout = 30_000,
): Promise<RegExpMatchArray> {
  let found: RegExpMatchArray | null = null;
  await expect
    .poll(
      async () => {
        const rows = await terminalRows(page);
        found = null;
        for (const row of rows) found = row.match(pattern) ?? found;
        return found !== null;
      },
      { timeout, message: `a terminal row matching ${pattern}` },
    )
    .toBe(true);
  return found as unknown as RegExpMatchArray;
}
