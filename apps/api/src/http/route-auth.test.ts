import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableTestDatabases } from '../testing/test-databases.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * Deny by default (SECURITY.md, unauthenticated routes): every route answers 401 without a
 * session, except the ones listed here on purpose. Adding a route that answers anonymously
 * without adding it to this list fails the test.
 */
const PUBLIC_ON_PURPOSE = new Set([
  'GET /api/health',
  'HEAD /api/health',
  'GET /api/info',
  'HEAD /api/info',
  // The agent's changelog is public (spec/000 §7): it holds nothing about anyone.
  'GET /api/agent-changelog',
  'HEAD /api/agent-changelog',
  // Accounts: a visitor has no session yet when registering, signing in (both steps), asking
  // for and using a reset link, or following a verification link in another browser. Each is
  // rate-limited and still needs the CSRF header.
  'POST /api/register',
  'POST /api/login',
  'POST /api/two-factor-challenge',
  'POST /api/forgot-password',
  'POST /api/reset-password',
  'POST /api/email/verify',
  // Social sign-in (socialites): a visitor starts it and comes back from the provider signed out;
  // the state is single use and bound to the browser's cookie. Rate-limited, CSRF header needed.
  'POST /api/auth/:provider/redirect',
  'POST /api/auth/:provider/callback',
  // The development outbox (mail kept when no MAIL_URL is set): registered only when NODE_ENV is
  // development or test, never in production; the reset flow reads it before sign-in.
  'GET /api/dev/outbox',
  'HEAD /api/dev/outbox',
  // Certificate renewal (spec/000 §7, public): authenticated by the site's renewal token in the
  // X-HostDeck-Token header, compared in constant time; rate-limited, no CSRF (scripts call it).
  'POST /api/sites/:site/letsencrypt-renew',
  'POST /api/sites/:site/certificates/renew',
  // The deploy URL of a site (spec/000 §7): git hosts and CI cannot send our session or headers,
  // so it is authenticated by the site's deploy token (query or GitHub's body signature),
  // answers 404 alike to every wrong call, and is rate-limited (deployments/deploy-hook.routes.ts).
  'GET /api/servers/:server/sites/:site/deploy/http',
  'HEAD /api/servers/:server/sites/:site/deploy/http',
  'POST /api/servers/:server/sites/:site/deploy/http',
  // Backups (spec/000 §7, public): a server's cron run posts its result and may read its run
  // script, authenticated by the server's own backup token (Bearer, only its SHA-256 stored,
  // compared in constant time); rate-limited, no CSRF (cron and curl call them).
  'POST /api/backup-history',
  'GET /api/servers/:server/backups/:backup/script',
  'HEAD /api/servers/:server/backups/:backup/script',
  // Payment webhooks (docs/billing.md): the providers' servers call them. SePay's carries its API
  // key (compared in constant time), Stripe's a signature over the raw body with a timestamp
  // window; both are stored by event id and credit once; rate-limited, no CSRF.
  'POST /api/sepay',
  'POST /api/stripe/webhook',
  // The partner API and the other public endpoints of spec/000 §7 (docs/partner-api.md). Partner
  // calls carry a partner's API token or short-lived `hdp_` token; a server's verify/decrypt its
  // one-time `hdi_` install secret (SHA-256 stored); every wrong one answers 401. Site verify
  // answers only through the site's own domain (404 otherwise). The forms are anonymous, guarded
  // by a honeypot and a signed form token, limited per address and per email. All rate-limited.
  'POST /api/partner/token',
  'POST /api/partner/server',
  'POST /api/partner/server/:server',
  'GET /api/servers/:server/verify',
  'HEAD /api/servers/:server/verify',
  'GET /api/servers/:server/decrypt',
  'HEAD /api/servers/:server/decrypt',
  ...['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => `${method} /api/sites/:site/verify`),
  'GET /api/forms/token',
  'HEAD /api/forms/token',
  'POST /api/contact',
  'POST /api/subscribes',
  'POST /api/subscribes/confirm',
  'POST /api/subscribes/unsubscribe',
  // Telegram's calls to the bot (alerts, docs/alerts.md): authenticated by the secret Telegram
  // echoes in X-Telegram-Bot-Api-Secret-Token (constant time; 404 when no secret is configured),
  // a link code is single use and expires; rate-limited, no CSRF (Telegram calls it).
  'POST /api/webhooks/telegram',
  // The SPA's shell and its static files carry no data.
  'GET /',
  'HEAD /',
  'GET /index.html',
  'HEAD /index.html',
  'GET /assets/app-abc123.js',
  'HEAD /assets/app-abc123.js',
]);

describe('route authentication', () => {
  let test: TestApp;
  beforeAll(async () => {
    const distDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-routes-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(distDir, 'assets/app-abc123.js'), '');
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, { env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => test.close());

  it('answers 401 without a session on every route not public on purpose', async () => {
    const routes = test.app.routeTable;
    expect(routes.length).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const url = route.url.replace(/:(\w+)/g, '1').replace('*', 'x');
      const response = await test.app.inject({
        method: route.method as 'GET',
        url,
        headers: { origin: test.config.allowedOrigins[0]! },
      });
      if (PUBLIC_ON_PURPOSE.has(key)) {
        if (!route.public) problems.push(`${key} is listed as public but not marked public`);
        continue;
      }
      if (route.public) problems.push(`${key} is marked public but not listed in this test`);
      // State-changing routes may stop at the CSRF check (419) first: still nothing is served.
      if (![401, 419].includes(response.statusCode)) problems.push(`${key} answered ${response.statusCode}`);
    }
    expect(problems).toEqual([]);
  });
});
