/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { REALTIME_PATH } from '@hostdeck/contracts';
import { registerVerifiedUser } from '../support/accounts';

/**
 * Issue 26, item 2: opened at an address its websockets refuse, the panel lost every live view
 * (command output, the terminal, provisioning) and said nothing. The panel under test has
 * APP_URL=http://localhost:PORT; http://127.0.0.1:PORT is the same panel at an origin it refuses.
 */
const configured = new URL(process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 18_080}`);
const elsewhere = `http://127.0.0.1:${configured.port}`;

/** Whether the page's realtime socket was answered ('subscribed') or closed without a word. */
function watchRealtime(page: Page) {
  const state = { subscribed: false, closed: false };
  page.on('websocket', (socket) => {
    // (the URL may carry the page's build as a query: spec/000 §4 uireload)
    if (new URL(socket.url()).pathname !== REALTIME_PATH) return;
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).includes('"subscribed"')) state.subscribed = true;
    });
    socket.on('close', () => (state.closed = true));
    socket.on('socketerror', () => (state.closed = true));
  });
  return state;
}

test.describe('at an address the panel was not configured for', () => {
  test.use({ baseURL: elsewhere });

  test('a banner says the live views cannot connect and what to set, in English and Vietnamese', async ({
    page,
  }) => {
    const realtime = watchRealtime(page);
    await registerVerifiedUser(page, 'Origin Visitor');
    await page.goto('/servers');
    const banner = page.getByTestId('origin-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(`You opened the panel at ${elsewhere}`);
    await expect(banner).toContainText(`set APP_URL=${elsewhere}`);
    await expect(page.getByTestId('origin-banner-open')).toHaveAttribute(
      'href',
      `${configured.origin}/servers`,
    );
    // What the banner is about: the realtime socket is refused here.
    await expect.poll(() => realtime.closed).toBe(true);
    expect(realtime.subscribed).toBe(false);

    await page.getByTestId('language-switch').click();
    await expect(banner).toContainText(`Bạn đang mở bảng điều khiển tại ${elsewhere}`);
    await expect(banner).toContainText(`đặt APP_URL=${elsewhere}`);
  });
});

test('at the configured address the live views connect and no banner shows', async ({ page }) => {
  const realtime = watchRealtime(page);
  await registerVerifiedUser(page, 'Origin Resident');
  await page.goto('/servers');
  await expect.poll(() => realtime.subscribed).toBe(true);
  await expect(page.getByTestId('origin-banner')).toHaveCount(0);
});
