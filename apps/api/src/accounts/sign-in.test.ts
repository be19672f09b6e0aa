import { eq } from '../testing/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_LINKS,
  errorResponseSchema,
  loginResponseSchema,
  outboxSchema,
  userSchema,
} from '@hostdeck/contracts';
import { SESSION_COOKIE } from '../auth/sessions.repository.js';
import { sessions, teams, users } from '../database/schema.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { deriveAccountKeys } from './account-keys.js';
import { createSignedToken } from './signed-token.js';
import { TestBrowser } from './testing/test-browser.js';
import { findLink, outboxFor, PASSWORD, uniqueEmail, waitForMail } from './testing/accounts.js';

const databases = await availableTestDatabases();

describe.each(databases)('registration, verification and sign-in on $name', (database) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(database);
  });
  afterAll(async () => test.close());

  const register = (browser: TestBrowser, email: string, extra: object = {}) =>
    browser.post('/api/register', {
      name: 'Ada Lovelace',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      ...extra,
    });

  it('registers with a personal team, mails a verification link built from APP_URL, and verifies it', async () => {
    const browser = new TestBrowser(test.app);
    const email = uniqueEmail('register');
    const response = await register(browser, email, { locale: 'vi' });
    expect(response.statusCode).toBe(201);
    const user = userSchema.parse(response.json());
    expect(user).toMatchObject({ email, email_verified: false, locale: 'vi', two_factor_enabled: false });
    expect(user.preferences.locale).toBe('vi');

    const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.secure).toBeFalsy();

    const [row] = await test.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const [team] = await test.database.db.select().from(teams).where(eq(teams.userId, user.id));
    expect(team).toMatchObject({ personalTeam: true, name: "Ada's Team" });
    expect(user.current_team_id).toBe(team!.id);

    // Signed in but unverified: the account routes answer, the rest of the panel does not.
    expect((await browser.get('/api/user/info')).statusCode).toBe(200);
    const refused = await browser.get('/api/events', { 'accept-language': 'vi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Địa chỉ email của bạn chưa được xác minh.');

    const mail = await waitForMail(test.database.db, email);
    expect(mail.subject).toBe('Xác minh địa chỉ email của bạn - HostDeck');
    const link = findLink(mail.text, `${test.config.appUrl}${ACCOUNT_LINKS.verifyEmail}#token=`);
    expect(mail.html).toContain(link);
    const token = new URL(link).hash.slice('#token='.length);

    // Followed in another browser, without a session: the link is the proof.
    const elsewhere = new TestBrowser(test.app);
    expect((await elsewhere.post('/api/email/verify', { token })).statusCode).toBe(204);
    expect(userSchema.parse((await browser.get('/api/user/info')).json()).email_verified).toBe(true);
    expect((await browser.get('/api/events')).statusCode).toBe(200);
    // Following it again changes nothing and does not fail.
    expect((await elsewhere.post('/api/email/verify', { token })).statusCode).toBe(204);
  });

  it('refuses a tampered, expired or outdated verification token with "Verification Fail"', async () => {
    const { user } = await createSignedInUser(test.database.db, 'Grace', { verified: false });
    const key = deriveAccountKeys(test.config.appKey).emailVerification;
    const sign = (id: number, email: string, now = Date.now()) =>
      createSignedToken(key, [String(id)], { ttlMs: 60 * 60 * 1000, bound: email.toLowerCase(), now });
    const genuine = sign(user.id, user.email);
    const browser = new TestBrowser(test.app, { headers: { 'accept-language': 'vi' } });
    const attempts = [
      sign(user.id, user.email, Date.now() - 61 * 60 * 1000),
      sign(user.id, 'previous@example.test'),
      genuine.replace(/^\d+/, String(user.id + 100_000)),
      `${genuine.slice(0, -2)}AA`,
      'not.a.token',
      '../../etc/passwd',
    ];
    for (const token of attempts) {
      const response = await browser.post('/api/email/verify', { token });
      expect(response.statusCode, token).toBe(422);
      expect(errorResponseSchema.parse(response.json()).errors).toEqual({ token: ['Xác minh thất bại'] });
    }
    const [row] = await test.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();
    expect((await browser.post('/api/email/verify', { token: genuine })).statusCode).toBe(204);
  });

  it('limits verification attempts to 6 a minute per account', async () => {
    const { user } = await createSignedInUser(test.database.db, 'Hopper', { verified: false });
    const key = deriveAccountKeys(test.config.appKey).emailVerification;
    const genuine = createSignedToken(key, [String(user.id)], {
      ttlMs: 60_000,
      bound: user.email.toLowerCase(),
    });
    const forged = `${genuine.slice(0, -2)}AA`;
    for (let attempt = 1; attempt <= 6; attempt += 1)
      expect((await new TestBrowser(test.app).post('/api/email/verify', { token: forged })).statusCode).toBe(
        422,
      );
    // From any address: the limit is the account's.
    const limited = await new TestBrowser(test.app).post('/api/email/verify', { token: genuine });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('resends the verification mail to an unverified user only', async () => {
    const unverified = await createSignedInUser(test.database.db, 'Unverified', { verified: false });
    const browser = new TestBrowser(test.app);
    browser.setCookie(SESSION_COOKIE, unverified.cookie.split('=')[1]!);
    expect((await browser.post('/api/email/verification-notification')).statusCode).toBe(204);
    const mail = await waitForMail(test.database.db, unverified.user.email);
    expect(mail.subject).toBe('Verify your email address - HostDeck');

    const verified = await createSignedInUser(test.database.db, 'Verified');
    const other = new TestBrowser(test.app);
    other.setCookie(SESSION_COOKIE, verified.cookie.split('=')[1]!);
    expect((await other.post('/api/email/verification-notification')).statusCode).toBe(204);
    expect(await outboxFor(test.database.db, verified.user.email)).toEqual([]);
  });

  it('lists the kept mail on the development outbox page, newest first, without a session', async () => {
    const email = uniqueEmail('outbox');
    await register(new TestBrowser(test.app), email);
    await waitForMail(test.database.db, email);
    const response = await test.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
    const { data } = outboxSchema.parse(response.json());
    expect(data.length).toBeLessThanOrEqual(50);
    expect(data[0]!.to).toBe(email);
    expect(data.map((message) => message.id)).toEqual(
      [...data.map((message) => message.id)].sort((a, b) => b - a),
    );
  });

  it('refuses an email already taken, whatever its case', async () => {
    const email = uniqueEmail('taken');
    expect((await register(new TestBrowser(test.app), email)).statusCode).toBe(201);
    const response = await register(new TestBrowser(test.app), email.toUpperCase());
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('validates registration with the contract messages', async () => {
    const response = await new TestBrowser(test.app).post('/api/register', {
      name: '',
      email: 'nope',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      name: ['Required'],
      email: ['The email must be a valid email address.'],
      password: ['The password must be at least 8 characters.'],
    });
  });

  // SECURITY.md, CRLF and control characters: a newline in a name or address could forge a mail
  // header or a log line; every text field refuses control characters.
  it('refuses control characters in the name and the email', async () => {
    for (const name of ['Eve\r\nBcc: victim@example.test', 'Eve\u0000', 'Eve\u001b[31m']) {
      const response = await register(new TestBrowser(test.app), uniqueEmail('crlf'), { name });
      expect(response.statusCode, JSON.stringify(name)).toBe(422);
      expect(response.json().errors.name).toEqual(['Invalid value']);
    }
    const email = `${uniqueEmail('crlf')}\r\nBcc: victim@example.test`;
    const response = await register(new TestBrowser(test.app), email);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toBeDefined();
    const stored = await test.database.db.select({ name: users.name }).from(users);
    expect(stored.some((user) => /\p{Cc}/u.test(user.name))).toBe(false);
  });

  it('answers a wrong password and an unknown email alike: 422 on email', async () => {
    const email = uniqueEmail('login');
    await createSignedInUser(test.database.db, 'Login', { password: PASSWORD, email });
    const browser = new TestBrowser(test.app);
    for (const attempt of [
      { email, password: 'wrong password' },
      { email: uniqueEmail('nobody'), password: PASSWORD },
    ]) {
      const response = await browser.post('/api/login', attempt);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      });
      expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('signs in with a new session token (an earlier one is dropped) and signs out', async () => {
    const email = uniqueEmail('session');
    const { cookie: earlier } = await createSignedInUser(test.database.db, 'Session', {
      password: PASSWORD,
      email,
    });
    const earlierToken = earlier.split('=')[1]!;
    const browser = new TestBrowser(test.app, {
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0' },
    });
    browser.setCookie(SESSION_COOKIE, earlierToken);

    const response = await browser.post('/api/login', {
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(loginResponseSchema.parse(response.json())).toEqual({ two_factor: false });
    const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE)!;
    expect(cookie.value).not.toBe(earlierToken);
    // Without "remember me" the cookie ends with the browser.
    expect(cookie.maxAge).toBeUndefined();
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: earlier } }))
        .statusCode,
    ).toBe(401);
    const info = await browser.get('/api/info');
    expect(info.json().user.email).toBe(email);

    const logout = await browser.post('/api/logout');
    expect(logout.statusCode).toBe(204);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await browser.get('/api/info')).json().user).toBeNull();
    expect((await browser.get('/api/user/info')).statusCode).toBe(401);
  });

  it('keeps the session cookie across browser restarts with "remember me"', async () => {
    const email = uniqueEmail('remember');
    await createSignedInUser(test.database.db, 'Remember', { password: PASSWORD, email });
    const response = await new TestBrowser(test.app).post('/api/login', {
      email,
      password: PASSWORD,
      remember: true,
    });
    const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE)!;
    expect(cookie.maxAge).toBe(14 * 24 * 60 * 60);
  });

  it('needs the CSRF header to sign in, like every state change', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: uniqueEmail(), password: PASSWORD },
    });
    expect(response.statusCode).toBe(419);
  });

  it('limits sign-in to 5 attempts a minute per email and address: the 6th answers 429', async () => {
    const email = uniqueEmail('limited');
    await createSignedInUser(test.database.db, 'Limited', { password: PASSWORD, email });
    const browser = new TestBrowser(test.app, { headers: { 'accept-language': 'vi' } });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      // Case and spaces do not buy a fresh allowance.
      const variant = attempt % 2 ? email : ` ${email.toUpperCase()}`;
      expect((await browser.post('/api/login', { email: variant, password: 'wrong' })).statusCode).toBe(422);
    }
    const limited = await browser.post('/api/login', { email, password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ id: 'too_many_requests', message: 'Quá nhiều lần thử.' });
    expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    // Another account from the same address is not affected.
    const other = await browser.post('/api/login', { email: uniqueEmail('other'), password: 'wrong' });
    expect(other.statusCode).toBe(422);
  });

  it('records the activity of a session at most once a minute', async () => {
    const { user, cookie } = await createSignedInUser(test.database.db, 'Activity');
    const old = new Date(Date.now() - 5 * 60 * 1000);
    await test.database.db.update(sessions).set({ lastActivityAt: old }).where(eq(sessions.userId, user.id));
    await test.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie } });
    const [first] = await test.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(first!.lastActivityAt.getTime()).toBeGreaterThan(old.getTime());
    await test.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie } });
    const [second] = await test.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(second!.lastActivityAt.getTime()).toBe(first!.lastActivityAt.getTime());
  });
});
