import { eq } from '../testing/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LINKS } from '@hostdeck/contracts';
import { SESSION_COOKIE } from '../auth/sessions.repository.js';
import { passwordResetTokens, sessions } from '../database/schema.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { TestBrowser } from './testing/test-browser.js';
import { findLink, outboxFor, PASSWORD, uniqueEmail, waitForMail } from './testing/accounts.js';

const databases = await availableTestDatabases();
const APP_URL = 'https://panel.example.test';
const NEW_PASSWORD = 'a brand new passphrase';

describe.each(databases)('password reset on $name', (database) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(database, { env: { APP_URL } });
  });
  afterAll(async () => test.close());

  /** Asks for a reset link with a forged Host; returns token and email from the mailed link. */
  async function requestLink(email: string, mailNumber = 1) {
    const response = await new TestBrowser(test.app).post(
      '/api/forgot-password',
      { email },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    );
    expect(response.statusCode).toBe(204);
    const mail = await waitForMail(test.database.db, email, mailNumber);
    const link = findLink(mail.text, `${APP_URL}${ACCOUNT_LINKS.resetPassword}#token=`);
    expect(mail.text + mail.html).not.toContain('evil.example');
    const fragment = new URLSearchParams(new URL(link).hash.slice(1));
    return { mail, link, token: fragment.get('token')!, email: fragment.get('email')! };
  }

  it('mails a link built from APP_URL, never from the Host header', async () => {
    const email = uniqueEmail('reset');
    await createSignedInUser(test.database.db, 'Reset', { password: PASSWORD, email });
    const { mail, link, token, email: linked } = await requestLink(email);
    expect(link.startsWith(`${APP_URL}/reset-password#token=`)).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(linked).toBe(email);
    expect(mail.subject).toBe('Reset your password - HostDeck');
    expect(mail.html).toContain(link.replace('&', '&amp;'));
    // Only the token's SHA-256 is stored.
    const [row] = await test.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.email, email.toLowerCase()));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
  });

  it('answers 204 for an unknown email too, and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await new TestBrowser(test.app).post('/api/forgot-password', { email });
    expect(response.statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await outboxFor(test.database.db, email)).toEqual([]);
  });

  it('sets the new password, uses the token up and ends every session', async () => {
    const email = uniqueEmail('reset');
    const { cookie } = await createSignedInUser(test.database.db, 'Reset', { password: PASSWORD, email });
    const signedIn = new TestBrowser(test.app);
    signedIn.setCookie(SESSION_COOKIE, cookie.split('=')[1]!);
    expect((await signedIn.get('/api/user/info')).statusCode).toBe(200);

    const { token } = await requestLink(email);
    const visitor = new TestBrowser(test.app);
    const reset = await visitor.post('/api/reset-password', {
      token,
      email: email.toUpperCase(),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(204);

    expect((await signedIn.get('/api/user/info')).statusCode).toBe(401);
    const login = new TestBrowser(test.app);
    expect((await login.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(422);
    const accepted = await login.post('/api/login', { email, password: NEW_PASSWORD });
    expect(accepted.statusCode).toBe(200);
    // The session cookie carries Secure when APP_URL is https.
    expect(accepted.cookies.find((candidate) => candidate.name === SESSION_COOKIE)!.secure).toBe(true);

    const again = await new TestBrowser(test.app).post('/api/reset-password', {
      token,
      email,
      password: 'yet another passphrase',
      password_confirmation: 'yet another passphrase',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: ['This password reset token is invalid.'] });
  });

  it('refuses a wrong token, another email, an older link and an expired one', async () => {
    const email = uniqueEmail('reset');
    const { user } = await createSignedInUser(test.database.db, 'Reset', { password: PASSWORD, email });
    const first = await requestLink(email);
    const second = await requestLink(email, 2);
    const body = (token: string, forEmail = email) => ({
      token,
      email: forEmail,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    const browser = new TestBrowser(test.app, { headers: { 'accept-language': 'vi' } });
    for (const attempt of [
      body('A'.repeat(43)),
      body(second.token, uniqueEmail('other')),
      // Asking again replaced the first link.
      body(first.token),
    ]) {
      const response = await browser.post('/api/reset-password', attempt);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ email: ['Mã đặt lại mật khẩu này không hợp lệ.'] });
    }
    const malformed = await browser.post('/api/reset-password', body('short'));
    expect(malformed.json().errors).toEqual({ token: ['Mã đặt lại mật khẩu này không hợp lệ.'] });

    await test.database.db
      .update(passwordResetTokens)
      .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(passwordResetTokens.email, email.toLowerCase()));
    expect((await new TestBrowser(test.app).post('/api/reset-password', body(second.token))).statusCode).toBe(
      422,
    );
    expect(await test.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(
      1,
    );
  });

  it('limits reset requests to 6 a minute per email', async () => {
    const email = uniqueEmail('flood');
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const browser = new TestBrowser(test.app);
      expect((await browser.post('/api/forgot-password', { email })).statusCode).toBe(204);
    }
    const limited = await new TestBrowser(test.app).post('/api/forgot-password', {
      email: ` ${email.toUpperCase()}`,
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
  });
});
