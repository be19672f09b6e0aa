import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_MESSAGES, planPriceCents, PLANS } from '@hostdeck/contracts/plans';
import {
  couponRedemptions,
  coupons,
  invoices,
  ledgerEntries,
  mailOutbox,
  servers,
  serverSubscriptions,
  subscriptions,
  users,
} from '../../database/schema.js';
import { createOutboxMailer } from '../../mail/outbox.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
} from '../../policy/testing/policy-fixtures.js';
import { SERVER_SECTION_MESSAGES } from '../../server-sections/server-section-messages.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { availableTestDatabases } from '../../testing/test-databases.js';
import { eq } from '../../testing/sql.js';
import { balanceOf, ledgerMismatches, post } from '../ledger.js';
import { createRenewal } from './renewal.js';
import { DAY_MS } from './subscriptions.service.js';

const EVENT_ENDS_AT = new Date(Date.now() + 10 * DAY_MS).toISOString();
const databases = await availableTestDatabases();

describe.each(databases.map((database) => [database.name, database] as const))(
  'plans, VIP servers and invoices (issue 24 points 3 and 4) on %s',
  (_kind, database) => {
    let test: TestApp;
    beforeAll(async () => {
      test = await createTestApp(database, {
        env: { BILLING_ENABLED: 'true', SALES_EVENT_ENDS_AT: EVENT_ENDS_AT },
      });
    });
    afterAll(async () => test?.close());
    afterEach(async () => {
      expect(await ledgerMismatches(db())).toEqual([]);
    });
    const db = () => test.database.db;
    const renewal = () =>
      createRenewal({
        db: db(),
        mailer: createOutboxMailer({ db: db(), log: { info() {}, error() {} }, outboxPage: false }),
        brand: 'HostDeck',
        appUrl: 'https://panel.example.test',
        log: (message, details) => {
          throw new Error(`${message}: ${String(details.err)}`);
        },
      });

    async function owner(locale = 'en') {
      const signedIn = await signIn(test);
      await db().update(users).set({ locale }).where(eq(users.id, signedIn.user.id));
      const server = await insertServer(db(), signedIn.user.id, { sealedPassword: 'sealed' });
      return { ...signedIn, server };
    }
    const credit = (userId: number, cents: number, key = `test-topup:${userId}:${cents}:${Math.random()}`) =>
      post(db(), { userId, amountCents: cents, type: 'topup', reference: key, idempotencyKey: key });
    const buy = (who: Awaited<ReturnType<typeof owner>>, body: object, locale?: string) =>
      who.api.post('/api/user/subscriptions', { server_id: who.server.id, ...body }, locale);

    it('serves the plans in app info, the lifetime plan at half price while the sales event runs', async () => {
      const info = (await test.app.inject({ method: 'GET', url: '/api/info' })).json();
      expect(info.plans).toEqual([
        {
          id: 'vip_monthly',
          name: 'VIP Monthly',
          interval: 'month',
          price_cents: 1000,
        },
        {
          id: 'vip_lifetime',
          name: 'VIP Lifetime',
          interval: 'lifetime',
          price_cents: 4950,
        },
      ]);
      const lifetime = PLANS[1]!;
      expect(planPriceCents(lifetime, new Date(Date.now() - 1000).toISOString(), new Date())).toBe(9900);
      expect(planPriceCents(lifetime, null, new Date())).toBe(9900);
    });

    it('refuses a short balance with the amount missing, in the caller’s language, and moves nothing', async () => {
      const who = await owner();
      await credit(who.user.id, 300);
      const refused = await buy(who, { plan_id: 'vip_monthly' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.balance).toEqual([
        'Your balance is $3.00, this plan costs $10.00: top up $7.00 more.',
      ]);
      const vi = await buy(who, { plan_id: 'vip_monthly' }, 'vi');
      expect(vi.json().errors.balance).toEqual([
        'Số dư của bạn là $3.00, gói này có giá $10.00: hãy nạp thêm $7.00.',
      ]);
      expect(await balanceOf(db(), who.user.id)).toBe(300);
      expect(
        await db().select().from(serverSubscriptions).where(eq(serverSubscriptions.userId, who.user.id)),
      ).toEqual([]);
      expect(await db().select().from(invoices).where(eq(invoices.userId, who.user.id))).toEqual([]);
      const [server] = await db().select().from(servers).where(eq(servers.id, who.server.id));
      expect(server!.isVip).toBe(false);
    });

    it('buys a monthly plan from the balance: VIP server, invoice, paid user, Cost column, MTProxy opens', async () => {
      const who = await owner();
      const locked = await who.api.post(`/api/servers/${who.server.id}/mtproxy/rotate-secret`);
      expect(locked.statusCode).toBe(403);
      expect(locked.json().message).toBe(SERVER_SECTION_MESSAGES.vipOnly);
      await credit(who.user.id, 1500);

      const bought = await buy(who, { plan_id: 'vip_monthly' });
      expect(bought.statusCode, bought.body).toBe(201);
      const { data, invoice } = bought.json();
      expect(data).toMatchObject({
        plan_id: 'vip_monthly',
        status: 'active',
        price_cents: 1000,
        remaining_percent: 100,
      });
      expect(Date.parse(data.next_invoice_date) - Date.now()).toBeGreaterThan(29.9 * DAY_MS);
      expect(invoice).toMatchObject({ amount_cents: 1000, discount_cents: 0, paid_with: 'balance' });
      expect(invoice.number).toMatch(/^HD-\d{6}$/);
      expect(await balanceOf(db(), who.user.id)).toBe(500);
      const [charge] = await db()
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reference, `invoice:${invoice.number}`));
      expect(charge).toMatchObject({ type: 'charge', amountCents: -1000 });

      const me = (await who.api.get('/api/user/info')).json();
      expect(me).toMatchObject({ isPaidUser: true, subscription: { plan: 'vip_monthly' } });
      const list = (await who.api.get('/api/servers')).json();
      expect(list.data[0]).toMatchObject({ id: who.server.id, is_vip: true, invoice_price: 1000 });
      expect(list.data[0].next_invoice_date).toBe(data.next_invoice_date);
      const detail = (await who.api.get(`/api/servers/${who.server.id}`)).json();
      expect(detail.data ?? detail).toMatchObject({ is_vip: true, invoice_price: 1000 });
      const opened = await who.api.post(`/api/servers/${who.server.id}/mtproxy/rotate-secret`);
      expect(opened.json().message).not.toBe(SERVER_SECTION_MESSAGES.vipOnly);
      expect(opened.statusCode).not.toBe(403);

      const again = await buy(who, { plan_id: 'vip_lifetime' });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.server_id).toEqual([PLAN_MESSAGES.alreadyVip]);
      const listed = (await who.api.get('/api/user/subscriptions')).json();
      expect(listed).toMatchObject({ balance_cents: 500, data: [{ id: data.id, server_name: 'web-1' }] });
    });

    it('lets only the server’s owner buy for it', async () => {
      const who = await owner();
      const member = await signIn(test, 'Member');
      await credit(member.user.id, 5000);
      const team = await insertTeam(db(), who.user.id);
      await insertMember(db(), team.id, member.user.id, 'admin');
      await insertShare(db(), team.id, who.server.id);
      const shared = await member.api.post('/api/user/subscriptions', {
        plan_id: 'vip_monthly',
        server_id: who.server.id,
      });
      expect(shared.statusCode).toBe(403);
      expect(shared.json().message).toBe(PLAN_MESSAGES.ownerOnly);
      const stranger = await signIn(test, 'Stranger');
      await credit(stranger.user.id, 5000);
      const hidden = await stranger.api.post('/api/user/subscriptions', {
        plan_id: 'vip_monthly',
        server_id: who.server.id,
      });
      expect(hidden.statusCode).toBe(404);
      expect(await balanceOf(db(), member.user.id)).toBe(5000);
    });

    it('charges the sales price for a lifetime plan and applies a 20 % plan coupon, recording its redemption', async () => {
      const code = `PLAN20${Date.now() % 100000}`;
      const [coupon] = await db()
        .insert(coupons)
        .values({ code, percentOff: 20, appliesTo: 'plan', maxUses: 1 })
        .returning();
      const topupOnly = `TOPUP${Date.now() % 100000}`;
      await db().insert(coupons).values({ code: topupOnly, amountOffCents: 100, appliesTo: 'topup' });
      const who = await owner();
      await credit(who.user.id, 4000);
      const wrongKind = await buy(who, { plan_id: 'vip_lifetime', coupon: topupOnly });
      expect(wrongKind.json().errors.coupon).toEqual([PLAN_MESSAGES.couponNotForPlans]);
      const unknown = await buy(who, { plan_id: 'vip_lifetime', coupon: 'NOPE' });
      expect(unknown.json().errors.coupon).toEqual([PLAN_MESSAGES.couponUnknown]);

      const bought = await buy(who, { plan_id: 'vip_lifetime', coupon: code.toLowerCase() });
      expect(bought.statusCode, bought.body).toBe(201);
      // 50 % off 99.00 is 49.50; 20 % off that is 9.90: 39.60 charged.
      expect(bought.json().invoice).toMatchObject({ amount_cents: 3960, discount_cents: 990 });
      expect(bought.json().data).toMatchObject({
        next_invoice_date: null,
        remaining_percent: null,
        current_period_end: null,
      });
      expect(await balanceOf(db(), who.user.id)).toBe(40);
      const redemptions = await db()
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, coupon!.id));
      expect(redemptions).toMatchObject([
        { userId: who.user.id, amountCents: 990, reference: `invoice:${bought.json().invoice.number}` },
      ]);

      const other = await owner();
      await credit(other.user.id, 5000);
      const usedUp = await buy(other, { plan_id: 'vip_monthly', coupon: code });
      expect(usedUp.json().errors.coupon).toEqual([PLAN_MESSAGES.couponUsedUp]);
    });

    it('renews each 30-day cycle from the balance once, however often the job runs', async () => {
      const who = await owner();
      await credit(who.user.id, 2500);
      const { data } = (await buy(who, { plan_id: 'vip_monthly' })).json();
      const due = new Date(Date.parse(data.current_period_end) + 60_000);
      const outcomes = await Promise.all([renewal().renewDue(due), renewal().renewDue(due)]);
      expect(
        outcomes.map((outcome) => outcome.get(data.id)).filter((outcome) => outcome === 'renewed'),
      ).toHaveLength(1);
      expect(await balanceOf(db(), who.user.id)).toBe(500);
      const [row] = await db().select().from(serverSubscriptions).where(eq(serverSubscriptions.id, data.id));
      expect(row!.currentPeriodStart.toISOString()).toBe(data.current_period_end);
      expect(row!.currentPeriodEnd!.getTime() - row!.currentPeriodStart.getTime()).toBe(30 * DAY_MS);
      const list = (await who.api.get('/api/user/invoices')).json();
      expect(list.meta.total).toBe(2);
      expect(list.data[0].lines[0].description).toMatch(/^VIP Monthly: web-1 \(/);
    });

    it('duns a short balance: past due with a reminder, a second before grace ends, then free with the server kept', async () => {
      const who = await owner('vi');
      await credit(who.user.id, 1000);
      const { data } = (await buy(who, { plan_id: 'vip_monthly' })).json();
      const periodEnd = Date.parse(data.current_period_end);
      const at = (days: number) => new Date(periodEnd + days * DAY_MS + 60_000);
      const mails = async () =>
        db().select().from(mailOutbox).where(eq(mailOutbox.recipient, who.user.email));

      expect((await renewal().renewDue(at(0))).get(data.id)).toBe('past_due');
      const [pastDue] = await db()
        .select()
        .from(serverSubscriptions)
        .where(eq(serverSubscriptions.id, data.id));
      expect(pastDue).toMatchObject({ status: 'past_due', remindersSent: 1 });
      expect(pastDue!.graceUntil!.getTime()).toBe(periodEnd + 7 * DAY_MS);
      expect((await mails()).map((mail) => mail.subject)).toEqual([
        'Không thể gia hạn gói VIP của web-1 - HostDeck',
      ]);
      expect((await mails())[0]!.text).toContain('số dư của bạn là $0.00');
      let [server] = await db().select().from(servers).where(eq(servers.id, who.server.id));
      expect(server!.isVip).toBe(true);
      const listed = (await who.api.get('/api/user/subscriptions')).json();
      expect(listed.data[0]).toMatchObject({
        status: 'past_due',
        grace_until: pastDue!.graceUntil!.toISOString(),
      });

      expect((await renewal().renewDue(at(2))).get(data.id)).toBe('waiting');
      expect((await renewal().renewDue(at(5.5))).get(data.id)).toBe('reminded');
      expect((await renewal().renewDue(at(6))).get(data.id)).toBe('waiting');
      expect(await mails()).toHaveLength(2);
      expect((await mails())[1]!.subject).toContain('Nhắc nhở: gói VIP của web-1 kết thúc vào');

      expect((await renewal().renewDue(at(7))).get(data.id)).toBe('ended');
      [server] = await db().select().from(servers).where(eq(servers.id, who.server.id));
      expect(server).toMatchObject({ isVip: false, name: 'web-1', sealedPassword: 'sealed' });
      const me = (await who.api.get('/api/user/info')).json();
      expect(me).toMatchObject({ isPaidUser: false, subscription: null });
      const [ended] = await db()
        .select()
        .from(serverSubscriptions)
        .where(eq(serverSubscriptions.id, data.id));
      expect(ended!.status).toBe('ended');
      expect(await balanceOf(db(), who.user.id)).toBe(0);
      expect((await mails()).map((mail) => mail.subject)[2]).toBe('Gói VIP của web-1 đã kết thúc - HostDeck');
    });

    it('renews a past-due plan once the balance covers it, from its old period end', async () => {
      const who = await owner();
      await credit(who.user.id, 1000);
      const { data } = (await buy(who, { plan_id: 'vip_monthly' })).json();
      const periodEnd = Date.parse(data.current_period_end);
      expect((await renewal().renewDue(new Date(periodEnd + 60_000))).get(data.id)).toBe('past_due');
      await credit(who.user.id, 1000);
      expect((await renewal().renewDue(new Date(periodEnd + 3 * DAY_MS))).get(data.id)).toBe('renewed');
      const [row] = await db().select().from(serverSubscriptions).where(eq(serverSubscriptions.id, data.id));
      expect(row).toMatchObject({ status: 'active', graceUntil: null, remindersSent: 0 });
      expect(row!.currentPeriodStart.getTime()).toBe(periodEnd);
    });

    it('cancels at period end: VIP until then, no charge, then free', async () => {
      const who = await owner();
      await credit(who.user.id, 3000);
      const { data } = (await buy(who, { plan_id: 'vip_monthly' })).json();
      const canceled = await who.api.deleteWith('/api/user/subscriptions', { subscription_id: data.id });
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json().data).toMatchObject({
        status: 'canceled',
        cancel_at_period_end: true,
        next_invoice_date: null,
      });
      const list = (await who.api.get('/api/servers')).json();
      expect(list.data[0]).toMatchObject({ is_vip: true, invoice_price: 1000, next_invoice_date: null });
      const stranger = await signIn(test, 'Stranger');
      expect(
        (await stranger.api.deleteWith('/api/user/subscriptions', { subscription_id: data.id })).statusCode,
      ).toBe(404);

      const end = Date.parse(data.current_period_end);
      expect((await renewal().renewDue(new Date(end - 60_000))).has(data.id)).toBe(false);
      expect((await renewal().renewDue(new Date(end + 60_000))).get(data.id)).toBe('ended');
      expect(await balanceOf(db(), who.user.id)).toBe(2000);
      const [server] = await db().select().from(servers).where(eq(servers.id, who.server.id));
      expect(server!.isVip).toBe(false);
      const accountRows = await db()
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, who.user.id));
      expect(accountRows.every((row) => row.status === 'ended')).toBe(true);
    });

    it('buys the plan a card top-up names as its purpose, in the top-up’s transaction; an invalid one stays as balance', async () => {
      const who = await owner();
      const key = `stripe:pi_plan_${who.user.id}`;
      await post(db(), {
        userId: who.user.id,
        amountCents: 1000,
        type: 'topup',
        reference: `topup:${who.user.id}`,
        idempotencyKey: key,
        metadata: { provider: 'stripe', purpose: { plan_id: 'vip_monthly', server_id: who.server.id } },
      });
      expect(await balanceOf(db(), who.user.id)).toBe(0);
      const [invoice] = await db().select().from(invoices).where(eq(invoices.userId, who.user.id));
      expect(invoice).toMatchObject({ paidWith: 'card', amountCents: 1000 });
      // The same purpose again: the server is VIP already, so this money stays as balance.
      await post(db(), {
        userId: who.user.id,
        amountCents: 1000,
        type: 'topup',
        reference: `topup:${who.user.id}:2`,
        idempotencyKey: `${key}:2`,
        metadata: { provider: 'stripe', purpose: { plan_id: 'vip_monthly', server_id: who.server.id } },
      });
      expect(await balanceOf(db(), who.user.id)).toBe(1000);
      expect(await db().select().from(invoices).where(eq(invoices.userId, who.user.id))).toHaveLength(1);
    });

    it('lists invoices with paging and serves each one’s PDF to its owner only, Vietnamese in an embedded font', async () => {
      const who = await owner('vi');
      await credit(who.user.id, 2000);
      const { data } = (await buy(who, { plan_id: 'vip_monthly' })).json();
      await renewal().renewDue(new Date(Date.parse(data.current_period_end) + 60_000));
      const first = (await who.api.get('/api/user/invoices?page=1&itemsPerPage=1')).json();
      expect(first.meta).toMatchObject({ total: 2, last_page: 2, per_page: 1 });
      const second = (await who.api.get('/api/user/invoices?page=2&itemsPerPage=1')).json();
      expect(second.data[0].number < first.data[0].number).toBe(true);

      const pdf = await who.api.get(first.data[0].pdf_url);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${first.data[0].number}.pdf"`);
      const bytes = pdf.rawPayload;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = bytes.toString('latin1');
      expect(text).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSans/);
      expect(text).toContain('/FontFile2');
      // The page text is in the embedded font's glyph ids; the document's title says the same in UTF-16.
      const number = first.data[0].number as string;
      expect(text).toContain(`(${number})`);
      const title = Buffer.concat([
        Buffer.from([0xfe, 0xff]),
        Buffer.from(`Hóa đơn ${number}`, 'utf16le').swap16(),
      ]);
      expect(bytes.includes(title)).toBe(true);
      expect((await who.api.get(`/api/user/invoices/${first.data[0].id}/pdf`)).statusCode).toBe(200);

      const stranger = await signIn(test, 'Stranger');
      expect((await stranger.api.get(first.data[0].pdf_url)).statusCode).toBe(404);
      expect((await stranger.api.get('/api/user/invoices')).json().meta.total).toBe(0);
    });
  },
);
