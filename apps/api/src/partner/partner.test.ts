import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from '../testing/sql.js';
import {
  FORM_PER_ADDRESS_PER_HOUR,
  PARTNER_MESSAGES,
  partnerRoutes,
  SITE_VERIFY_PREFIX,
} from '@hostdeck/contracts/partner';
import {
  auditLogs,
  contactMessages,
  partnerAccessTokens,
  partnerServers,
  servers,
  sites,
  subscribers,
  users,
} from '../database/schema.js';
import { TestBrowser } from '../accounts/testing/test-browser.js';
import { createSession, SESSION_COOKIE } from '../auth/sessions.repository.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { apiAs, insertServer, signIn } from '../policy/testing/policy-fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { createFakeServer, FAKE_HOST_KEY } from '../servers/testing/fake-server.js';
import { secretHash, signFormToken, siteVerificationToken } from './partner-secrets.js';
import { startSmtpCapture } from '../mail/testing/smtp-capture.js';

const ADMIN_EMAIL = 'admin@partner.test';
const APP_URL = 'https://panel.partner.test';

/**
 * The partner API and the public forms (docs/partner-api.md) on PGlite, servers answered by the
 * in-memory fake server, mail delivered to a real SMTP server started here.
 */
describe('partner API, verify/decrypt, contact and subscribes', () => {
  const fake = createFakeServer();
  let test: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let address = 0;
  /** Each test calls from its own address, so the per-address limits of one never touch another. */
  let ip = '';

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, {
      executor: fake.executor,
      env: { MAIL_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, APP_URL, BRAND: 'Deck' },
    });
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    address += 1;
    ip = `198.51.100.${address}`;
    Object.assign(fake.state, createFakeServer().state, { authorizedKeys: new Set(), log: [] });
  });

  const db = () => test.database.db;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { token?: string; body?: object; locale?: string; host?: string } = {},
  ) =>
    test.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.locale ? { 'accept-language': options.locale } : {}),
        ...(options.host ? { host: options.host } : {}),
      },
      ...(options.body ? { payload: options.body } : {}),
    });

  async function admin() {
    const { user, cookie } = await createSignedInUser(db(), 'Admin', { email: ADMIN_EMAIL });
    return { user, api: await apiAs(test, cookie) };
  }
  let adminClient: Awaited<ReturnType<typeof admin>> | undefined;
  const theAdmin = async () => (adminClient ??= await admin());

  /** A partner: an account an admin marked, with an API token, exchanged for an access token. */
  async function partner(scopes: string[] = ['write']) {
    const account = await signIn(test, 'Partner');
    const { api } = await theAdmin();
    const marked = await api.put(`/api/admin/users/${account.user.id}/partner`, { is_partner: true });
    expect(marked.statusCode, marked.body).toBe(200);
    const made = await account.api.post('/api/user/api-tokens', {
      name: 'partner',
      scopes,
      expires_in_days: 30,
    });
    expect(made.statusCode, made.body).toBe(201);
    const apiToken = made.json().data.token as string;
    const exchanged = await call('POST', partnerRoutes.partnerToken.path, { token: apiToken });
    return { account, apiToken, exchanged, access: exchanged.json().access_token as string };
  }

  const serverForm = (overrides: Record<string, unknown> = {}) => ({
    name: 'customer-web',
    ip: '203.0.113.10',
    port: 22,
    method: 'command',
    ...overrides,
  });

  let customers = 0;
  /**
   * A partner's server for a new customer: the partner's call makes the account and mails the
   * invitation; the customer sets a password through the mailed link (which verifies the address)
   * and is then signed in.
   */
  async function partnerServer(locale: 'en' | 'vi' = 'en') {
    const p = await partner();
    customers += 1;
    const email = `customer-${customers}@example.test`;
    const created = await call('POST', partnerRoutes.createServer.path, {
      token: p.access,
      body: {
        customer_email: email,
        customer_name: 'Customer',
        customer_locale: locale,
        server: serverForm(),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data as { id: number; install_command: string; status: string };
    const secret = /Bearer (hdi_[A-Za-z0-9_-]{43})/.exec(data.install_command)![1]!;
    const customer = await acceptInvitation(email);
    return { p, customer, data, secret };
  }

  async function acceptInvitation(email: string) {
    const mail = smtp.to(email).at(-1)!;
    const token = /reset-password#token=([A-Za-z0-9_-]{43})/.exec(mail.raw)![1]!;
    const password = 'Correct-horse-battery-9';
    const reset = await new TestBrowser(test.app).post('/api/reset-password', {
      token,
      email,
      password,
      password_confirmation: password,
    });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user!.emailVerifiedAt).not.toBeNull();
    const session = await createSession(db(), user!.id);
    return { user: user!, mail, api: await apiAs(test, `${SESSION_COOKIE}=${session}`) };
  }

  it('partner token: only a partner’s API token with write scope; expired or revoked partners get 401', async () => {
    const p = await partner();
    expect(p.exchanged.statusCode, p.exchanged.body).toBe(200);
    expect(p.exchanged.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(p.access).toMatch(/^hdp_/);
    const [stored] = await db()
      .select()
      .from(partnerAccessTokens)
      .where(eq(partnerAccessTokens.tokenHash, secretHash(p.access)));
    expect(stored).toBeDefined();

    // Not a partner: 403, in the caller's language.
    const plain = await signIn(test, 'Plain');
    const token = (
      await plain.api.post('/api/user/api-tokens', { name: 't', scopes: ['write'], expires_in_days: 30 })
    ).json().data.token;
    const refused = await call('POST', partnerRoutes.partnerToken.path, { token, locale: 'vi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Tài khoản này không phải là đối tác.');
    // A read-only token of a partner: 403. No token, a forged one, an access token as an API token: 401.
    expect((await partner(['read'])).exchanged.statusCode).toBe(403);
    for (const bad of [undefined, `hd_${'x'.repeat(43)}`, p.access])
      expect((await call('POST', partnerRoutes.partnerToken.path, { token: bad })).statusCode).toBe(401);

    // An expired access token: 401.
    await db()
      .update(partnerAccessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(partnerAccessTokens.tokenHash, secretHash(p.access)));
    const expired = await call('POST', partnerRoutes.serverAction.path.replace(':server', '1'), {
      token: p.access,
      body: { action: 'status' },
    });
    expect(expired.statusCode).toBe(401);

    // The admin takes the partner flag away: live access tokens stop at once; the change is audited.
    const again = await call('POST', partnerRoutes.partnerToken.path, { token: p.apiToken });
    const live = again.json().access_token as string;
    const { api, user: adminUser } = await theAdmin();
    expect(
      (await api.put(`/api/admin/users/${p.account.user.id}/partner`, { is_partner: false })).statusCode,
    ).toBe(200);
    expect(
      (
        await call('POST', partnerRoutes.createServer.path, {
          token: live,
          body: { customer_email: ADMIN_EMAIL, server: serverForm() },
        })
      ).statusCode,
    ).toBe(401);
    const audited = await db().select().from(auditLogs).where(eq(auditLogs.userId, adminUser.id));
    expect(audited.some((row) => JSON.stringify(row).includes('/partner'))).toBe(true);

    expect((await api.get('/api/admin/partners')).json().data).not.toContain(p.account.user.id);
    // Only an administrator may mark or list partners (404 for anyone else).
    expect((await plain.api.get('/api/admin/partners')).statusCode).toBe(404);
    expect(
      (await plain.api.put(`/api/admin/users/${plain.user.id}/partner`, { is_partner: true })).statusCode,
    ).toBe(404);
  });

  it('creates a server for a customer, owned by the customer, validated like the normal form; another partner gets 404', async () => {
    const { p, customer, data, secret } = await partnerServer();
    expect(customer.mail.raw).toContain('Partner made a Deck account for you at this address');
    expect(customer.user).toMatchObject({ name: 'Customer', locale: 'en' });
    expect(data.status).toBe('PENDING');
    expect(data.install_command).toContain(`${APP_URL}/api/servers/${data.id}/verify`);
    const [row] = await db().select().from(servers).where(eq(servers.id, data.id));
    expect(row!.userId).toBe(customer.user.id);
    const [link] = await db().select().from(partnerServers).where(eq(partnerServers.serverId, data.id));
    expect(link).toMatchObject({ partnerUserId: p.account.user.id, installSecretHash: secretHash(secret) });
    // The customer sees it in the panel like their own.
    expect((await customer.api.get(`/api/servers/${data.id}`)).statusCode).toBe(200);

    // Validated like the normal form; an unknown customer; the password method is not offered.
    const bad = await call('POST', partnerRoutes.createServer.path, {
      token: p.access,
      body: { customer_email: customer.user.email, server: serverForm({ ip: '300.1.1.1', name: '' }) },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ 'server.ip': ['Invalid IP'] });
    // An account the partner did not create is never given a server: one that signed up by itself,
    // another partner's customer. Its own customer gets a second server.
    const stranger = await signIn(test, 'Stranger');
    const refused = await call('POST', partnerRoutes.createServer.path, {
      token: p.access,
      locale: 'vi',
      body: { customer_email: stranger.user.email, server: serverForm() },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      customer_email: [
        'Địa chỉ email này thuộc về một tài khoản không do bạn tạo. Đối tác chỉ tạo máy chủ cho các tài khoản do chính mình tạo.',
      ],
    });
    const another = await partner();
    const poached = await call('POST', partnerRoutes.createServer.path, {
      token: another.access,
      body: { customer_email: customer.user.email, server: serverForm() },
    });
    expect(poached.statusCode).toBe(422);
    expect(poached.json().errors).toEqual({ customer_email: [PARTNER_MESSAGES.notYourCustomer] });
    expect(await db().select().from(servers).where(eq(servers.userId, stranger.user.id))).toEqual([]);
    const second = await call('POST', partnerRoutes.createServer.path, {
      token: p.access,
      body: { customer_email: customer.user.email.toUpperCase(), server: serverForm({ name: 'second' }) },
    });
    expect(second.statusCode, second.body).toBe(201);
    // One account, one invitation: the second server mails nothing.
    expect(smtp.to(customer.user.email)).toHaveLength(1);
    const password = await call('POST', partnerRoutes.createServer.path, {
      token: p.access,
      body: {
        customer_email: customer.user.email,
        server: serverForm({ method: 'password', password: 'x' }),
      },
    });
    expect(password.statusCode).toBe(422);

    // Status: its own server. Another partner's view, a customer's own server, junk ids: 404.
    const status = await call('POST', `/api/partner/server/${data.id}`, {
      token: p.access,
      body: { action: 'status' },
    });
    expect(status.json().data).toMatchObject({
      id: data.id,
      status: 'PENDING',
      customer_email: customer.user.email,
      install_command: null,
    });
    const other = await partner();
    expect(
      (
        await call('POST', `/api/partner/server/${data.id}`, {
          token: other.access,
          body: { action: 'status' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/partner/server/${data.id}`, {
          token: other.access,
          body: { action: 'delete' },
        })
      ).statusCode,
    ).toBe(404);
    const own = await insertServer(db(), customer.user.id, { name: 'own' });
    expect(
      (await call('POST', `/api/partner/server/${own.id}`, { token: p.access, body: { action: 'status' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/partner/server/abc`, { token: p.access, body: { action: 'status' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/partner/server/${data.id}`, { body: { action: 'status' } })).statusCode,
    ).toBe(401);

    // Delete: gone for the customer too.
    const deleted = await call('POST', `/api/partner/server/${data.id}`, {
      token: p.access,
      body: { action: 'delete' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await db().select().from(servers).where(eq(servers.id, data.id))).toEqual([]);
  });

  it('verify: the server’s one-time install secret connects it; another server’s secret, a replay or a user session get 401', async () => {
    const { customer, data, secret } = await partnerServer('vi');
    expect(customer.mail.raw).toContain('Hãy đặt mật khẩu tại đây (liên kết có hiệu lực trong 60 phút):');
    const second = await partnerServer();
    const verifyPath = `/api/servers/${data.id}/verify`;

    // Decrypt answers the server what it needs to join, nothing secret.
    const bootstrap = await call('GET', `/api/servers/${data.id}/decrypt`, { token: secret });
    expect(bootstrap.statusCode, bootstrap.body).toBe(200);
    const [row] = await db().select().from(servers).where(eq(servers.id, data.id));
    expect(bootstrap.json().data).toMatchObject({ server_id: data.id, panel_public_key: row!.publicKey });
    expect(bootstrap.json().data.agent_panel_public_key).toContain('BEGIN PUBLIC KEY');
    expect(bootstrap.body).not.toContain('PRIVATE');

    // Another server's secret, no secret, a user's session: 401 for both calls.
    for (const path of [verifyPath, `/api/servers/${data.id}/decrypt`]) {
      expect((await call('GET', path, { token: second.secret })).statusCode).toBe(401);
      expect((await call('GET', path)).statusCode).toBe(401);
      expect((await customer.api.get(path)).statusCode).toBe(401);
    }

    // Key not yet installed: refused with the reason, secret still usable.
    const early = await call('GET', verifyPath, { token: secret });
    expect(early.statusCode).toBe(422);
    fake.state.authorizedKeys.add(row!.publicKey!);
    const verified = await call('GET', verifyPath, { token: secret });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toEqual({ id: data.id, status: 'INSTALLING' });
    const [after] = await db().select().from(servers).where(eq(servers.id, data.id));
    expect(after!.hostKeyFingerprint).toBe(FAKE_HOST_KEY);

    // Replayed: the secret is spent.
    expect((await call('GET', verifyPath, { token: secret })).statusCode).toBe(401);
    expect((await call('GET', `/api/servers/${data.id}/decrypt`, { token: secret })).statusCode).toBe(401);

    // An expired secret: 401.
    await db()
      .update(partnerServers)
      .set({ installSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(partnerServers.serverId, second.data.id));
    expect(
      (await call('GET', `/api/servers/${second.data.id}/decrypt`, { token: second.secret })).statusCode,
    ).toBe(401);
  });

  it('site verify answers the site’s token only through its own domain, for any method', async () => {
    const owner = await signIn(test, 'Site owner');
    const server = await insertServer(db(), owner.user.id);
    const [site] = await db()
      .insert(sites)
      .values({ serverId: server.id, userId: owner.user.id, name: 'shop.example.test', linuxUser: 'shop' })
      .returning();
    const path = `/api/sites/${site!.id}/verify`;
    const expected = `${SITE_VERIFY_PREFIX}${siteVerificationToken(test.config.appKey, site!.id, 'shop.example.test')}`;
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const answer = await call(method, path, { host: 'shop.example.test' });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(expected);
    }
    expect((await call('GET', path, { host: 'SHOP.example.test:8080' })).body).toBe(expected);
    expect((await call('GET', path, { host: 'panel.partner.test' })).statusCode).toBe(404);
    expect((await call('GET', path, { host: 'evil.test' })).statusCode).toBe(404);
    expect((await call('GET', '/api/sites/999999/verify', { host: 'shop.example.test' })).statusCode).toBe(
      404,
    );
  });

  const formToken = (ageMs: number) => signFormToken(test.config.appKey, Date.now() - ageMs);
  const contact = (overrides: Record<string, unknown> = {}) => ({
    name: 'Lan',
    email: `lan-${address}@example.test`,
    subject: 'Pricing',
    message: 'Do you have a yearly plan?',
    form_token: formToken(10_000),
    ...overrides,
  });
  const count = async (email: string) =>
    (await db().select().from(contactMessages).where(eq(contactMessages.email, email))).length;

  it('contact: stored and mailed to the administrator over SMTP, answered in the sender’s language', async () => {
    await theAdmin();
    const body = contact({ message: 'Xin chào, <b>giá</b> bao nhiêu?' });
    const sent = await call('POST', partnerRoutes.contact.path, { body, locale: 'vi' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('Cảm ơn bạn, tin nhắn đã được gửi. Chúng tôi sẽ trả lời qua email.');
    expect(await count(body.email)).toBe(1);
    const mail = smtp.to(ADMIN_EMAIL).at(-1)!;
    expect(mail.raw).toContain(body.email);
    expect(mail.raw).toContain('Xin chào, <b>giá</b> bao nhiêu?');
    expect(mail.raw).toContain('&lt;b&gt;giá&lt;/b&gt;');
    // Admin reads it; nobody else does.
    const list = await (await theAdmin()).api.get(partnerRoutes.adminContactMessages.path);
    expect(list.json().data.some((row: { email: string }) => row.email === body.email)).toBe(true);
    const someone = await signIn(test, 'Someone');
    expect((await someone.api.get(partnerRoutes.adminContactMessages.path)).statusCode).toBe(404);
    expect((await call('GET', partnerRoutes.adminContactMessages.path)).statusCode).toBe(401);
  });

  it('contact abuse guard: honeypot, too fast, forged or old form token, links, size', async () => {
    const mails = smtp.received.length;
    const honeypot = await call('POST', partnerRoutes.contact.path, {
      body: contact({ website: 'http://spam.test' }),
    });
    expect(honeypot.statusCode).toBe(200);
    expect(await count(`lan-${address}@example.test`)).toBe(0);
    expect(smtp.received.length).toBe(mails);

    const fast = await call('POST', partnerRoutes.contact.path, {
      body: contact({ form_token: formToken(500) }),
      locale: 'vi',
    });
    expect(fast.statusCode).toBe(422);
    expect(fast.json().errors.form_token).toEqual([
      'Vui lòng dành chút thời gian điền biểu mẫu, rồi gửi lại.',
    ]);
    const old = await call('POST', partnerRoutes.contact.path, {
      body: contact({ form_token: formToken(25 * 3600_000) }),
    });
    expect(old.json().errors.form_token).toEqual([PARTNER_MESSAGES.formExpired]);
    const forged = formToken(10_000).replace(/\.(.)/, (_w, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    expect(
      (await call('POST', partnerRoutes.contact.path, { body: contact({ form_token: forged }) })).json()
        .errors.form_token,
    ).toEqual([PARTNER_MESSAGES.formExpired]);
    const links = await call('POST', partnerRoutes.contact.path, {
      body: contact({ message: 'http://a.test http://b.test www.c.test' }),
    });
    expect(links.json().errors.message).toEqual([PARTNER_MESSAGES.tooManyLinks]);
    expect(
      (await call('POST', partnerRoutes.contact.path, { body: contact({ message: 'x'.repeat(5001) }) }))
        .statusCode,
    ).toBe(422);
    expect(
      (await call('POST', partnerRoutes.contact.path, { body: contact({ name: 'a\r\nBcc: x@y.test' }) }))
        .statusCode,
    ).toBe(422);
    expect(await count(`lan-${address}@example.test`)).toBe(0);

    // The form token comes from the panel.
    const issued = await call('GET', partnerRoutes.formToken.path);
    expect(issued.json()).toMatchObject({ min_fill_seconds: 3 });
    expect(
      (
        await call('POST', partnerRoutes.contact.path, {
          body: contact({ form_token: issued.json().form_token }),
        })
      ).json().errors.form_token,
    ).toEqual([PARTNER_MESSAGES.tooFast]);
  });

  it('contact limits: 3 an hour per email, 10 an hour per address (429)', async () => {
    const email = `limited-${address}@example.test`;
    for (let index = 0; index < 3; index += 1)
      expect((await call('POST', partnerRoutes.contact.path, { body: contact({ email }) })).statusCode).toBe(
        200,
      );
    const fourth = await call('POST', partnerRoutes.contact.path, { body: contact({ email }) });
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().errors.email).toEqual([PARTNER_MESSAGES.tooManyForEmail]);
    for (let index = 4; index < FORM_PER_ADDRESS_PER_HOUR; index += 1)
      await call('POST', partnerRoutes.contact.path, {
        body: contact({ email: `x${index}-${address}@example.test` }),
      });
    const limited = await call('POST', partnerRoutes.contact.path, {
      body: contact({ email: `y-${address}@example.test` }),
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('subscribes: double opt-in by email in the sender’s language, unsubscribe link, no listing but for admins', async () => {
    const email = `reader-${address}@example.test`;
    const body = { email, form_token: formToken(10_000) };
    const asked = await call('POST', partnerRoutes.subscribe.path, { body, locale: 'vi' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe('Sắp xong: hãy kiểm tra hộp thư và xác nhận đăng ký của bạn.');
    const mail = smtp.to(email).at(-1)!;
    expect(mail.raw).toContain('Để xác nhận, hãy mở liên kết này:');
    const confirm = /subscribe\/confirm#token=([A-Za-z0-9_-]+)/.exec(mail.raw)![1]!;
    const leave = /subscribe\/unsubscribe#token=([A-Za-z0-9_-]+)/.exec(mail.raw)![1]!;
    const [pending] = await db().select().from(subscribers).where(eq(subscribers.email, email));
    expect(pending).toMatchObject({ confirmedAt: null, locale: 'vi', confirmTokenHash: secretHash(confirm) });

    expect(
      (await call('POST', partnerRoutes.confirmSubscription.path, { body: { token: confirm } })).statusCode,
    ).toBe(200);
    // A confirmation link works once.
    expect(
      (await call('POST', partnerRoutes.confirmSubscription.path, { body: { token: confirm } })).statusCode,
    ).toBe(422);
    const [confirmed] = await db().select().from(subscribers).where(eq(subscribers.email, email));
    expect(confirmed!.confirmedAt).not.toBeNull();
    // Subscribing again answers the same, and mails nothing (no one learns who subscribed).
    const mails = smtp.to(email).length;
    const again = await call('POST', partnerRoutes.subscribe.path, { body, locale: 'vi' });
    expect(again.json()).toEqual(asked.json());
    expect(smtp.to(email).length).toBe(mails);

    expect(
      (await call('POST', partnerRoutes.unsubscribe.path, { body: { token: leave } })).json().message,
    ).toBe(PARTNER_MESSAGES.unsubscribed);
    const [left] = await db().select().from(subscribers).where(eq(subscribers.email, email));
    expect(left!.unsubscribedAt).not.toBeNull();
    expect(
      (await call('POST', partnerRoutes.unsubscribe.path, { body: { token: 'x'.repeat(43) } })).statusCode,
    ).toBe(422);

    // Admins list subscribers; anyone else 404 (signed in) or 401.
    const list = await (await theAdmin()).api.get(partnerRoutes.adminSubscribers.path);
    expect(list.json().data.some((row: { email: string }) => row.email === email)).toBe(true);
    expect((await (await signIn(test, 'Nosy')).api.get(partnerRoutes.adminSubscribers.path)).statusCode).toBe(
      404,
    );
  });

  it('subscribes: honeypot, too fast, and 3 mails an hour per email', async () => {
    const email = `flood-${address}@example.test`;
    expect(
      (
        await call('POST', partnerRoutes.subscribe.path, {
          body: { email, form_token: formToken(10_000), website: 'x' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await db().select().from(subscribers).where(eq(subscribers.email, email))).toEqual([]);
    expect(
      (await call('POST', partnerRoutes.subscribe.path, { body: { email, form_token: formToken(100) } }))
        .statusCode,
    ).toBe(422);
    for (let index = 0; index < 3; index += 1)
      expect(
        (await call('POST', partnerRoutes.subscribe.path, { body: { email, form_token: formToken(10_000) } }))
          .statusCode,
      ).toBe(200);
    const fourth = await call('POST', partnerRoutes.subscribe.path, {
      body: { email, form_token: formToken(10_000) },
    });
    expect(fourth.json().errors.email).toEqual([PARTNER_MESSAGES.tooManyForEmail]);
    expect(smtp.to(email).length).toBe(3);
  });
});
