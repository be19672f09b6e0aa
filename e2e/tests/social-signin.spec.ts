/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { FAKE_CLIENTS } from '@hostdeck/api/git-providers/testing/git-provider-fake.js';
import { startLocalOidcServer, type LocalOidcServer } from '@hostdeck/api/socialites/testing/oidc-server.js';
import { apiCall, uniqueEmail } from '../support/accounts';
import { E2E_GIT_FAKE_ROOT } from '../support/git-provider-fake';
import { startSecondPanel, type SecondPanel } from '../support/second-panel';

/**
 * Social sign-in (issue 23 point 2): a panel with Google (a local OpenID Connect server started
 * here, oidc-provider) and GitHub (the e2e GitHub fake) turned on. Sign up with Google, sign out,
 * sign in again, link GitHub from the profile, unlink it; the sign-in page in Vietnamese.
 */
const PANEL_PORT = Number(process.env.E2E_SOCIAL_PANEL_PORT ?? 29_590);
const OIDC_PORT = Number(process.env.E2E_SOCIAL_OIDC_PORT ?? 29_591);

test.describe('social sign-in', () => {
  let panel: SecondPanel;
  let oidc: LocalOidcServer;
  test.beforeAll(async ({ browser }) => {
    oidc = await startLocalOidcServer({ appUrl: `http://localhost:${PANEL_PORT}`, port: OIDC_PORT });
    panel = await startSecondPanel(browser, PANEL_PORT, {
      ...oidc.env,
      GITHUB_OAUTH_URL: `${E2E_GIT_FAKE_ROOT}/github`,
      GITHUB_API_URL: `${E2E_GIT_FAKE_ROOT}/github/api`,
      GITHUB_LOGIN_CLIENT_ID: FAKE_CLIENTS.github.id,
      GITHUB_LOGIN_CLIENT_SECRET: FAKE_CLIENTS.github.secret,
    });
  });
  test.afterAll(async () => {
    await panel?.stop();
    await oidc?.close();
  });

  test('sign up with Google, sign out, sign in, link GitHub and unlink it', async () => {
    const email = uniqueEmail('google');
    oidc.signInAs({ sub: `e2e-${Date.now()}`, email, email_verified: true, name: 'Grace Hopper' });
    const context = await panel.newContext();
    const page = await context.newPage();

    await page.goto('/login');
    await page.getByTestId('social-sign-in-google').click();
    await expect(page).toHaveURL(/\/servers/);
    const me = await page.evaluate(() => fetch('/api/user/info').then((response) => response.json()));
    expect(me).toMatchObject({ email, name: 'Grace Hopper', email_verified: true });

    await apiCall(page, 'POST', '/api/logout');
    await page.goto('/login');
    await page.getByTestId('social-sign-in-google').click();
    await expect(page).toHaveURL(/\/servers/);

    const github = await fetch(`${E2E_GIT_FAKE_ROOT}/__control/identity/github`, {
      method: 'POST',
      // Only for this panel's sign-in callback: a repository connection of another file running
      // at the same time keeps the recorded account.
      body: JSON.stringify({
        id: Date.now(),
        login: 'grace',
        name: 'Grace',
        email,
        verified: true,
        redirect_uri: `http://localhost:${PANEL_PORT}/auth/github/callback`,
      }),
    });
    expect(github.status).toBe(204);
    await page.goto('/user/profile');
    const row = page.getByTestId('socialite-github');
    await expect(row).toContainText('Not linked');
    await row.getByTestId('socialite-link-github').click();
    await expect(page).toHaveURL(/\/user\/profile\?linked=github/);
    await expect(page.getByTestId('socialite-github')).toContainText(`Linked: ${email}`);
    await page.getByTestId('socialite-unlink-github').click();
    await expect(page.getByTestId('socialite-github')).toContainText('Not linked');
    // Google is now the only way in: unlinking it is refused, in words.
    await page.getByTestId('socialite-unlink-google').click();
    await expect(page.getByTestId('socialites-error')).toContainText('only way to sign in');
    await context.close();
  });

  test('the sign-in page offers the providers in Vietnamese', async () => {
    const context = await panel.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => window.localStorage.setItem('locale', 'vi'));
    await page.goto('/login');
    await expect(page.getByTestId('social-sign-in-google')).toHaveText('Tiếp tục với Google');
    await expect(page.getByTestId('social-sign-in-github')).toHaveText('Tiếp tục với GitHub');
    await context.close();
  });
});
