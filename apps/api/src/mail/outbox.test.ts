import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxSchema } from '@hostdeck/contracts';
import { createSignedInUser } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { createOutboxMailer } from './outbox.js';

const [pglite] = await availableTestDatabases();

// A production panel nobody gave an SMTP server still lets its users verify their email, but a
// reset link for one account must never be readable by another, or anonymously.
describe('the outbox of a production panel without MAIL_URL', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(pglite!, { env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => test.close());

  it('shows a signed-in user their own mail only, and nothing without a session', async () => {
    const db = test.database.db;
    const alice = await createSignedInUser(db, 'Alice');
    const bob = await createSignedInUser(db, 'Bob');
    const mailer = createOutboxMailer({ db, log: { info: () => {}, error: () => {} }, outboxPage: false });
    await mailer.send({ to: alice.user.email, subject: 'For Alice', text: 'a', html: '<p>a</p>' });
    await mailer.send({ to: bob.user.email.toUpperCase(), subject: 'For Bob', text: 'b', html: '<p>b</p>' });

    const anonymous = await test.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(anonymous.statusCode).toBe(401);

    const forBob = await test.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      headers: { cookie: bob.cookie },
    });
    expect(forBob.statusCode).toBe(200);
    expect(outboxSchema.parse(forBob.json()).data.map((message) => message.subject)).toEqual(['For Bob']);
  });
});
