import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@hostdeck/contracts';
import {
  COMMISSION_HOLDING_DAYS,
  REFERRAL_COOKIE,
  REFERRAL_MESSAGES,
  referralRoutes,
  type CommissionList,
} from '@hostdeck/contracts/referrals';
import { TestBrowser } from '../accounts/testing/test-browser.js';
import { PASSWORD, uniqueEmail } from '../accounts/testing/accounts.js';
import { balanceOf, ledgerMismatches, post } from '../billing/ledger.js';
import { billingAccounts, commissions, ledgerEntries, paymentMethods, users } from '../database/schema.js';
import { apiAs } from '../policy/testing/policy-fixtures.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases, type TestDatabase } from '../testing/test-databases.js';
import { attributeReferral } from './attribution.js';
import { normaliseMailbox } from './mailbox.js';
import { createReferralsService } from './referrals.service.js';
import { referralsVi } from './referrals.vi.js';

const CODES = referralRoutes.listCodes.path;
const COMMISSIONS = referralRoutes.commissions.path;
const DAY_MS = 24 * 60 * 60 * 1000;
const databases = await availableTestDatabases();
const [pglite] = databases;

/** A panel serving a built SPA (one index.html), so `/register?ref=…` goes through the page route. */
function usePanel(env: Record<string, string>, database: TestDatabase = pglite!) {
  let test: TestApp | undefined;
  let distDir = '';
  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-referrals-dist-'));
    writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><title>HostDeck</title><div id="root"></div>',
    );
    test = await createTestApp(database, { env: { WEB_DIST_DIR: distDir, ...env } });
  });
  afterAll(async () => {
    await test?.close();
    rmSync(distDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    // The ledger invariant after every billing test.
    expect(await ledgerMismatches(test!.database.db)).toEqual([]);
  });
  return () => test!;
}

let sequence = 0;
/** A top-up credited the way the SePay webhook credits it: one `topup` row through the ledger. */
function topUp(test: TestApp, userId: number, cents: number) {
  sequence += 1;
  const reference = `topup:${9000 + sequence}`;
  return post(test.database.db, {
    userId,
    amountCents: cents,
    type: 'topup',
    reference,
    idempotencyKey: `sepay:${reference}`,
    metadata: { provider: 'sepay' },
  });
}

function refund(test: TestApp, userId: number, reference: string, cents: number) {
  return post(test.database.db, {
    userId,
    amountCents: -cents,
    type: 'refund',
    reference,
    idempotencyKey: `refund:${reference}`,
    allowNegative: true,
  });
}

async function user(test: TestApp, name: string, email?: string) {
  const created = await createSignedInUser(test.database.db, name, email ? { email } : {});
  return { user: created.user, cookie: created.cookie, api: await apiAs(test, created.cookie) };
}

/** A referrer with a code, and an account attributed to it. */
async function referredPair(test: TestApp, emails: { referrer?: string; referred?: string } = {}) {
  const referrer = await user(test, 'Ann Referrer', emails.referrer);
  const code = `ANN-${++sequence}`;
  expect((await referrer.api.post(CODES, { code, name: 'Blog' })).statusCode).toBe(201);
  const referred = await user(test, 'Bob Referred', emails.referred);
  await test.database.db.transaction((tx) => attributeReferral(tx, referred.user.id, code));
  return { referrer, referred, code };
}

async function commissionsOf(test: TestApp, userId: number) {
  return test.database.db.select().from(commissions).where(eq(commissions.referrerUserId, userId));
}

describe('referral codes', () => {
  const testApp = usePanel({ MAX_COMMISSION: '20' });

  it('creates (upper-cased), lists, renames with PUT and PATCH, and deletes a code', async () => {
    const { api, cookie } = await user(testApp(), 'Ann');
    const created = await api.post(CODES, { code: ' spring-sale ', name: 'Spring' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ code: 'SPRING-SALE', name: 'Spring', signups: 0 });
    expect((await api.put(`${CODES}/spring-sale`, { name: 'Spring 2026' })).json().data.name).toBe(
      'Spring 2026',
    );
    const probe = await testApp().app.inject({ method: 'GET', url: '/api/health' });
    const csrf = probe.cookies.find((c) => c.name === CSRF_COOKIE)!.value;
    const patched = await testApp().app.inject({
      method: 'PATCH',
      url: `${CODES}/SPRING-SALE`,
      payload: { name: 'Spring again' },
      headers: { cookie: `${cookie}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await api.get(CODES)).json().data).toEqual([
      expect.objectContaining({ code: 'SPRING-SALE', name: 'Spring again' }),
    ]);
    expect((await api.delete(`${CODES}/SPRING-SALE`)).statusCode).toBe(204);
    expect((await api.get(CODES)).json().data).toEqual([]);
  });

  it('refuses a malformed code, a taken one (in both languages) and a 21st', async () => {
    const { api } = await user(testApp(), 'Ann');
    for (const code of ['abc', 'a'.repeat(33), 'no spaces', 'ünïcode', 'semi;colon'])
      expect((await api.post(CODES, { code, name: 'x' })).statusCode, code).toBe(422);
    expect((await api.post(CODES, { code: 'GOOD', name: '' })).statusCode).toBe(422);
    expect((await api.post(CODES, { code: 'TAKEN-1', name: 'x' })).statusCode).toBe(201);
    const other = await user(testApp(), 'Other');
    const taken = await other.api.post(CODES, { code: 'taken-1', name: 'x' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.code).toEqual([REFERRAL_MESSAGES.taken]);
    const vi = await other.api.post(CODES, { code: 'taken-1', name: 'x' }, 'vi');
    expect(vi.json().errors.code).toEqual(['Mã này đã được sử dụng.']);
    for (let i = 2; i <= 20; i += 1)
      expect((await api.post(CODES, { code: `MANY-${i}`, name: 'x' })).statusCode).toBe(201);
    const tooMany = await api.post(CODES, { code: 'MANY-21', name: 'x' });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.code).toEqual([REFERRAL_MESSAGES.tooMany]);
  });

  it("answers 404 for another user's code, and leaves it as it was", async () => {
    const { api } = await user(testApp(), 'Ann');
    await api.post(CODES, { code: 'ANNS-CODE', name: 'Mine' });
    const stranger = await user(testApp(), 'Mallory');
    expect((await stranger.api.put(`${CODES}/ANNS-CODE`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await stranger.api.delete(`${CODES}/ANNS-CODE`)).statusCode).toBe(404);
    expect((await stranger.api.delete(`${CODES}/x`)).statusCode).toBe(404);
    expect((await stranger.api.get(CODES)).json().data).toEqual([]);
    expect((await api.get(CODES)).json().data).toEqual([expect.objectContaining({ name: 'Mine' })]);
  });

  it('keeps ?ref= from any page for 60 days and attributes the registration to it', async () => {
    const { api } = await user(testApp(), 'Ann');
    await api.post(CODES, { code: 'FRIENDS', name: 'Friends' });
    const browser = new TestBrowser(testApp().app);
    const page = await browser.get('/register?ref=friends');
    expect(page.statusCode).toBe(200);
    const cookie = page.cookies.find((c) => c.name === REFERRAL_COOKIE)!;
    expect(cookie).toMatchObject({ value: 'FRIENDS', maxAge: 60 * 24 * 60 * 60, httpOnly: true, path: '/' });
    const email = uniqueEmail('referred');
    const registered = await browser.post('/api/register', {
      name: 'Bob',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const [bob] = await testApp().database.db.select().from(users).where(eq(users.email, email));
    const [account] = await testApp()
      .database.db.select()
      .from(billingAccounts)
      .where(eq(billingAccounts.userId, bob!.id));
    expect(account!.referralCodeId).not.toBeNull();
    expect(account!.referredAt).toBeInstanceOf(Date);
    expect(browser.cookie(REFERRAL_COOKIE)).toBeUndefined();
    expect((await api.get(CODES)).json().data[0].signups).toBe(1);
  });

  it('ignores an unknown or malformed ref, and a sign-up without one', async () => {
    for (const ref of ['NOPE-NOT-A-CODE', 'x', undefined]) {
      const browser = new TestBrowser(testApp().app);
      if (ref) browser.setCookie(REFERRAL_COOKIE, ref);
      const email = uniqueEmail('plain');
      const registered = await browser.post('/api/register', {
        name: 'Cy',
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const [cy] = await testApp().database.db.select().from(users).where(eq(users.email, email));
      const rows = await testApp()
        .database.db.select()
        .from(billingAccounts)
        .where(eq(billingAccounts.userId, cy!.id));
      expect(rows.filter((row) => row.referralCodeId !== null)).toEqual([]);
    }
    const odd = await new TestBrowser(testApp().app).get('/?ref=a;b');
    expect(odd.cookies.filter((c) => c.name === REFERRAL_COOKIE)).toEqual([]);
  });

  it('has Vietnamese for every message', () => {
    for (const message of Object.values(REFERRAL_MESSAGES))
      expect(referralsVi[message], message).toBeTruthy();
  });

  it("ignores the account's own code", async () => {
    const { user: ann, api } = await user(testApp(), 'Ann');
    await api.post(CODES, { code: 'ANN-OWN', name: 'x' });
    const attributed = await testApp().database.db.transaction((tx) =>
      attributeReferral(tx, ann.id, 'ann-own'),
    );
    expect(attributed).toBe(false);
  });
});

describe.each(databases)('referral commissions on $name', (database) => {
  const testApp = usePanel({ MAX_COMMISSION: '20' }, database);

  it("records a pending commission of MAX_COMMISSION percent on the referred account's top-up", async () => {
    const { referrer, referred, code } = await referredPair(testApp());
    const { entry } = await topUp(testApp(), referred.user.id, 1000);
    const rows = await commissionsOf(testApp(), referrer.user.id);
    expect(rows).toEqual([
      expect.objectContaining({
        referredUserId: referred.user.id,
        sourceReference: entry.reference,
        sourceAmountCents: 1000,
        percent: 20,
        amountCents: 200,
        status: 'pending',
      }),
    ]);
    const holding = rows[0]!.availableAt.getTime() - rows[0]!.createdAt.getTime();
    expect(holding).toBe(COMMISSION_HOLDING_DAYS * DAY_MS);
    const list = (await referrer.api.get(COMMISSIONS)).json<CommissionList>();
    expect(list.data).toEqual([
      expect.objectContaining({
        referred_name: 'Bob Referred',
        code,
        amount: 200,
        percent: 20,
        status: 'pending',
      }),
    ]);
    expect(list.summary).toMatchObject({ pending: 200, available: 0, reversed: 0, paid: 0, percent: 20 });
    expect(list.meta).toMatchObject({ total: 1, current_page: 1 });
    // The referred account sees none of it; a replayed top-up earns nothing more.
    expect((await referred.api.get(COMMISSIONS)).json<CommissionList>().data).toEqual([]);
    await post(testApp().database.db, {
      userId: referred.user.id,
      amountCents: 1000,
      type: 'topup',
      reference: entry.reference,
      idempotencyKey: entry.idempotencyKey,
    });
    expect(await commissionsOf(testApp(), referrer.user.id)).toHaveLength(1);
    // Only top-ups earn: a coupon bonus or an adjustment does not.
    await post(testApp().database.db, {
      userId: referred.user.id,
      amountCents: 500,
      type: 'coupon',
      reference: entry.reference,
      idempotencyKey: `coupon:${entry.reference}`,
    });
    expect(await commissionsOf(testApp(), referrer.user.id)).toHaveLength(1);
  });

  it('rounds down and never pays above the cap', async () => {
    const { referrer, referred } = await referredPair(testApp());
    for (const cents of [999, 1, 4, 5, 123_457]) await topUp(testApp(), referred.user.id, cents);
    const rows = await commissionsOf(testApp(), referrer.user.id);
    expect(rows.map((row) => row.amountCents).sort((a, b) => a - b)).toEqual([1, 199, 24_691]);
    for (const row of rows) {
      expect(row.percent).toBe(20);
      expect(row.amountCents).toBeLessThanOrEqual((row.sourceAmountCents * 20) / 100);
    }
  });

  it('pages the commissions list', async () => {
    const { referrer, referred } = await referredPair(testApp());
    for (let i = 0; i < 3; i += 1) await topUp(testApp(), referred.user.id, 1000 + i * 100);
    const page = (await referrer.api.get(`${COMMISSIONS}?page=2&itemsPerPage=2`)).json<CommissionList>();
    expect(page.meta).toMatchObject({ current_page: 2, last_page: 2, total: 3, per_page: 2 });
    expect(page.data.map((row) => row.amount)).toEqual([200]);
    expect(page.summary.pending).toBe(200 + 220 + 240);
  });

  it('makes a commission available after the holding period, and credits it to the balance once', async () => {
    const { referrer, referred } = await referredPair(testApp());
    await topUp(testApp(), referred.user.id, 2500);
    const [row] = await commissionsOf(testApp(), referrer.user.id);
    let clock = new Date(row!.availableAt.getTime() - 1000);
    const service = createReferralsService({
      db: testApp().database.db,
      maxCommission: 20,
      now: () => clock,
    });
    const caller = { id: referrer.user.id };
    const early = await service.commissions(caller, { page: 1, itemsPerPage: 15 }, COMMISSIONS);
    expect(early.summary).toMatchObject({ pending: 500, available: 0 });
    await expect(service.creditCommission(caller, row!.id)).rejects.toThrow(REFERRAL_MESSAGES.notAvailable);

    clock = new Date(row!.availableAt.getTime());
    const later = await service.commissions(caller, { page: 1, itemsPerPage: 15 }, COMMISSIONS);
    expect(later.summary).toMatchObject({ pending: 0, available: 500 });
    expect(later.data[0]!.status).toBe('available');

    expect((await service.creditCommission(caller, row!.id)).status).toBe('paid');
    expect((await service.creditCommission(caller, row!.id)).status).toBe('paid');
    await Promise.all([service.creditCommission(caller, row!.id), service.creditCommission(caller, row!.id)]);
    expect(await balanceOf(testApp().database.db, referrer.user.id)).toBe(500);
    const entries = await testApp()
      .database.db.select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, referrer.user.id));
    expect(entries).toEqual([expect.objectContaining({ type: 'commission', amountCents: 500 })]);
    const summary = (await service.commissions(caller, { page: 1, itemsPerPage: 15 }, COMMISSIONS)).summary;
    expect(summary).toMatchObject({ available: 0, paid: 500 });
    // Another user cannot credit it; through the route it is still held (the real clock).
    const stranger = await user(testApp(), 'Mallory');
    expect((await stranger.api.post(`${COMMISSIONS}/${row!.id}/credit`)).statusCode).toBe(404);
  });

  it('refuses to credit a commission still in its holding period through the route (409)', async () => {
    const { referrer, referred } = await referredPair(testApp());
    await topUp(testApp(), referred.user.id, 1000);
    const [row] = await commissionsOf(testApp(), referrer.user.id);
    const answer = await referrer.api.post(`${COMMISSIONS}/${row!.id}/credit`);
    expect(answer.statusCode).toBe(409);
    expect(await balanceOf(testApp().database.db, referrer.user.id)).toBe(0);
  });

  it('reverses a pending commission when its top-up is refunded', async () => {
    const { referrer, referred } = await referredPair(testApp());
    const { entry } = await topUp(testApp(), referred.user.id, 1000);
    await refund(testApp(), referred.user.id, entry.reference, 1000);
    const [row] = await commissionsOf(testApp(), referrer.user.id);
    expect(row!.status).toBe('reversed');
    expect(await balanceOf(testApp().database.db, referrer.user.id)).toBe(0);
    const list = (await referrer.api.get(COMMISSIONS)).json<CommissionList>();
    expect(list.summary).toMatchObject({ pending: 0, available: 0, reversed: 200 });
    expect(list.data[0]!.status).toBe('reversed');
  });

  it('takes a credited commission back with a commission_reversal row when its top-up is refunded', async () => {
    const { referrer, referred } = await referredPair(testApp());
    const { entry } = await topUp(testApp(), referred.user.id, 1000);
    const [row] = await commissionsOf(testApp(), referrer.user.id);
    const service = createReferralsService({
      db: testApp().database.db,
      maxCommission: 20,
      now: () => new Date(row!.availableAt.getTime() + 1),
    });
    await service.creditCommission({ id: referrer.user.id }, row!.id);
    expect(await balanceOf(testApp().database.db, referrer.user.id)).toBe(200);
    await refund(testApp(), referred.user.id, entry.reference, 1000);
    await refund(testApp(), referred.user.id, entry.reference, 1000); // replayed: nothing moves
    expect(await balanceOf(testApp().database.db, referrer.user.id)).toBe(0);
    const entries = await testApp()
      .database.db.select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, referrer.user.id));
    expect(entries.map((e) => [e.type, e.amountCents])).toEqual([
      ['commission', 200],
      ['commission_reversal', -200],
    ]);
    const [after] = await commissionsOf(testApp(), referrer.user.id);
    expect(after!.status).toBe('reversed');
    await expect(service.creditCommission({ id: referrer.user.id }, row!.id)).rejects.toThrow(
      REFERRAL_MESSAGES.notAvailable,
    );
  });

  it('pays nothing when both accounts are one mailbox (case, +tag, Gmail dots)', async () => {
    const local = `ann.lee.${++sequence}`;
    const { referrer, referred } = await referredPair(testApp(), {
      referrer: `${local}@gmail.com`,
      referred: `${local.replaceAll('.', '').toUpperCase()}+promo@GoogleMail.com`,
    });
    await topUp(testApp(), referred.user.id, 1000);
    expect(await commissionsOf(testApp(), referrer.user.id)).toEqual([]);
  });

  it('pays nothing when the same card is saved on both accounts', async () => {
    const { referrer, referred } = await referredPair(testApp());
    const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
    const fingerprint = `fp_${++sequence}`;
    await testApp()
      .database.db.insert(paymentMethods)
      .values([
        { ...card, userId: referrer.user.id, stripePaymentMethodId: `pm_a${sequence}`, fingerprint },
        { ...card, userId: referred.user.id, stripePaymentMethodId: `pm_b${sequence}`, fingerprint },
      ]);
    await topUp(testApp(), referred.user.id, 1000);
    expect(await commissionsOf(testApp(), referrer.user.id)).toEqual([]);
    // A different card on each account is no reason to block.
    const other = await referredPair(testApp());
    await testApp()
      .database.db.insert(paymentMethods)
      .values([
        {
          ...card,
          userId: other.referrer.user.id,
          stripePaymentMethodId: `pm_c${sequence}`,
          fingerprint: 'fp_x',
        },
        {
          ...card,
          userId: other.referred.user.id,
          stripePaymentMethodId: `pm_d${sequence}`,
          fingerprint: 'fp_y',
        },
      ]);
    await topUp(testApp(), other.referred.user.id, 1000);
    expect(await commissionsOf(testApp(), other.referrer.user.id)).toHaveLength(1);
  });

  it('normalises mailboxes', () => {
    expect(normaliseMailbox('Ann.Lee+ref@GoogleMail.com')).toBe('annlee@gmail.com');
    expect(normaliseMailbox('a.n.n@gmail.com')).toBe('ann@gmail.com');
    expect(normaliseMailbox('Ann.Lee+x@Example.com')).toBe('ann.lee@example.com');
  });
});

describe('referral commissions with a fractional MAX_COMMISSION', () => {
  const testApp = usePanel({ MAX_COMMISSION: '12.5' });

  it('earns the whole percent below the cap', async () => {
    const { referrer, referred } = await referredPair(testApp());
    await topUp(testApp(), referred.user.id, 999);
    const [row] = await commissionsOf(testApp(), referrer.user.id);
    expect(row).toMatchObject({ percent: 12, amountCents: 119 });
    expect((await referrer.api.get(COMMISSIONS)).json<CommissionList>().summary.percent).toBe(12);
  });
});

describe('referral commissions with MAX_COMMISSION=0', () => {
  const testApp = usePanel({});

  it('records none', async () => {
    const { referrer, referred } = await referredPair(testApp());
    await topUp(testApp(), referred.user.id, 5000);
    expect(await commissionsOf(testApp(), referrer.user.id)).toEqual([]);
  });
});
