import { expect, type Page } from '@playwright/test';

/**
 * Opens global search with Ctrl+K. The shortcut's listener is attached once the shell has
 * rendered; a press before that opens nothing, so it is pressed again until the dialog is open.
 */
export async function openSearchWithKeyboard(page: Page) {
  const dialog = page.getByTestId('search-dialog');
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press('Control+k');
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}
