import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../accounts/testing/test-browser.js';
import { PASSWORD, uniqueEmail } from '../accounts/testing/accounts.js';
import { mailOutbox } from '../database/schema.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft line breaks and escapes, as nodemailer encodes long lines. */
const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** With MAIL_URL set, mail goes to a real SMTP server (our own, on loopback), not the outbox. */
describe('mail over SMTP', () => {
  let smtp: SMTPServer;
  let test: TestApp;
  const received: ReceivedMail[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, {
      env: { MAIL_URL: `smtp://127.0.0.1:${port}`, BRAND: 'Deck', APP_URL: 'https://deck.example.test' },
    });
  });
  afterAll(async () => {
    await test?.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers the verification mail from the configured sender, with text and html parts', async () => {
    const email = uniqueEmail('smtp');
    const response = await new TestBrowser(test.app).post('/api/register', {
      name: 'Smtp Person',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    const mail = await waitFor(() => received.find((message) => message.to.includes(email)), {
      timeoutMs: 10_000,
      what: 'the verification mail',
    });
    expect(mail.from).toBe('no-reply@localhost');
    expect(mail.raw).toMatch(/^From: Deck <no-reply@localhost>$/m);
    expect(mail.raw).toMatch(/^Subject: Verify your email address - Deck$/m);
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');
    expect(mail.raw).toMatch(/https:\/\/deck\.example\.test\/email\/verify\/confirm#token=[A-Za-z0-9_.-]+/);
    // Nothing is kept in the outbox, and the development outbox page does not exist.
    expect(await test.database.db.select().from(mailOutbox)).toEqual([]);
    expect((await test.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
  });
});
