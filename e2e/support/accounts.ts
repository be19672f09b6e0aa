import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { findLink, waitForMail } from './mail';

export const PASSWORD = 'correct horse battery staple';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.test`;
}

/** The double-submit CSRF header the SPA sends, read from the context's XSRF-TOKEN cookie. */
async function csrfHeaders(context: BrowserContext, request: APIRequestContext) {
  let token = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!token) {
    await request.get('/api/info');
    token = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  }
  return { 'x-xsrf-token': decodeURIComponent(token ?? '') };
}

/** A change call as this page's browser makes it (with its CSRF header), whatever it answers. */
export async function apiRequest(
  page: Page,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const headers = await csrfHeaders(page.context(), page.request);
  return page.request.fetch(path, { method, data, headers });
}

export async function apiCall(page: Page, method: 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const response = await apiRequest(page, method, path, data);
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response;
}

/**
 * The panel administrator of the browser tests (playwright.config.ts sets ADMIN_EMAILS to it): with
 * parallel workers the first registered user is no one in particular (docs/scripts.md).
 */
export const E2E_ADMIN_EMAIL = 'e2e-admin@example.test';

/** Registers through the API in this page's context, follows the emailed link, and stays signed in. */
export async function registerVerifiedUser(page: Page, name = 'Playwright User', email = uniqueEmail()) {
  await apiCall(page, 'POST', '/api/register', {
    name,
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  await followVerificationMail(page, email);
  return { email, name };
}

async function followVerificationMail(page: Page, email: string) {
  const mail = await waitForMail(email, /email\/verify\/confirm/);
  const token = new URL(findLink(mail, '/email/verify/confirm')).hash.replace(/^#token=/, '');
  await apiCall(page, 'POST', '/api/email/verify', { token: decodeURIComponent(token) });
}

/**
 * Signs this page in as the panel administrator (E2E_ADMIN_EMAIL): registered by the first test
 * that asks, signed in through the form after that (a retry of that test, or another test).
 */
export async function signInAsE2eAdmin(page: Page, name = 'Ada Admin') {
  const response = await apiRequest(page, 'POST', '/api/register', {
    name,
    email: E2E_ADMIN_EMAIL,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  if (response.status() < 300) return followVerificationMail(page, E2E_ADMIN_EMAIL);
  expect(response.status(), `POST /api/register: ${await response.text()}`).toBe(422);
  await signInThroughForm(page, E2E_ADMIN_EMAIL);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The current code of an authenticator set up with this base32 secret. */
export function totpCode(secret: string): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

export async function signInThroughForm(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
}
