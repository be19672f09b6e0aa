import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { signIn, type SignedInUser } from '../../policy/testing/policy-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { TestDatabase } from '../../testing/test-databases.js';
import { ledgerMismatches } from '../ledger.js';

/** The SePay key, bank and rate of the billing tests (the e2e panels use the same key). */
export const SEPAY_TEST_KEY = 'e2e-sepay-key';
export const BILLING_TEST_ENV: Record<string, string> = {
  BILLING_ENABLED: 'true',
  USD_RATE: '25000',
  SEPAY_API_KEY: SEPAY_TEST_KEY,
  SEPAY_BANK_BIN: '970436',
  SEPAY_BANK_NAME: 'Vietcombank',
  SEPAY_BANK_ACCOUNT: '0123456789',
  SEPAY_BANK_ACCOUNT_NAME: 'HOSTDECK CO LTD',
};

/**
 * A billing panel on one database kind for a `describe` block, with an administrator (the first
 * account) and the ledger invariant checked after every test.
 */
export function useBillingApp(database: TestDatabase, env: () => Record<string, string> = () => ({})) {
  let test: TestApp | undefined;
  let admin: SignedInUser | undefined;
  beforeAll(async () => {
    test = await createTestApp(database, { env: { ...BILLING_TEST_ENV, ...env() } });
    admin = await signIn(test, 'Panel Admin');
  });
  afterAll(async () => test?.close());
  afterEach(async () => {
    expect(await ledgerMismatches(test!.database.db)).toEqual([]);
  });
  return { testApp: () => test!, db: () => test!.database.db, admin: () => admin! };
}

let sepayIds = 900_000;

/** A SePay webhook body for an incoming transfer (docs.sepay.vn's shape). */
export function sepayTransfer(content: string, amountVnd: number, id = (sepayIds += 1)) {
  return {
    id,
    gateway: 'Vietcombank',
    transactionDate: '2026-11-30 20:00:00',
    accountNumber: '0123456789',
    code: null,
    content,
    transferType: 'in',
    transferAmount: amountVnd,
    accumulated: 0,
    subAccount: null,
    referenceCode: `FT${id}`,
    description: `BankAPINotify ${content}`,
  };
}

/** POSTs SePay's webhook as SePay does: Authorization: Apikey …, no session, no CSRF. */
export function postSepay(test: TestApp, body: unknown, key = SEPAY_TEST_KEY) {
  return test.app.inject({
    method: 'POST',
    url: '/api/sepay',
    headers: { authorization: `Apikey ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}
