import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@hostdeck/contracts/billing';
import { couponRedemptions, ledgerEntries, paymentWebhooks, topups } from '../database/schema.js';
import { signIn } from '../policy/testing/policy-fixtures.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { and, eq } from '../testing/sql.js';
import { referencesIn } from './billing.service.js';
import { postSepay, sepayTransfer, useBillingApp } from './testing/billing-fixtures.js';
import { crc16, vietQrPayload } from './vietqr.js';

const databases = await availableTestDatabases();

describe('VietQR and references', () => {
  it('builds an EMVCo payload with NAPAS fields and a valid CRC', () => {
    const payload = vietQrPayload({ bin: '970436', account: '0123456789', amountVnd: 250000, purpose: 'HDABCD2345' });
    expect(payload.startsWith('000201010212')).toBe(true);
    expect(payload).toContain('0010A000000727');
    expect(payload).toContain('0006970436');
    expect(payload).toContain('01100123456789');
    expect(payload).toContain('5303704');
    expect(payload).toContain('5406250000');
    expect(payload).toContain('5802VN');
    expect(payload).toContain('62140810HDABCD2345');
    expect(crc16(payload.slice(0, -4))).toBe(payload.slice(-4));
    // CRC-16/CCITT-FALSE's check value.
    expect(crc16('123456789')).toBe('29B1');
  });

  it('finds a reference however the bank spaced or cased it', () => {
    expect(referencesIn({ code: null, content: 'hdabcd2345 chuyen tien', description: null })).toEqual(['HDABCD2345']);
    expect(referencesIn({ code: null, content: 'MBVCB.123.HD ABCD 2345.CT', description: null })).toContain(
      'HDABCD2345',
    );
    expect(referencesIn({ code: null, content: 'no reference here', description: null })).toEqual([]);
  });
});

describe.each(databases.map((database) => [database.name, database] as const))('SePay top-ups on %s', (_kind, database) => {
  const { testApp, db, admin } = useBillingApp(database);

  async function bankTopup(amountCents: number, coupon?: string) {
    const user = await signIn(testApp());
    const started = await user.api.post('/api/user/topup', { amount_cents: amountCents, ...(coupon ? { coupon } : {}) });
    expect(started.statusCode, started.body).toBe(201);
    return { user, transfer: started.json().data as { reference: string; amount_vnd: number; topup_id: number; qr: string; bonus_cents: number } };
  }

  it('starts with a zero balance and an empty transactions list', async () => {
    const user = await signIn(testApp());
    const balance = await user.api.get('/api/user/balance');
    expect(balance.json()).toEqual({ balance: '0.00', balance_int: 0 });
    const list = await user.api.get('/api/user/transactions');
    expect(list.json()).toMatchObject({ data: [], meta: { total: 0, current_page: 1 } });
  });

  it('shows the bank, the reference, the VND amount and the VietQR payload; app info lists the bank', async () => {
    const { transfer } = await bankTopup(1000);
    expect(transfer).toMatchObject({
      bank: { bin: '970436', name: 'Vietcombank', account: '0123456789', account_name: 'HOSTDECK CO LTD' },
      amount_cents: 1000,
      amount_vnd: 250000,
      usd_rate: 25000,
    });
    expect(transfer.reference).toMatch(/^HD[A-Z0-9]{8}$/);
    expect(transfer.qr).toContain(transfer.reference);
    const info = await testApp().app.inject({ method: 'GET', url: '/api/info' });
    expect(info.json().banks).toEqual([
      { id: '970436', name: 'Vietcombank', bin: '970436', account: '0123456789', account_name: 'HOSTDECK CO LTD' },
    ]);
  });

  it('refuses a top-up under $5.00 with the spec message, in English and Vietnamese', async () => {
    const user = await signIn(testApp());
    const low = await user.api.post('/api/user/topup', { amount_cents: 499 });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.amount_cents).toEqual([BILLING_MESSAGES.topupMinimum]);
    const vi = await user.api.post('/api/user/topup', { amount_cents: 499 }, 'vi');
    expect(vi.json().errors.amount_cents).toEqual(['Nạp tối thiểu $5.00']);
  });

  it('credits a transfer once, replayed three times and delivered concurrently', async () => {
    const { user, transfer } = await bankTopup(1000);
    const body = sepayTransfer(`${transfer.reference} nap tien`, transfer.amount_vnd);
    const answers = await Promise.all([1, 2, 3].map(() => postSepay(testApp(), body)));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ success: true });
    }
    for (let replay = 0; replay < 3; replay += 1) expect((await postSepay(testApp(), body)).statusCode).toBe(200);
    expect((await user.api.get('/api/user/balance')).json()).toEqual({ balance: '10.00', balance_int: 1000 });
    const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'topup',
      amountCents: 1000,
      reference: `topup:${transfer.topup_id}`,
      idempotencyKey: `sepay:${body.id}`,
      metadata: { provider: 'sepay', topup_id: transfer.topup_id },
    });
    const [topup] = await db().select().from(topups).where(eq(topups.id, transfer.topup_id));
    expect(topup).toMatchObject({ status: 'succeeded', providerRef: String(body.id) });
    const stored = await db()
      .select()
      .from(paymentWebhooks)
      .where(and(eq(paymentWebhooks.provider, 'sepay'), eq(paymentWebhooks.eventId, String(body.id))));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.status).toBe('processed');
    const list = await user.api.get('/api/user/transactions');
    expect(list.json().data).toEqual([
      expect.objectContaining({ type: 'topup', amount_int: 1000, amount: '10.00', provider: 'sepay', balance_after_int: 1000 }),
    ]);
  });

  it('credits a transfer with no started top-up at USD_RATE, rounded to the cent', async () => {
    const { user, transfer } = await bankTopup(500);
    const body = sepayTransfer(transfer.reference, 123_456);
    expect((await postSepay(testApp(), body)).statusCode).toBe(200);
    // 123 456 VND / 25 000 = $4.93824 → 494 cents.
    expect((await user.api.get('/api/user/balance')).json().balance_int).toBe(494);
  });

  it('stores and flags a transfer that names no account, and credits nobody', async () => {
    const body = sepayTransfer('HDZZZZZZZZ unknown', 250000);
    const answer = await postSepay(testApp(), body);
    expect(answer.statusCode).toBe(200);
    const [stored] = await db()
      .select()
      .from(paymentWebhooks)
      .where(and(eq(paymentWebhooks.provider, 'sepay'), eq(paymentWebhooks.eventId, String(body.id))));
    expect(stored).toMatchObject({ status: 'flagged', type: 'transfer.in' });
    expect(stored!.reason).toContain('reference');
    const credited = await db().select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, `sepay:${body.id}`));
    expect(credited).toEqual([]);
  });

  it('refuses a wrong or missing API key (401) and stores nothing', async () => {
    const { user, transfer } = await bankTopup(1000);
    const body = sepayTransfer(transfer.reference, transfer.amount_vnd);
    expect((await postSepay(testApp(), body, 'wrong-key-123')).statusCode).toBe(401);
    const anonymous = await testApp().app.inject({ method: 'POST', url: '/api/sepay', payload: body });
    expect(anonymous.statusCode).toBe(401);
    const stored = await db()
      .select()
      .from(paymentWebhooks)
      .where(and(eq(paymentWebhooks.provider, 'sepay'), eq(paymentWebhooks.eventId, String(body.id))));
    expect(stored).toEqual([]);
    expect((await user.api.get('/api/user/balance')).json().balance_int).toBe(0);
  });

  it('ignores an outgoing transfer', async () => {
    const { user, transfer } = await bankTopup(1000);
    const body = { ...sepayTransfer(transfer.reference, transfer.amount_vnd), transferType: 'out' };
    expect((await postSepay(testApp(), body)).statusCode).toBe(200);
    expect((await user.api.get('/api/user/balance')).json().balance_int).toBe(0);
  });

  it('adds a 20 % coupon bonus with the transfer and records the redemption in the same credit', async () => {
    const created = await admin().api.post('/api/admin/coupons', {
      code: `BANK20-${Date.now() % 100000}`,
      percent_off: 20,
      applies_to: 'topup',
    });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json().data.code as string;
    const { user, transfer } = await bankTopup(1000, code.toLowerCase());
    expect(transfer.bonus_cents).toBe(200);
    const body = sepayTransfer(transfer.reference, transfer.amount_vnd);
    await Promise.all([postSepay(testApp(), body), postSepay(testApp(), body)]);
    expect((await user.api.get('/api/user/balance')).json().balance_int).toBe(1200);
    const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.user.id));
    expect(rows.map((row) => [row.type, row.amountCents, row.idempotencyKey]).sort()).toEqual(
      [
        ['coupon', 200, `coupon:topup:${transfer.topup_id}`],
        ['topup', 1000, `sepay:${body.id}`],
      ].sort(),
    );
    const redemptions = await db()
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.userId, user.user.id));
    expect(redemptions).toHaveLength(1);
    expect(redemptions[0]).toMatchObject({ reference: `topup:${transfer.topup_id}`, amountCents: 200 });
  });

  it('validates coupons: amount or percent off, expiry, first-time-only, what they apply to; only administrators make them', async () => {
    const stamp = Date.now() % 100000;
    const make = (body: object) => admin().api.post('/api/admin/coupons', body);
    expect((await make({ code: `FIVE${stamp}`, amount_off: 500, applies_to: 'plan' })).statusCode).toBe(201);
    expect((await make({ code: `OLD${stamp}`, percent_off: 10, expires_at: '2020-01-01T00:00:00Z' })).statusCode).toBe(201);
    expect((await make({ code: `NEW${stamp}`, percent_off: 50, first_time_only: true })).statusCode).toBe(201);
    const both = await make({ code: `BAD${stamp}`, percent_off: 10, amount_off: 100 });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.percent_off).toEqual([BILLING_MESSAGES.couponDiscount]);
    expect((await make({ code: `FIVE${stamp}`, amount_off: 100 })).statusCode).toBe(422);

    const user = await signIn(testApp());
    expect((await user.api.post('/api/admin/coupons', { code: `MINE${stamp}`, percent_off: 90 })).statusCode).toBe(404);
    expect((await user.api.get('/api/admin/coupons')).statusCode).toBe(404);
    const five = await user.api.get(`/api/user/coupons/five${stamp}`);
    expect(five.json().data).toMatchObject({ amount_off: 500, percent_off: null, applies_to: 'plan', first_time_only: false });
    expect((await user.api.get(`/api/user/coupons/FIVE${stamp}?for=topup`)).statusCode).toBe(404);
    expect((await user.api.get(`/api/user/coupons/FIVE${stamp}?for=plan`)).statusCode).toBe(200);
    expect((await user.api.get(`/api/user/coupons/OLD${stamp}`)).statusCode).toBe(404);
    expect((await user.api.get(`/api/user/coupons/NOPE${stamp}`)).json().message).toBe(BILLING_MESSAGES.couponInvalid);
    expect((await user.api.get(`/api/user/coupons/NEW${stamp}`)).statusCode).toBe(200);
    const refused = await user.api.post('/api/user/topup', { amount_cents: 1000, coupon: `OLD${stamp}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.coupon).toEqual([BILLING_MESSAGES.couponInvalid]);

    const started = await user.api.post('/api/user/topup', { amount_cents: 1000 });
    const transfer = started.json().data as { reference: string; amount_vnd: number };
    expect((await postSepay(testApp(), sepayTransfer(transfer.reference, transfer.amount_vnd))).statusCode).toBe(200);
    // Paid once: a first-time-only coupon is no longer for this account.
    expect((await user.api.get(`/api/user/coupons/NEW${stamp}`)).statusCode).toBe(404);
    const listed = await admin().api.get('/api/admin/coupons');
    expect(listed.json().data.map((coupon: { code: string }) => coupon.code)).toEqual(
      expect.arrayContaining([`FIVE${stamp}`, `OLD${stamp}`, `NEW${stamp}`]),
    );
    const id = listed.json().data.find((coupon: { code: string }) => coupon.code === `OLD${stamp}`).id as number;
    expect((await admin().api.delete(`/api/admin/coupons/${id}`)).statusCode).toBe(204);
  });

  it('pages the transactions list', async () => {
    const user = await signIn(testApp());
    const started = await user.api.post('/api/user/topup', { amount_cents: 500 });
    const reference = started.json().data.reference as string;
    for (let index = 0; index < 3; index += 1) {
      expect((await postSepay(testApp(), sepayTransfer(reference, 125000))).statusCode).toBe(200);
    }
    const first = await user.api.get('/api/user/transactions?page=1&itemsPerPage=2');
    expect(first.json()).toMatchObject({ meta: { total: 3, last_page: 2, per_page: 2, from: 1, to: 2 } });
    expect(first.json().data).toHaveLength(2);
    const second = await user.api.get('/api/user/transactions?page=2&itemsPerPage=2');
    expect(second.json().data).toHaveLength(1);
    expect(second.json().data[0].balance_after_int).toBe(500);
    expect((await user.api.get('/api/user/balance')).json()).toEqual({ balance: '15.00', balance_int: 1500 });
  });
});
