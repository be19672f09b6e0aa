import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialiteRoutes, type Socialite } from '@hostdeck/contracts/socialites';
import { TestBrowser } from '../accounts/testing/test-browser.js';
import { PASSWORD, uniqueEmail } from '../accounts/testing/accounts.js';
import { SESSION_COOKIE } from '../auth/sessions.repository.js';
import { auditLogs, socialAuthStates, socialites, users } from '../database/schema.js';
import { startGitProviderFake, type GitProviderFake } from '../git-providers/testing/git-provider-fake.js';
import { FAKE_CLIENTS } from '../git-providers/testing/git-provider-fake.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { followToPanel, startLocalOidcServer, type LocalOidcServer } from './testing/oidc-server.js';
import { SOCIAL_STATE_COOKIE } from './socialites.routes.js';

const APP_URL = 'http://panel.test';
const CALLBACK = (provider: string) => `${APP_URL}/auth/${provider}/callback`;
const path = (route: string, provider: string) => route.replace(':provider', provider);

/**
 * Social sign-in through the API (issue 23 point 2): Google against a real OIDC server started
 * here (oidc-provider), GitHub against the repository's GitHub fake. Every attack of the brief
 * goes through the real routes: a state from another browser, a replayed code, a nonce that does
 * not match, an existing email, the last way to sign in, another user's link.
 */
describe('social sign-in API', () => {
  let test: TestApp;
  let oidc: LocalOidcServer;
  let github: GitProviderFake;

  beforeAll(async () => {
    oidc = await startLocalOidcServer({ appUrl: APP_URL });
    github = await startGitProviderFake();
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, {
      env: {
        APP_URL,
        ...oidc.env,
        GITHUB_OAUTH_URL: github.oauthUrl('github'),
        GITHUB_API_URL: github.apiUrl('github'),
        GITHUB_LOGIN_CLIENT_ID: FAKE_CLIENTS.github.id,
        GITHUB_LOGIN_CLIENT_SECRET: FAKE_CLIENTS.github.secret,
      },
    });
  }, 180_000);
  afterAll(async () => {
    await test?.close();
    await oidc?.close();
    await github?.close();
  });

  const googleAccount = (email = uniqueEmail('google'), verified = true) => ({
    sub: `google-${randomInt(1e9)}`,
    email,
    email_verified: verified,
    name: 'Grace Hopper',
  });
  const githubAccount = (email = uniqueEmail('github'), verified = true) => ({
    id: randomInt(1e9),
    login: `octo${randomInt(1e6)}`,
    name: 'Octo Cat',
    email,
    verified,
  });

  /** POST …/redirect: the provider's address, and the state it carries. */
  async function start(browser: TestBrowser, provider: 'google' | 'github', link = false) {
    const response = await browser.post(path(socialiteRoutes.start.path, provider), link ? { link } : {});
    expect(response.statusCode, response.body).toBe(200);
    const url = response.json<{ data: { url: string } }>().data.url;
    return { url, state: new URL(url).searchParams.get('state')! };
  }

  /** The browser at the provider, then back at the SPA's callback page: the code and state. */
  async function approve(url: string, provider: 'google' | 'github') {
    const back = await followToPanel(url, CALLBACK(provider));
    // What the SPA's callback page posts: every parameter the provider sent back.
    const answer: { code?: string; state: string; iss?: string } = { state: back.searchParams.get('state')! };
    const code = back.searchParams.get('code');
    const iss = back.searchParams.get('iss');
    if (code) answer.code = code;
    if (iss) answer.iss = iss;
    return answer;
  }

  function finish(browser: TestBrowser, provider: string, body: object, locale?: string) {
    return browser.post(
      path(socialiteRoutes.callback.path, provider),
      body,
      locale ? { 'accept-language': locale } : {},
    );
  }

  async function signInWith(browser: TestBrowser, provider: 'google' | 'github', link = false) {
    const { url } = await start(browser, provider, link);
    const answer = await approve(url, provider);
    return finish(browser, provider, answer);
  }

  async function linked(browser: TestBrowser): Promise<Socialite[]> {
    const response = await browser.get(socialiteRoutes.list.path);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Socialite[] }>().data;
  }

  it('app info says which providers are on; the secrets are never answered', async () => {
    const info = await new TestBrowser(test.app).get('/api/info');
    expect(info.json<{ social_providers: string[] }>().social_providers).toEqual(['github', 'google']);
    expect(info.body).not.toContain(oidc.clientSecret);
    expect(info.body).not.toContain(FAKE_CLIENTS.github.secret);
  });

  it('signs up with Google (verified email, PKCE and nonce sent), signs out, and signs in again', async () => {
    const account = googleAccount();
    oidc.signInAs(account);
    const browser = new TestBrowser(test.app);
    const { url } = await start(browser, 'google');
    const authorize = new URL(url);
    expect(authorize.origin).toBe(oidc.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(browser.cookie(SOCIAL_STATE_COOKIE)).toBe(authorize.searchParams.get('state'));
    const back = await approve(url, 'google');
    const signedUp = await finish(browser, 'google', { code: back.code, state: back.state, iss: back.iss });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    expect(signedUp.json()).toEqual({ data: { result: 'signed-in', created: true } });
    expect(browser.cookie(SESSION_COOKIE)).toBeTruthy();

    const me = await browser.get('/api/user/info');
    expect(me.json()).toMatchObject({ email: account.email, name: 'Grace Hopper', email_verified: true });
    const [row] = await test.database.db.select().from(users).where(eq(users.email, account.email));
    expect(row!.passwordHash).toBeNull();
    expect(await linked(browser)).toEqual([
      expect.objectContaining({ provider: 'google', email: account.email, account_name: 'Grace Hopper' }),
    ]);
    // Nothing of the provider's tokens is kept; the sign-in is in the audit log with its account.
    const [link] = await test.database.db.select().from(socialites).where(eq(socialites.userId, row!.id));
    expect(Object.keys(link!).some((key) => /token/i.test(key))).toBe(false);
    const audit = await test.database.db.select().from(auditLogs).where(eq(auditLogs.userId, row!.id));
    expect(audit.map((entry) => `${entry.method} ${entry.route} ${entry.status}`)).toContain(
      'POST /api/auth/:provider/callback 200',
    );

    expect((await browser.post('/api/logout')).statusCode).toBe(204);
    expect((await browser.get('/api/user/info')).statusCode).toBe(401);
    oidc.signInAs(account);
    const again = await signInWith(browser, 'google');
    expect(again.json()).toEqual({ data: { result: 'signed-in', created: false } });
    expect((await browser.get('/api/user/info')).json()).toMatchObject({ id: row!.id });
  });

  it('signs up with GitHub from its verified primary email', async () => {
    const account = githubAccount();
    github.signInAs(account);
    const browser = new TestBrowser(test.app);
    const response = await signInWith(browser, 'github');
    expect(response.statusCode, response.body).toBe(200);
    expect((await browser.get('/api/user/info')).json()).toMatchObject({
      email: account.email,
      name: 'Octo Cat',
    });
  });

  it('says so when the user cancels at GitHub, and spends the state', async () => {
    github.denyNext('github');
    const browser = new TestBrowser(test.app);
    const { url } = await start(browser, 'github');
    const back = await followToPanel(url, CALLBACK('github'));
    expect(back.searchParams.get('error')).toBe('access_denied');
    const body = { state: back.searchParams.get('state')!, error: 'access_denied' };
    const cancelled = await finish(browser, 'github', body);
    expect(cancelled.statusCode).toBe(422);
    expect(cancelled.body).toContain('Sign-in with GitHub was cancelled');
    expect((await finish(browser, 'github', body)).statusCode).toBe(422);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses an unverified email at sign-up, in English and Vietnamese', async () => {
    oidc.signInAs(googleAccount(uniqueEmail('unverified'), false));
    const browser = new TestBrowser(test.app);
    const { url } = await start(browser, 'google');
    const back = await approve(url, 'google');
    const refused = await finish(
      browser,
      'google',
      { code: back.code, state: back.state, iss: back.iss },
      'vi',
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('không có địa chỉ email đã xác minh');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();

    github.signInAs(githubAccount(uniqueEmail('unverified-gh'), false));
    const refusedGithub = await signInWith(new TestBrowser(test.app), 'github');
    expect(refusedGithub.statusCode).toBe(422);
    expect(refusedGithub.body).toContain('has no verified email address');
  });

  it('never takes over an existing account by its email: sign in with the password, then link', async () => {
    const email = uniqueEmail('owner');
    const owner = new TestBrowser(test.app);
    const registered = await owner.post('/api/register', {
      name: 'Owner',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(registered.statusCode).toBe(201);
    const account = googleAccount(email.toUpperCase());
    oidc.signInAs(account);
    const attacker = new TestBrowser(test.app);
    const refused = await signInWith(attacker, 'google');
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Sign in with your password, then link Google from your profile');
    expect(attacker.cookie(SESSION_COOKIE)).toBeUndefined();

    // The owner links it while signed in; from then on Google signs in to this account.
    oidc.signInAs(account);
    const link = await signInWith(owner, 'google', true);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toEqual({ data: { result: 'linked', created: false } });
    oidc.signInAs(account);
    const later = new TestBrowser(test.app);
    expect((await signInWith(later, 'google')).statusCode).toBe(200);
    expect((await later.get('/api/user/info')).json()).toMatchObject({ email });
  });

  it('refuses a state this browser did not start, and a replayed code', async () => {
    oidc.signInAs(googleAccount());
    const victim = new TestBrowser(test.app);
    const attacker = new TestBrowser(test.app);
    const { url } = await start(attacker, 'google');
    const back = await approve(url, 'google');
    // The attacker's code and state posted from the victim's browser (login CSRF): no cookie.
    const forged = await finish(victim, 'google', { code: back.code, state: back.state, iss: back.iss });
    expect(forged.statusCode).toBe(422);
    expect(forged.body).toContain('was not started in this browser');
    // The state was spent by that attempt: even its own browser cannot use it now.
    const replay = await finish(attacker, 'google', { code: back.code, state: back.state, iss: back.iss });
    expect(replay.statusCode).toBe(422);

    // A code used once, replayed under a fresh state: the provider refuses it.
    oidc.signInAs(googleAccount());
    const browser = new TestBrowser(test.app);
    const first = await approve((await start(browser, 'google')).url, 'google');
    expect(
      (await finish(browser, 'google', { code: first.code, state: first.state, iss: first.iss })).statusCode,
    ).toBe(200);
    await browser.post('/api/logout');
    const fresh = await start(browser, 'google');
    const replayed = await finish(browser, 'google', {
      code: first.code,
      state: fresh.state,
      iss: first.iss,
    });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.body).toContain('Google did not confirm the sign-in');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();

    // A state for GitHub posted to Google's callback.
    const crossed = await start(browser, 'github');
    expect((await finish(browser, 'google', { code: 'x', state: crossed.state })).statusCode).toBe(422);
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    oidc.signInAs(googleAccount());
    const browser = new TestBrowser(test.app);
    const { url } = await start(browser, 'google');
    const back = await approve(url, 'google');
    // The stored nonce replaced by another's (as if the ID token came from another sign-in).
    await test.database.db
      .update(socialAuthStates)
      .set({ sealedNonce: test.panel.secretBox.seal('another-nonce', 'social_auth_states.nonce') });
    const refused = await finish(browser, 'google', { code: back.code, state: back.state, iss: back.iss });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toMatch(/nonce/i);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('links GitHub from the profile, refuses another user’s link, and unlinks all but the last way in', async () => {
    const account = googleAccount();
    oidc.signInAs(account);
    const ada = new TestBrowser(test.app);
    expect((await signInWith(ada, 'google')).statusCode).toBe(200);
    const octo = githubAccount();
    github.signInAs(octo);
    expect((await signInWith(ada, 'github', true)).json()).toEqual({
      data: { result: 'linked', created: false },
    });
    expect((await linked(ada)).map((entry) => entry.provider).sort()).toEqual(['github', 'google']);

    // Another user cannot link Ada's GitHub account, nor unlink her links.
    oidc.signInAs(googleAccount());
    const mallory = new TestBrowser(test.app);
    expect((await signInWith(mallory, 'google')).statusCode).toBe(200);
    github.signInAs(octo);
    const stolen = await signInWith(mallory, 'github', true);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.body).toContain('already linked to another account');
    const notHers = await mallory.post(path(socialiteRoutes.unlink.path, 'github'));
    expect(notHers.statusCode).toBe(404);
    expect((await linked(ada)).length).toBe(2);

    // A link started in one session cannot be finished in another (the state is bound to it).
    const started = await start(ada, 'github', true);
    const other = new TestBrowser(test.app);
    other.setCookie(SOCIAL_STATE_COOKIE, started.state, '/api/auth');
    expect((await finish(other, 'github', { code: 'x', state: started.state })).statusCode).toBe(422);

    // Linking needs a session.
    const signedOut = await new TestBrowser(test.app).post(path(socialiteRoutes.start.path, 'github'), {
      link: true,
    });
    expect(signedOut.statusCode).toBe(401);

    expect((await ada.post(path(socialiteRoutes.unlink.path, 'github'))).statusCode).toBe(204);
    const last = await ada.post(path(socialiteRoutes.unlink.path, 'google'), undefined, {
      'accept-language': 'vi',
    });
    expect(last.statusCode).toBe(422);
    expect(last.body).toContain('cách đăng nhập duy nhất');
    expect((await linked(ada)).map((entry) => entry.provider)).toEqual(['google']);
  });

  it('asks for the two-factor code when the account has it, as the password sign-in does', async () => {
    const account = googleAccount();
    oidc.signInAs(account);
    const browser = new TestBrowser(test.app);
    expect((await signInWith(browser, 'google')).statusCode).toBe(200);
    const [row] = await test.database.db.select().from(users).where(eq(users.email, account.email));
    await test.database.db
      .update(users)
      .set({
        sealedTwoFactorSecret: test.panel.secretBox.seal('JBSWY3DPEHPK3PXP', 'users.two_factor_secret'),
        twoFactorConfirmedAt: new Date(),
      })
      .where(eq(users.id, row!.id));
    await browser.post('/api/logout');
    oidc.signInAs(account);
    const pending = await signInWith(browser, 'google');
    expect(pending.json()).toEqual({ data: { result: 'two-factor', created: false } });
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(browser.cookie('hostdeck_two_factor')).toBeTruthy();
  });
});
