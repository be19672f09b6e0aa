import { eq } from '../testing/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodesSchema, twoFactorSetupSchema, userSchema } from '@hostdeck/contracts';
import { SESSION_COOKIE } from '../auth/sessions.repository.js';
import { users } from '../database/schema.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { PENDING_LOGIN_COOKIE } from './session-cookies.js';
import { TestBrowser } from './testing/test-browser.js';
import { PASSWORD, uniqueEmail } from './testing/accounts.js';
import { currentTotpCode } from './totp.js';

const databases = await availableTestDatabases();

describe.each(databases)('two-factor authentication on $name', (database) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(database);
  });
  afterAll(async () => test.close());

  /** A verified user with a password, signed in in a browser of its own. */
  async function signedIn() {
    const email = uniqueEmail('2fa');
    const { user, cookie } = await createSignedInUser(test.database.db, 'Two Factor', {
      password: PASSWORD,
      email,
    });
    const browser = new TestBrowser(test.app);
    browser.setCookie(SESSION_COOKIE, cookie.split('=')[1]!);
    return { user, email, browser };
  }

  /** Turns two-factor on; returns the secret and the recovery codes. */
  async function enableTwoFactor(browser: TestBrowser) {
    const setup = twoFactorSetupSchema.parse(
      (await browser.post('/api/user/two-factor-authentication', { password: PASSWORD })).json(),
    );
    const confirmationCode = currentTotpCode(setup.secret);
    const confirmed = await browser.post('/api/user/confirmed-two-factor-authentication', {
      code: confirmationCode,
    });
    expect(confirmed.statusCode).toBe(200);
    return {
      secret: setup.secret,
      confirmationCode,
      codes: recoveryCodesSchema.parse(confirmed.json()).codes,
    };
  }

  /** Signs in with the password: answers two_factor true and a pending cookie, no session. */
  async function startSignIn(email: string) {
    const browser = new TestBrowser(test.app);
    const response = await browser.post('/api/login', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ two_factor: true });
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    return { browser, response };
  }

  it('sets up with the password, confirms with a code, and shows the QR code and recovery codes', async () => {
    const { user, browser } = await signedIn();
    const wrong = await browser.post('/api/user/two-factor-authentication', { password: 'not it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: ['The password is incorrect.'] });

    const response = await browser.post('/api/user/two-factor-authentication', { password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const setup = twoFactorSetupSchema.parse(response.json());
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_url).toContain(`otpauth://totp/HostDeck:${encodeURIComponent(user.email)}?`);
    expect(setup.otpauth_url).toContain('issuer=HostDeck');
    expect(setup.qr_svg).toMatch(/^<svg/);
    // Not in force until confirmed.
    expect(userSchema.parse((await browser.get('/api/user/info')).json()).two_factor_enabled).toBe(false);

    const [row] = await test.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.sealedTwoFactorSecret).toMatch(/^v1:/);
    expect(row!.sealedTwoFactorSecret).not.toContain(setup.secret);

    const badCode = await browser.post('/api/user/confirmed-two-factor-authentication', { code: '000000' });
    expect(badCode.statusCode).toBe(422);
    expect(badCode.json().errors).toEqual({
      code: ['The provided two factor authentication code was invalid.'],
    });

    const confirmed = await browser.post('/api/user/confirmed-two-factor-authentication', {
      code: currentTotpCode(setup.secret),
    });
    const { codes } = recoveryCodesSchema.parse(confirmed.json());
    expect(codes).toHaveLength(8);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);
    expect(userSchema.parse((await browser.get('/api/user/info')).json()).two_factor_enabled).toBe(true);
    const [confirmedRow] = await test.database.db.select().from(users).where(eq(users.id, user.id));
    expect(confirmedRow!.sealedTwoFactorRecoveryCodes).not.toContain(codes[0]);
  });

  it('signs in with a TOTP code in a second step; a code works once', async () => {
    const { email, browser: setupBrowser } = await signedIn();
    const { secret, confirmationCode } = await enableTwoFactor(setupBrowser);

    const { browser, response } = await startSignIn(email);
    const pending = response.cookies.find((cookie) => cookie.name === PENDING_LOGIN_COOKIE)!;
    expect(pending).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 300,
      path: '/api/two-factor-challenge',
    });
    expect((await browser.get('/api/user/info')).statusCode).toBe(401);

    // The code used to confirm the authenticator is spent.
    const replay = await browser.post('/api/two-factor-challenge', { code: confirmationCode });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toEqual({
      code: ['The provided two factor authentication code was invalid.'],
    });

    // The authenticator's next code (the window accepts one step of drift).
    const nextCode = currentTotpCode(secret, Date.now() + 30_000);
    const accepted = await browser.post('/api/two-factor-challenge', { code: nextCode });
    expect(accepted.statusCode).toBe(200);
    expect(userSchema.parse(accepted.json()).email).toBe(email);
    expect(browser.cookie(SESSION_COOKIE)).toBeDefined();
    expect(browser.cookie(PENDING_LOGIN_COOKIE)).toBeUndefined();
    expect((await browser.get('/api/user/info')).statusCode).toBe(200);

    // The same code again, in another sign-in, is a replay.
    const again = await startSignIn(email);
    expect((await again.browser.post('/api/two-factor-challenge', { code: nextCode })).statusCode).toBe(422);
  });

  it('signs in with a recovery code, which is then used up; new codes replace the old ones', async () => {
    const { email, browser: setupBrowser } = await signedIn();
    const { codes } = await enableTwoFactor(setupBrowser);

    const first = await startSignIn(email);
    const accepted = await first.browser.post('/api/two-factor-challenge', { recovery_code: codes[0] });
    expect(accepted.statusCode).toBe(200);

    const second = await startSignIn(email);
    const reused = await second.browser.post('/api/two-factor-challenge', { recovery_code: codes[0] });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({
      recovery_code: ['The provided two factor recovery code was invalid.'],
    });

    const regenerated = await setupBrowser.post('/api/user/two-factor-recovery-codes', {
      password: PASSWORD,
    });
    const fresh = recoveryCodesSchema.parse(regenerated.json()).codes;
    expect(fresh).toHaveLength(8);
    expect(fresh).not.toContain(codes[1]);
    expect(
      (await second.browser.post('/api/two-factor-challenge', { recovery_code: codes[1] })).statusCode,
    ).toBe(422);
    expect(
      (await second.browser.post('/api/two-factor-challenge', { recovery_code: fresh[1] })).statusCode,
    ).toBe(200);
  });

  it('refuses the second step without a genuine pending sign-in', async () => {
    const { user, email, browser: setupBrowser } = await signedIn();
    const { secret } = await enableTwoFactor(setupBrowser);
    const code = currentTotpCode(secret, Date.now() + 30_000);
    const expired = { code: ['Your sign-in attempt has expired. Please sign in again.'] };

    const stranger = new TestBrowser(test.app);
    const missing = await stranger.post('/api/two-factor-challenge', { code });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual(expired);

    const { browser, response } = await startSignIn(email);
    const pending = response.cookies.find((cookie) => cookie.name === PENDING_LOGIN_COOKIE)!.value;
    const path = '/api/two-factor-challenge';
    // Another user's id in a copied token does not verify.
    browser.setCookie(PENDING_LOGIN_COOKIE, pending.replace(/^\d+/, String(user.id + 100_000)), path);
    expect((await browser.post(path, { code })).json().errors).toEqual(expired);
    // A password change in the meantime voids the pending sign-in.
    browser.setCookie(PENDING_LOGIN_COOKIE, pending, path);
    await test.database.db.update(users).set({ passwordHash: 'changed' }).where(eq(users.id, user.id));
    expect((await browser.post(path, { code })).json().errors).toEqual(expired);
  });

  it('turns off with the password: sign-in is one step again', async () => {
    const { email, browser } = await signedIn();
    await enableTwoFactor(browser);
    expect(
      (await browser.delete('/api/user/two-factor-authentication', { password: 'nope' })).statusCode,
    ).toBe(422);
    expect(
      (await browser.delete('/api/user/two-factor-authentication', { password: PASSWORD })).statusCode,
    ).toBe(204);
    expect(userSchema.parse((await browser.get('/api/user/info')).json()).two_factor_enabled).toBe(false);
    const response = await new TestBrowser(test.app).post('/api/login', { email, password: PASSWORD });
    expect(response.json()).toEqual({ two_factor: false });
    const codes = await browser.post('/api/user/two-factor-recovery-codes', { password: PASSWORD });
    expect(codes.statusCode).toBe(409);
    expect(codes.json().message).toBe('Two-factor authentication is not enabled.');
  });

  it('limits the second step to 6 tries a minute per pending user', async () => {
    const { email, browser: setupBrowser } = await signedIn();
    await enableTwoFactor(setupBrowser);
    const { browser } = await startSignIn(email);
    for (let attempt = 1; attempt <= 6; attempt += 1)
      expect((await browser.post('/api/two-factor-challenge', { code: '000000' })).statusCode).toBe(422);
    const limited = await browser.post('/api/two-factor-challenge', { code: '000000' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
