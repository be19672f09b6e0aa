import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  agentTokenResponseSchema,
  TERMINAL_GATEWAY_PATH,
  TERMINAL_MESSAGES,
  terminalNoticeSchema,
} from '@hostdeck/contracts';
import { openDatabase, type DatabaseConnection } from '../database/database.js';
import { usedTerminalTokens } from '../database/schema.js';
import { TestBrowser } from '../accounts/testing/test-browser.js';
import { SESSION_COOKIE } from '../auth/sessions.repository.js';
import { createServerRecord, createSignedInUser } from '../testing/fixtures.js';
import { freePort } from '../testing/panel-process.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { createTwoPanels } from '../testing/two-panels.js';
import { createUsedTokens } from './used-tokens.repository.js';

const databases = await availableTestDatabases();
const postgres = databases.find((database) => database.name === 'postgres');
const jti = (label: string) => `${label}-${Math.random().toString(36).slice(2)}`.padEnd(16, 'x');

describe.each(databases)('used terminal tokens on $name', (database) => {
  let connection: DatabaseConnection;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await database.create();
    drop = created.drop;
    connection = await openDatabase(created.target);
  });
  afterAll(async () => {
    await connection?.close();
    await drop?.();
  });
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a token once, and never an expired one', async () => {
    const used = createUsedTokens(connection.db);
    const id = jti('once');
    expect(await used.consume(id, now() + 60)).toBe(true);
    expect(await used.consume(id, now() + 60)).toBe(false);
    expect(await createUsedTokens(connection.db).consume(id, now() + 60)).toBe(false);
    expect(await used.consume(jti('expired'), now() - 1)).toBe(false);
  });

  it('accepts one of many simultaneous uses', async () => {
    const id = jti('race');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => createUsedTokens(connection.db).consume(id, now() + 60)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('forgets tokens long expired, not ones a slow clock may still take', async () => {
    const { db } = connection;
    const old = jti('old');
    const recent = jti('recent');
    await db.insert(usedTerminalTokens).values([
      { jti: old, expiresAt: new Date(Date.now() - 11 * 60_000) },
      { jti: recent, expiresAt: new Date(Date.now() - 60_000) },
    ]);
    await createUsedTokens(db).consume(jti('purge'), now() + 60);
    const left = (await db.select().from(usedTerminalTokens)).map((row) => row.jti);
    expect(left).not.toContain(old);
    expect(left).toContain(recent);
  });
});

describe.runIf(postgres)('a terminal token across two panel processes (one PostgreSQL)', () => {
  let panels: Awaited<ReturnType<typeof createTwoPanels>>;
  const urls: string[] = [];
  beforeAll(async () => {
    panels = await createTwoPanels(postgres!);
    for (const panel of panels.panels) {
      await panel.app.listen({ host: '127.0.0.1', port: 0 });
      urls.push(`ws://127.0.0.1:${(panel.app.server.address() as AddressInfo).port}${TERMINAL_GATEWAY_PATH}`);
    }
  });
  afterAll(async () => panels?.close());

  /** Sends the token and resolves with the gateway's first notice. */
  const open = (url: string, token: string, cookie: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = new WebSocket(url, { headers: { cookie, origin: panels.config.allowedOrigins[0]! } });
      socket.once('open', () => socket.send(JSON.stringify({ type: 'open', token, cols: 80, rows: 24 })));
      socket.once('message', (data: Buffer) => {
        const notice = terminalNoticeSchema.parse(JSON.parse(data.toString('utf8')));
        socket.close();
        resolve(notice.type === 'error' ? notice.message : notice.type);
      });
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`refused ${response.statusCode}`)),
      );
      socket.once('error', reject);
    });

  it('is used once: a token used on one process is refused by the other', async () => {
    const { user, cookie } = await createSignedInUser(panels.db, 'Balanced');
    // Nothing listens there: an accepted token ends in "cannot reach", a refused one never gets so far.
    const server = await createServerRecord(panels.db, panels.secretBox, {
      userId: user.id,
      ip: '127.0.0.1',
      port: await freePort(),
      password: 'unused',
    });
    const browser = new TestBrowser(panels.panels[0].app);
    browser.setCookie(SESSION_COOKIE, cookie.slice(`${SESSION_COOKIE}=`.length));
    const token = async () => {
      const response = await browser.post('/api/servers/agent/token', { server: server.id });
      expect(response.statusCode, response.body).toBe(200);
      return agentTokenResponseSchema.parse(response.json()).remote;
    };
    const first = await token();
    expect(await open(urls[0]!, first, cookie)).toBe(TERMINAL_MESSAGES.notConnected);
    expect(await open(urls[1]!, first, cookie)).toBe(TERMINAL_MESSAGES.badToken);
    // The other way round: process B takes what A signed, once.
    const second = await token();
    expect(await open(urls[1]!, second, cookie)).toBe(TERMINAL_MESSAGES.notConnected);
    expect(await open(urls[0]!, second, cookie)).toBe(TERMINAL_MESSAGES.badToken);
  });
});
