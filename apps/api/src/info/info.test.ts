import { afterEach, describe, expect, it } from 'vitest';
import { appInfoSchema } from '@hostdeck/contracts';
import { availableTestDatabases } from '../testing/test-databases.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const [pglite] = await availableTestDatabases();
const SALE_END = '2099-01-01T00:00:00Z';

/**
 * What app info tells the browser about the operator's choices (issue 26, items 8 and 13):
 * whether billing is on (VIP locks, promo and upgrade banners) and whether mail goes to the outbox.
 */
describe('GET /api/info and the operator settings', () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });
  const info = async (env: Record<string, string>) => {
    test = await createTestApp(pglite!, { env });
    const response = await test.app.inject({ method: 'GET', url: '/api/info' });
    expect(response.statusCode).toBe(200);
    return appInfoSchema.parse(response.json());
  };

  it('has billing off by default, and then announces no sales event even when one is set', async () => {
    const answer = await info({ SALES_EVENT_ENDS_AT: SALE_END });
    expect(answer.billing_enabled).toBe(false);
    expect(answer.event_ends_at).toBeNull();
  });

  it('has billing on when the operator sets BILLING_ENABLED=true, with the sales event', async () => {
    const answer = await info({ BILLING_ENABLED: 'true', SALES_EVENT_ENDS_AT: SALE_END });
    expect(answer.billing_enabled).toBe(true);
    expect(answer.event_ends_at).toBe(SALE_END);
  });

  it('says mail goes to the outbox without MAIL_URL, and not with it', async () => {
    expect((await info({})).mail_outbox).toBe(true);
    await test!.close();
    test = undefined;
    expect((await info({ MAIL_URL: 'smtp://127.0.0.1:2525' })).mail_outbox).toBe(false);
  });
});
