import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databases,
  events,
  referralCodes,
  servers,
  sites,
  teamInvitations,
  teams,
} from '../database/schema.js';
import { makeCertificate } from '../certificates/testing/certificates.js';
import { signIn, type SignedInUser } from '../policy/testing/policy-fixtures.js';
import { insertInstalledServer } from '../sites/testing/sites.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';

/**
 * Every object is checked against the caller (SECURITY.md, access to other users' objects): every
 * route that names an object in its path, called by a signed-in stranger with the ids of another
 * user's server, site, event, database, team and user, answers no data and changes nothing. A new
 * route is covered the day it is registered: the test walks the app's route table.
 */

/** What a stranger may be answered: refused (403) or not found (404). */
const REFUSALS = new Set([403, 404]);

/** Path parameters that are names, not ids: a value each route accepts. */
const NAMED_PARAMS: Record<string, string> = {
  application: 'nginx',
  action: 'restart',
  kind: 'access',
  name: 'custom.conf',
  file: 'photo.png',
  version: '8.2',
  service: 'worker',
  program: 'worker',
  jail: 'sshd',
  // Issue 18: a Docker volume name has at least 2 characters; a container is named like one.
  volume: 'data',
  container: 'web',
  // Issue 21: a git provider names the caller's own connection (a stranger has none: 404).
  provider: 'github',
  // Issue 21 point 3: a WordPress item type.
  type: 'plugins',
  // Issue 22: a team's custom role is named by its key.
  role: 'deployer',
  // Issue 24: a saved card is named by Stripe's id; a stranger's is not found.
  payment_method: 'pm_someoneelsescard',
  // Issue 24: a referral code is named by its code.
  code: 'OLGA-CODE',
};

/** Path parameters a route names like an id elsewhere (`user`): a value that route accepts. */
const ROUTE_PARAMS: Record<string, Record<string, string>> = {
  // Issue 23: a VPS provider's slug; a stranger has no credential there (404).
  '/api/vps/providers/:provider/regions': { provider: 'hetzner' },
  '/api/vps/providers/:provider/regions/:region/plans': { provider: 'hetzner', region: 'fsn1' },
  '/api/servers/:server/users/:user': { user: 'deploy' },
  '/api/servers/:server/users/:user/password': { user: 'deploy' },
  '/api/servers/:server/pm2/:name': { name: 'app' },
  '/api/servers/:server/pm2/:name/:action': { name: 'app' },
  '/api/servers/:server/pm2/:name/logs': { name: 'app' },
  // Issue 20: a snapshot is named by its restic id.
  '/api/servers/:server/backups/:backup/snapshots/:snapshot': { snapshot: 'abcdef12' },
  // Issue 19: bind9 zones are named, records have a hash id; mail domains and addresses.
  ...Object.fromEntries(
    [
      '/api/servers/:server/bind9/zones/:zone',
      '/api/servers/:server/bind9/zones/:zone/records',
      '/api/servers/:server/bind9/zones/:zone/export',
      '/api/servers/:server/bind9/zones/:zone/download',
      '/api/servers/:server/bind9/zones/:zone/records/:record',
    ].map((url) => [url, { zone: 'example.com', record: '0123456789abcdef' }]),
  ),
  ...Object.fromEntries(
    [
      '/api/servers/:server/mail/domains/:domain',
      '/api/servers/:server/mail/domains/:domain/check',
      '/api/servers/:server/mail/domains/:domain/default',
      '/api/servers/:server/mail/accounts/:address',
      '/api/servers/:server/mail/accounts/:address/password',
      '/api/servers/:server/mail/accounts/:address/quota',
      '/api/servers/:server/mail/aliases/:address',
    ].map((url) => [url, { domain: 'example.com', address: 'alice@example.com' }]),
  ),
};

/** A valid query for each GET route that needs one. */
const SAMPLE_QUERIES: Record<string, string> = {
  'GET /api/servers/:server/openlitespeed/php-ini': '?version=8.2',
  'GET /api/repositories/:provider/branches': '?repository=octocat/Hello-World',
  'GET /api/sites/:site/wordpress/:type/search': '?q=seo',
};

const supervisorProgram = {
  command: '/usr/bin/php artisan queue:work',
  directory: '/home/hostdeck',
  user: 'hostdeck',
  numprocs: 1,
  autostart: true,
  autorestart: 'true',
  startsecs: 1,
  stopwaitsecs: 10,
  stopsignal: 'TERM',
  environment: [],
};

const pem = makeCertificate(['olga.example.com']);

/**
 * A valid body for each route that has one, so the call gets past validation to the ownership
 * check (a 422 proves nothing about it). A new route with a body fails this test until it is here.
 */
const SAMPLE_SSH_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKlx2J2mKyy0n3ZXqP7bx3oXbJ3E2fC5fGc4kK9sW8YV sample';
const SAMPLE_BODIES: Record<string, unknown> = {
  'PUT /api/teams/:team': { name: 'Stolen' },
  // Issue 24: renaming someone else's referral code.
  'PUT /api/user/referral/codes/:code': { name: 'Stolen' },
  // Issue 22 point 5: accepting someone else's transfer.
  'PUT /api/servers-transfer/:servers_transfer': { status: 'accepted' },
  // Issue 21: Install Source Code.
  'POST /api/sites/:site/code/git': { repository: 'git@example.com:olga/site.git', branch: 'main' },
  'POST /api/sites/:site/code/:provider': { repository: 'octocat/Hello-World', branch: 'master' },
  'POST /api/sites/:site/code/wordpress': { admin_user: 'admin', admin_email: 'admin@example.com' },
  'POST /api/sites/:site/wordpress/:type/install': { slug: 'akismet' },
  'POST /api/sites/:site/wordpress/:type/update': { slug: 'akismet' },
  'POST /api/sites/:site/wordpress/:type/delete': { slug: 'akismet' },
  'POST /api/sites/:site/wordpress/:type/toggle': { slug: 'akismet', active: true },
  'POST /api/sites/:site/wordpress/:type/auto-update': { slug: 'akismet', enabled: true },
  'POST /api/sites/:site/wordpress/users': { login: 'editor', email: 'editor@example.com', role: 'editor' },
  'POST /api/sites/:site/wordpress/users/role': { login: 'editor', role: 'author' },
  'POST /api/sites/:site/wordpress/users/reset': { login: 'editor' },
  'POST /api/sites/:site/wordpress/wprocket': { enabled: true },
  'POST /api/sites/:site/wordpress/search-replace': { from: 'old.example.com', to: 'new.example.com' },
  // Issue 21: n8n.
  'POST /api/sites/:site/n8n/workflows/import': { file: '[]' },
  'POST /api/sites/:site/n8n/credentials/import': { file: '[]' },
  'POST /api/sites/:site/n8n/upgrade': { version: '1.123.50' },
  'POST /api/sites/:site/n8n/mfa-disable': { email: 'ann@example.com' },
  // Issue 20: backups.
  'POST /api/servers/:server/backups': { drive_id: 1, site_ids: [1] },
  'PUT /api/servers/:server/backups/:backup': { drive_id: 1, site_ids: [1] },
  'POST /api/servers/:server/backups/:backup/clone': { server_id: 1 },
  'POST /api/servers/:server/backups/:backup/restore': {
    kind: 'database',
    snapshot_id: 'abcdef12',
    database_id: 1,
    new_name: 'restored_db',
  },
  'POST /api/servers/:server/backups/:backup/download': { snapshot_id: 'abcdef12', database_id: 1 },
  'POST /api/servers/:server/backups/:backup/download-link': {
    file: 'backup-1-abcdef12-20260101T000000Z-abc123.tar',
  },
  'PUT /api/backup-drives/:drive': { kind: 'local', name: 'stolen', path: '/var/backups/stolen' },
  // Issue 17: server security.
  'POST /api/servers/:server/firewall-rules': {
    name: 'web',
    action: 'allow',
    protocol: 'tcp',
    port: '8080',
    source: 'any',
  },
  'DELETE /api/servers/:server/firewall-rules': {
    name: 'web',
    action: 'allow',
    protocol: 'tcp',
    port: '8080',
    source: 'any',
  },
  'POST /api/servers/:server/sshd_config': { raw: 'MaxAuthTries 4' },
  'POST /api/servers/:server/host-key/reset': { confirm: 'x' },
  'POST /api/user/ssh-keys/:sshKey/add': { targets: [{ server_id: 1, users: ['root'] }] },
  'POST /api/servers/:server/fail2ban/jails': { preset: 'sshd', maxretry: 3, findtime: 600, bantime: 600 },
  'PUT /api/servers/:server/fail2ban/jails/:jail': { maxretry: 3, findtime: 600, bantime: 600 },
  'POST /api/servers/:server/fail2ban/unbanip': { ip: '192.0.2.7' },
  'POST /api/servers/:server/fail2ban/banip': { ip: '192.0.2.7', jail: 'sshd' },
  'PUT /api/servers/:server/fail2ban/allow-list': { ips: ['192.0.2.0/24'] },
  'POST /api/servers/:server/ssh-keys': { public_key: SAMPLE_SSH_KEY, users: ['root'] },
  'DELETE /api/servers/:server/ssh-keys': { fingerprint: `SHA256:${'A'.repeat(43)}`, users: ['root'] },
  'POST /api/servers/:server/grant-root': { public_key: SAMPLE_SSH_KEY },
  // Issue 18: Docker, WireGuard, MTProxy.
  'POST /api/servers/:server/docker/volumes': { name: 'data' },
  'POST /api/servers/:server/docker/networks': { name: 'app' },
  'POST /api/servers/:server/docker/volumes/:volume/clone': { name: 'data-copy' },
  'POST /api/servers/:server/docker/prune/images': { all: false },
  'PUT /api/servers/:server/docker/settings': { max_size: '10m', max_file: 3 },
  'PUT /api/servers/:server/docker/containers/:container/name': { name: 'web-2' },
  'POST /api/servers/:server/wireguard': { name: 'phone' },
  'POST /api/private-networks': { name: 'net', servers: [1, 2] },
  'POST /api/private-networks/:network/members': { server_id: 1 },
  'DELETE /api/servers/:server/docker/containers/:container': { force: false, volumes: false },
  'POST /api/teams/:team/members': { email: 'mallory@example.test', role: 'admin' },
  // Issue 19: bind9 and the mail server.
  'POST /api/servers/:server/bind9/zones': { name: 'example.com' },
  'POST /api/servers/:server/bind9/zones/import': { name: 'example.com', content: '$TTL 1h\n' },
  'PUT /api/servers/:server/bind9/zones/:zone': { dnssec: true },
  'POST /api/servers/:server/bind9/zones/:zone/records': {
    type: 'A',
    name: 'www',
    ttl: 1,
    content: '192.0.2.1',
  },
  'PUT /api/servers/:server/bind9/zones/:zone/records/:record': {
    type: 'A',
    name: 'www',
    ttl: 1,
    content: '192.0.2.2',
  },
  'POST /api/servers/:server/mail/domains': { name: 'example.com' },
  'POST /api/servers/:server/mail/accounts': { address: 'alice@example.com', password: 'Correct-horse-9' },
  'PUT /api/servers/:server/mail/accounts/:address/password': { password: 'Correct-horse-9' },
  'PUT /api/servers/:server/mail/accounts/:address/quota': { quota_mb: 100 },
  'PUT /api/servers/:server/mail/aliases': {
    source: 'info@example.com',
    destinations: ['alice@example.com'],
  },
  'PUT /api/servers/:server/mail/settings': {
    message_size_limit_mb: 0,
    relay_host: '',
    hostname: 'mail.example.com',
  },
  'PUT /api/servers/:server/mail/ssl': { site_id: null },
  'PUT /api/teams/:team/members/:user': { role: 'admin' },
  'POST /api/teams/:team/roles': { key: 'deployer', name: 'Deployer', permissions: ['server:view'] },
  'PUT /api/teams/:team/roles/:role': { name: 'Deployer', permissions: ['server:view'] },
  'POST /api/teams/:team/servers': { server_id: 1 },
  'POST /api/teams/:team/api-tokens': { name: 'mallory', scopes: ['read'] },
  'PUT /api/servers/:server/name': { name: 'stolen' },
  'PUT /api/servers/:server/ip': { ip: '203.0.113.9' },
  'PUT /api/servers/:server/password': { password: 'a-new-password-1' },
  'POST /api/servers/:server/timezone': { timezone: 'UTC' },
  'POST /api/servers/:server/protect': { protected: false },
  'DELETE /api/servers/:server': { name: 'web-1' },
  'POST /api/servers/:server/applications': { name: 'nginx' },
  'POST /api/servers/:server/applications/:application/auto-restart': { enabled: true },
  'PUT /api/sites/:site/name': { name: 'stolen.example.com' },
  'POST /api/sites/:site/protect': { protected: false },
  'PUT /api/sites/:site/php_version': { php_version: '8.2' },
  'PUT /api/sites/:site/proxy_port': { proxy_port: 3000 },
  'PUT /api/sites/:site/directory': { directory: '/public' },
  'PUT /api/sites/:site/owner': { linux_user: 'mallory' },
  'POST /api/sites/:site/alias': { name: 'alias.example.com' },
  'POST /api/sites/:site/lockdown': { enabled: true },
  'POST /api/sites/:site/bindings': { ips: [] },
  'POST /api/sites/:site/clone': { server_id: 1 },
  'POST /api/sites/:site/configs': { name: 'custom', content: '# x' },
  'POST /api/sites/:site/balancing/store': { nodes: [{ server_id: 1 }] },
  'PUT /api/sites/:site/configs/:name': { content: '# x' },
  'POST /api/sites/:site/certificates': { type: 'letsencrypt', domains: ['olga.example.com'] },
  'POST /api/sites/:site/certificates/import': {
    certificate: pem.certificate,
    private_key: pem.privateKey,
  },
  'POST /api/sites/:site/certificates/csr': {
    domains: ['olga.example.com'],
    country: 'VN',
    state: 'HN',
    city: 'Hanoi',
    organization: 'Mallory',
  },
  'POST /api/sites/:site/certificates/:certificate/install': { certificate: pem.certificate },
  'POST /api/sites/:site/certificates/:certificate/clone': { site_id: 1 },
  'PUT /api/sites/:site/repository': { repository: 'https://example.test/r.git', branch: 'main' },
  'PUT /api/sites/:site/branch': { branch: 'main' },
  'PUT /api/sites/:site/deploys/script': { script: 'true' },
  'PUT /api/sites/:site/deploys/variables': { environment: 'A=1' },
  'POST /api/sites/:site/deploys/auto': { enabled: true },
  'POST /api/sites/:site/commands': { command: 'true' },
  'POST /api/servers/:server/databases/:database/import': { path: '/home/hostdeck/dump.sql' },
  'POST /api/servers/:server/databases': { type: 'mariadb', name: 'stolen' },
  'DELETE /api/servers/:server/databases/:database': { name: 'olga_db' },
  'POST /api/servers/:server/databases/sync': { type: 'mariadb' },
  'POST /api/servers/:server/databases/:database/download': { file: 'olga_db--20260101T000000Z.sql.gz' },
  'POST /api/servers/:server/database-users': { type: 'mariadb', name: 'stolen' },
  'POST /api/servers/:server/database-users/sync': { type: 'mariadb' },
  'PUT /api/servers/:server/database-users/:user/grants': { database: 'olga_db', access: 'all' },
  'POST /api/sites/:site/phpmyadmin/login': { database_user: 1 },
  'POST /api/servers/:server/mysql': {
    type: 'mariadb',
    max_connections: 100,
    innodb_buffer_pool_size: 134_217_728,
    bind_address: '127.0.0.1',
    remote_access: false,
  },
  'PUT /api/user/scripts/:script': { memo: 'x', content: 'true' },
  // Issue 22 point 6: running a script, and the administrators' review.
  'POST /api/user/scripts/:script/run': { servers: [1] },
  'POST /api/scripts/:script/run': { servers: [1] },
  'POST /api/admin/scripts/:script/approve': { content_hash: '0'.repeat(64) },
  'POST /api/admin/scripts/:script/reject': { reason: 'no' },
  'PUT /api/admin/users/:user/partner': { is_partner: true },
  'POST /api/servers/:server/php': { version: '8.2' },
  'PUT /api/servers/:server/php/default': { version: '8.2' },
  'PUT /api/servers/:server/php/cli': { version: '8.2' },
  'PUT /api/servers/:server/php/:version/max-upload-size': { size_mb: 256 },
  'PUT /api/servers/:server/php/:version/max-execution-time': { seconds: 120 },
  'POST /api/servers/:server/php/:version/ini': { sapi: 'fpm', content: '[PHP]\n' },
  'POST /api/servers/:server/schedules': { user: 'hostdeck', command: 'true', expression: '* * * * *' },
  'PUT /api/servers/:server/schedules/:schedule': {
    user: 'hostdeck',
    command: 'true',
    expression: '* * * * *',
  },
  'POST /api/servers/:server/schedules/adopt': { user: 'hostdeck', line: '* * * * * true' },
  'POST /api/servers/:server/services': { name: 'worker', exec_start: '/usr/bin/true', user: 'deploy' },
  'POST /api/servers/:server/users': { name: 'deploy' },
  'PUT /api/servers/:server/users/:user/password': { password: 'a-new-password-1' },
  'POST /api/servers/:server/openlitespeed/php-ini': { version: '8.2', content: '[PHP]\n' },
  'POST /api/servers/:server/default-page': { content: '<p>x</p>' },
  'PUT /api/servers/:server/openlitespeed/admin-password': {
    username: 'admin',
    password: 'a-new-password-1',
  },
  'POST /api/servers/:server/pm2': {
    user: 'hostdeck',
    name: 'app',
    script: 'server.js',
    cwd: '/home/hostdeck',
  },
  'POST /api/servers/:server/pm2/:name/:action': { user: 'hostdeck' },
  'DELETE /api/servers/:server/pm2/:name': { user: 'hostdeck' },
  'POST /api/servers/:server/supervisor': { name: 'worker', ...supervisorProgram },
  'PUT /api/servers/:server/supervisor/:program': supervisorProgram,
  // Issue 19: DNS providers.
  'POST /api/dns/credentials/:credential/zones/:zone/records': {
    type: 'A',
    name: 'x',
    ttl: 1,
    content: '192.0.2.1',
  },
  'PUT /api/dns/credentials/:credential/zones/:zone/records/:record': {
    type: 'A',
    name: 'x',
    ttl: 1,
    content: '192.0.2.1',
  },
};

describe('route ownership', () => {
  let test: TestApp;
  let olga: SignedInUser;
  let mallory: SignedInUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!);
    const db = test.database.db;
    olga = await signIn(test, 'Olga Owner');
    mallory = await signIn(test, 'Mallory');
    const server = await insertInstalledServer(db, olga.user.id);
    // A site as the API creates it: its row, its database and its (pending) create event.
    const created = await olga.api.post('/api/sites', {
      name: 'olga.example.com',
      server_id: server.id,
      database_name: 'olga_db',
    });
    expect(created.statusCode, created.body).toBe(201);
    const site = created.json<{ id: number; event_id: number }>();
    const [database] = await db.select().from(databases).where(eq(databases.siteId, site.id));
    // An invitation to Olga's team, for someone else.
    const [invitation] = await db
      .insert(teamInvitations)
      .values({ teamId: olga.personal.id, email: 'ed@example.test', role: 'developer' })
      .returning();
    // A referral code of Olga's (issue 24).
    const code = await olga.api.post('/api/user/referral/codes', { code: 'OLGA-CODE', name: 'Olga' });
    expect(code.statusCode, code.body).toBe(201);
    Object.assign(ids, {
      invitation: invitation!.id,
      server: server.id,
      site: site.id,
      event: site.event_id,
      database: database!.id,
      team: olga.personal.id,
      user: olga.user.id,
    });
  });
  afterAll(async () => test.close());

  /** Olga's rows, to prove that nothing the stranger called changed them. */
  async function olgasRows() {
    const db = test.database.db;
    return JSON.stringify([
      await db.select().from(servers).where(eq(servers.id, ids.server!)),
      await db.select().from(sites).where(eq(sites.id, ids.site!)),
      await db.select().from(events).where(eq(events.id, ids.event!)),
      await db.select().from(databases).where(eq(databases.id, ids.database!)),
      await db.select().from(teams).where(eq(teams.id, ids.team!)),
      await db.select().from(teamInvitations).where(eq(teamInvitations.id, ids.invitation!)),
      await db.select().from(referralCodes).where(eq(referralCodes.userId, ids.user!)),
    ]);
  }

  it('answers a stranger no data and changes nothing, on every route that names an object', async () => {
    const before = await olgasRows();
    const routes = test.app.routeTable.filter((route) => route.url.includes(':') && !route.public);
    expect(routes.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const route of routes) {
      if (route.method === 'HEAD') continue;
      const key = `${route.method} ${route.url}`;
      const url = route.url.replace(/:(\w+)/g, (_match, name: string) =>
        String(ROUTE_PARAMS[route.url]?.[name] ?? ids[name] ?? NAMED_PARAMS[name] ?? 1),
      );
      const body = SAMPLE_BODIES[key] ?? {};
      const call =
        route.method === 'GET'
          ? mallory.api.get(url + (SAMPLE_QUERIES[key] ?? ''))
          : route.method === 'POST'
            ? mallory.api.post(url, body)
            : route.method === 'PUT'
              ? mallory.api.put(url, body)
              : route.method === 'DELETE'
                ? mallory.api.deleteWith(url, body)
                : null;
      if (!call) continue;
      const response = await call;
      if (!REFUSALS.has(response.statusCode)) {
        problems.push(`${key} (${url}) answered ${response.statusCode}: ${response.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await olgasRows()).toBe(before);
  });
});
