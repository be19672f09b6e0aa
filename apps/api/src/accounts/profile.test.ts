import { eq } from '../testing/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appInfoSchema, browserSessionsSchema, DEFAULT_PREFERENCES, userSchema } from '@hostdeck/contracts';
import { SESSION_COOKIE, sessionIdOfToken } from '../auth/sessions.repository.js';
import { sessions, subscriptions, teams, users } from '../database/schema.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { TestBrowser } from './testing/test-browser.js';
import { findLink, PASSWORD, uniqueEmail, waitForMail } from './testing/accounts.js';

const databases = await availableTestDatabases();
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(databases)('profile and sessions on $name', (database) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(database);
  });
  afterAll(async () => test.close());

  /** A user with a password, signed in through the login route in a browser of its own. */
  async function signIn(email: string, userAgent = CHROME_WINDOWS) {
    const browser = new TestBrowser(test.app, { headers: { 'user-agent': userAgent } });
    expect((await browser.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
    return browser;
  }
  async function newUser(options: { verified?: boolean } = {}) {
    const email = uniqueEmail('profile');
    const { user } = await createSignedInUser(test.database.db, 'Profile Person', {
      password: PASSWORD,
      email,
      ...options,
    });
    return { user, email, browser: await signIn(email) };
  }

  it('presents the user for GET api/user/info and GET api/info alike, secrets left out', async () => {
    const { user, browser } = await newUser();
    const response = await browser.get('/api/user/info');
    expect(response.statusCode).toBe(200);
    const presented = userSchema.parse(response.json());
    expect(presented).toEqual({
      id: user.id,
      name: 'Profile Person',
      email: user.email,
      email_verified: true,
      profile_photo_path: null,
      profile_photo_url: null,
      current_team_id: user.currentTeamId,
      hotfix: false,
      isPaidUser: false,
      // The first account of a panel is its administrator (scripts review); which one it is here
      // depends on the other tests of this file.
      isAdmin: expect.any(Boolean),
      subscription: null,
      two_factor_enabled: false,
      locale: 'en',
      preferences: DEFAULT_PREFERENCES,
    });
    expect(response.body).not.toMatch(/argon2|password|sealed/);
    expect(appInfoSchema.parse((await browser.get('/api/info')).json()).user).toEqual(presented);
  });

  it('is a paid user only with an active subscription that has not ended', async () => {
    const { user, browser } = await newUser();
    const info = async () => userSchema.parse((await browser.get('/api/user/info')).json());
    await test.database.db.insert(subscriptions).values([
      { userId: user.id, plan: 'monthly', status: 'cancelled' },
      { userId: user.id, plan: 'monthly', status: 'active', endsAt: new Date(Date.now() - 1000) },
    ]);
    expect(await info()).toMatchObject({ isPaidUser: false, subscription: null });
    const endsAt = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    await test.database.db.insert(subscriptions).values({ userId: user.id, plan: 'yearly', endsAt });
    expect(await info()).toMatchObject({
      isPaidUser: true,
      subscription: { plan: 'yearly', ends_at: endsAt.toISOString() },
    });
  });

  it('updates name and email; a new email must be verified again and gets the mail', async () => {
    const { browser } = await newUser();
    const renamed = await browser.put('/api/user/profile-information', {
      name: '  Ada King ',
      email: (await browser.get('/api/user/info')).json().email,
    });
    expect(renamed.statusCode).toBe(200);
    expect(userSchema.parse(renamed.json())).toMatchObject({ name: 'Ada King', email_verified: true });

    const newEmail = uniqueEmail('changed');
    const changed = await browser.put('/api/user/profile-information', { name: 'Ada King', email: newEmail });
    expect(userSchema.parse(changed.json())).toMatchObject({ email: newEmail, email_verified: false });
    const mail = await waitForMail(test.database.db, newEmail);
    findLink(mail.text, `${test.config.appUrl}/email/verify/confirm#token=`);
  });

  it('refuses an email another user has, whatever its case', async () => {
    const other = await newUser();
    const { browser } = await newUser();
    const response = await browser.put('/api/user/profile-information', {
      name: 'Someone',
      email: other.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const { email, browser } = await newUser();
    const elsewhere = await signIn(email, SAFARI_IPHONE);
    const wrong = await browser.put('/api/user/password', {
      current_password: 'not it',
      password: 'a new passphrase',
      password_confirmation: 'a new passphrase',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      current_password: ['The provided password does not match your current password.'],
    });
    const mismatch = await browser.put('/api/user/password', {
      current_password: PASSWORD,
      password: 'a new passphrase',
      password_confirmation: 'something else',
    });
    expect(mismatch.json().errors).toEqual({
      password_confirmation: ['The password confirmation does not match.'],
    });

    const changed = await browser.put('/api/user/password', {
      current_password: PASSWORD,
      password: 'a new passphrase',
      password_confirmation: 'a new passphrase',
    });
    expect(changed.statusCode).toBe(204);
    expect((await browser.get('/api/user/info')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/user/info')).statusCode).toBe(401);
  });

  it('merges preferences; a locale becomes the user’s language', async () => {
    const { user, browser } = await newUser();
    const response = await browser.put('/api/user/preferences', { drawer_open: false, locale: 'vi' });
    expect(response.statusCode).toBe(200);
    expect(userSchema.parse(response.json())).toMatchObject({
      locale: 'vi',
      preferences: { ...DEFAULT_PREFERENCES, drawer_open: false, locale: 'vi' },
    });
    const second = await browser.put('/api/user/preferences', { server_list_view: 'list', theme: 'dark' });
    expect(userSchema.parse(second.json()).preferences).toMatchObject({
      drawer_open: false,
      server_list_view: 'list',
      theme: 'dark',
      locale: 'vi',
    });
    const [row] = await test.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.locale).toBe('vi');
    const unknown = await browser.put('/api/user/preferences', { is_admin: true });
    expect(unknown.statusCode).toBe(422);
  });

  it('lists the live sessions with an opaque id, browser and platform, and the current one marked', async () => {
    const { user, email, browser } = await newUser();
    await signIn(email, SAFARI_IPHONE);
    const response = await browser.get('/api/user/sessions');
    expect(response.statusCode).toBe(200);
    const { data } = browserSessionsSchema.parse(response.json());
    // The fixture's session (no user agent) and the two sign-ins.
    expect(data).toHaveLength(3);
    const current = data.filter((session) => session.is_current_device);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: 'Chrome', platform: 'Windows', is_desktop: true });
    expect(current[0]!.ip_address).toBe(browser.remoteAddress);
    expect(data.find((session) => session.platform === 'iOS')).toMatchObject({
      browser: 'Safari',
      is_desktop: false,
    });
    const stored = await test.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    for (const session of data) {
      expect(session.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      for (const row of stored) expect(row.id).not.toContain(session.id);
      expect(Number.isNaN(Date.parse(session.last_active_at))).toBe(false);
    }
    expect(sessionIdOfToken(browser.cookie(SESSION_COOKIE)!)).toBe(
      stored.find((row) => row.userAgent === CHROME_WINDOWS)!.id,
    );
  });

  it('logs out the other sessions with the password', async () => {
    const { email, browser } = await newUser();
    const other = await signIn(email, SAFARI_IPHONE);
    const wrong = await browser.delete('/api/user/other-browser-sessions', { password: 'nope' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: ['The password is incorrect.'] });
    expect((await other.get('/api/user/info')).statusCode).toBe(200);

    expect(
      (await browser.delete('/api/user/other-browser-sessions', { password: PASSWORD })).statusCode,
    ).toBe(204);
    expect((await other.get('/api/user/info')).statusCode).toBe(401);
    const { data } = browserSessionsSchema.parse((await browser.get('/api/user/sessions')).json());
    expect(data).toHaveLength(1);
    expect(data[0]!.is_current_device).toBe(true);
  });

  it('deletes the account with the password: rows go, the cookie is cleared', async () => {
    const { user, browser } = await newUser();
    const wrong = await browser.delete('/api/user', { password: 'nope' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: ['The password is incorrect.'] });

    const response = await browser.delete('/api/user', { password: PASSWORD });
    expect(response.statusCode).toBe(204);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await test.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await test.database.db.select().from(teams).where(eq(teams.userId, user.id))).toEqual([]);
    expect(await test.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('keeps an unverified user to the account routes: 403 elsewhere', async () => {
    const { cookie } = await createSignedInUser(test.database.db, 'Unverified', { verified: false });
    const browser = new TestBrowser(test.app);
    browser.setCookie(SESSION_COOKIE, cookie.split('=')[1]!);
    const refused = await browser.get('/api/events');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ id: 'forbidden', message: 'Your email address is not verified.' });
    expect((await browser.get('/api/user/info')).statusCode).toBe(200);
    expect(userSchema.parse((await browser.get('/api/info')).json().user).email_verified).toBe(false);
    expect((await browser.get('/api/user/sessions')).statusCode).toBe(200);
    expect((await browser.put('/api/user/preferences', { drawer_open: false })).statusCode).toBe(200);
    expect((await browser.post('/api/logout')).statusCode).toBe(204);
  });
});
