import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateEventResponseSchema, createSiteResponseSchema, EVENT_STATUS } from '@hostdeck/contracts';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { hostEndAddress } from '../../../../tools/test-server/npm-mirror.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { makeCertificate } from '../certificates/testing/certificates.js';
import { databases, databaseUsers, events, sites } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp, markProvisioned } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import {
  startWordpressDirectory,
  wordpressCoreVariant,
  type WordpressDirectory,
} from './testing/wordpress-mirror.js';

/**
 * WordPress on a booted test server (issue 21 point 3, docs/wordpress.md). The server has no
 * internet: WordPress comes from the tarball the host builds from Debian's packages, and the
 * plugin directory is a fake on the host (testing/wordpress-mirror.ts) that the must-use plugin
 * sends WordPress's own directory calls to. Everything on the server is real: the database and its
 * user, the files owned by the site user, wp-config.php, the cron line, the front page, plugin
 * installs and updates through WordPress's own upgrader, and the rollback of a broken update.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'wp1';
const SITE = 'blog.wp.test';
const PLUGIN = 'hostdeck-hello';

describe('WordPress on a booted test server', () => {
  let testServer: TestServer;
  let directory: WordpressDirectory;
  let test: TestApp;
  let api: ApiClient;
  let siteId: number;
  let linuxUser: string;

  const onServer = async (script: string) => {
    const result = await runOnTestServer(testServer, ['bash', '-euo', 'pipefail', '-c', script]);
    expect(result.code, `${script}\n${result.stderr}`).toBe(0);
    return result.stdout.trim();
  };
  /** The site's page as its visitors get it: status code, then body. */
  const visit = async (pathname = '/') => {
    const output = await onServer(
      `curl -sS -w '\\n%{http_code}' -H 'Host: ${SITE}' http://127.0.0.1${pathname}`,
    );
    const code = Number(output.slice(output.lastIndexOf('\n') + 1));
    return { code, body: output.slice(0, output.lastIndexOf('\n')) };
  };

  const waitForEvent = (id: number) =>
    waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 600_000, intervalMs: 250, what: `event ${id} to finish` },
    );
  const runEvent = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    return waitForEvent((response.json() as { data: { id: number } }).data.id);
  };
  const plugins = async () => {
    const response = await api.get(`/api/sites/${siteId}/wordpress/plugins`);
    expect(response.statusCode, response.body).toBe(200);
    return (
      response.json() as { data: { slug: string; version: string; status: string; update: string | null }[] }
    ).data;
  };

  beforeAll(async () => {
    [testServer, directory] = await Promise.all([bootWebTestServer(SERVER), startWordpressDirectory()]);
    await directory.releasePlugin(PLUGIN, '1.0');
    const host = hostEndAddress(testServer);
    let serverId: number;
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, {
      workers: true,
      env: {
        WORDPRESS_DOWNLOAD_URL: directory.downloadUrlFor(host),
        WORDPRESS_SHA256: directory.sha256,
        WORDPRESS_API_URL: directory.apiUrlFor(host),
      },
    }));
    await markProvisioned(test, testServer, serverId);
    const created = await api.post('/api/sites', { name: SITE, server_id: serverId, php_version: '8.2' });
    expect(created.statusCode, created.body).toBe(201);
    const site = createSiteResponseSchema.parse(created.json());
    siteId = site.id;
    const event = await waitForEvent(site.event_id);
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    const [row] = await test.database.db.select().from(sites).where(eq(sites.id, siteId));
    linuxUser = row!.linuxUser;
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await directory?.stop();
    await stopTestServer(SERVER);
  });

  it('installs WordPress as the site user with its own database: the site answers the front page', async () => {
    const event = await runEvent(
      api.post(`/api/sites/${siteId}/code/wordpress`, {
        title: 'HostDeck Blog',
        admin_user: 'hostdeck-admin',
        admin_email: 'admin@wp.test',
      }),
    );
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    const home = await visit('/');
    expect(home.code).toBe(200);
    expect(home.body).toContain('HostDeck Blog');
    expect(home.body).toMatch(/wp-content\/themes\/twentytwentythree/);
    expect((await visit('/wp-login.php')).code).toBe(200);

    const root = `/home/${linuxUser}/${SITE}`;
    expect(await onServer(`stat -c '%a %U' ${root}/wp-config.php`)).toBe(`600 ${linuxUser}`);
    const config = await onServer(`cat ${root}/wp-config.php`);
    expect(config).toContain("define('DISALLOW_FILE_EDIT', true);");
    expect(config).toContain("define('DISABLE_WP_CRON', true);");
    for (const key of [
      'AUTH_KEY',
      'SECURE_AUTH_KEY',
      'LOGGED_IN_KEY',
      'NONCE_KEY',
      'AUTH_SALT',
      'NONCE_SALT',
    ]) {
      expect(config).toMatch(new RegExp(`define\\('${key}', '[A-Za-z0-9_-]{64}'\\);`));
    }
    // Every file of the site is its user's; the panel's tool is root's and read-only.
    expect(await onServer(`find ${root} ! -user ${linuxUser} | head -5`)).toBe('');
    expect(await onServer(`stat -c '%a %U' /usr/local/lib/hostdeck/wordpress/hostdeck-wp.php`)).toBe(
      '644 root',
    );
    expect(await onServer(`crontab -u ${linuxUser} -l`)).toMatch(
      new RegExp(
        `^\\*/5 \\* \\* \\* \\* cd ${root.replaceAll('.', '\\.')} && php8\\.2 wp-cron\\.php .*# hostdeck-wordpress ${SITE.replaceAll('.', '\\.')}$`,
        'm',
      ),
    );
    // The database and its user are the databases area's rows, active, and real on the server.
    const [database] = await test.database.db.select().from(databases).where(eq(databases.siteId, siteId));
    expect(database).toMatchObject({ status: 'active', type: 'mariadb' });
    const [user] = await test.database.db
      .select()
      .from(databaseUsers)
      .where(eq(databaseUsers.name, database!.name));
    expect(user).toMatchObject({ status: 'active', grants: [{ database: database!.name, access: 'all' }] });
    expect(
      await onServer(
        `mysql -N -e "SELECT option_value FROM \\\`${database!.name}\\\`.wp_options WHERE option_name = 'blogname'"`,
      ),
    ).toBe('HostDeck Blog');
    // The API answers its version and administrator.
    const info = await api.get(`/api/sites/${siteId}/wordpress`);
    expect(info.json()).toMatchObject({
      data: { installed: true, version: '6.1.9', admins: ['hostdeck-admin'] },
    });
  }, 900_000);

  it('installs, updates and deletes a plugin from the directory', async () => {
    let event = await runEvent(api.post(`/api/sites/${siteId}/wordpress/plugins/install`, { slug: PLUGIN }));
    expect(event.status, `${event.output}\n${directory.requests.join('\n')}`).toBe(EVENT_STATUS.finished);
    expect(await plugins()).toContainEqual(
      expect.objectContaining({ slug: PLUGIN, version: '1.0', status: 'inactive', update: null }),
    );
    event = await runEvent(
      api.post(`/api/sites/${siteId}/wordpress/plugins/toggle`, { slug: PLUGIN, active: true }),
    );
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect((await visit('/')).body).toContain(`<!-- ${PLUGIN} 1.0 -->`);

    await directory.releasePlugin(PLUGIN, '1.1');
    expect(await plugins()).toContainEqual(
      expect.objectContaining({ slug: PLUGIN, version: '1.0', status: 'active', update: '1.1' }),
    );
    event = await runEvent(api.post(`/api/sites/${siteId}/wordpress/plugins/update`, { slug: PLUGIN }));
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect((await visit('/')).body).toContain(`<!-- ${PLUGIN} 1.1 -->`);
    expect(
      await onServer(`find /home/${linuxUser}/${SITE}/wp-content/plugins ! -user ${linuxUser} | head -3`),
    ).toBe('');

    // An update whose code is a PHP fatal: the site breaks, the panel puts 1.1 back.
    await directory.releasePlugin(PLUGIN, '1.2', { fatal: true });
    event = await runEvent(api.post(`/api/sites/${siteId}/wordpress/plugins/update`, { slug: PLUGIN }));
    expect(event.status).toBe(EVENT_STATUS.error);
    expect(event.output).toContain('rolled back and the site answers again');
    const home = await visit('/');
    expect(home.code).toBe(200);
    expect(home.body).toContain(`<!-- ${PLUGIN} 1.1 -->`);
    expect(await plugins()).toContainEqual(
      expect.objectContaining({ slug: PLUGIN, version: '1.1', status: 'active' }),
    );

    event = await runEvent(api.post(`/api/sites/${siteId}/wordpress/plugins/delete`, { slug: PLUGIN }));
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect((await plugins()).map((plugin) => plugin.slug)).not.toContain(PLUGIN);
    expect(
      await onServer(`test ! -e /home/${linuxUser}/${SITE}/wp-content/plugins/${PLUGIN} && echo gone`),
    ).toBe('gone');
    expect((await visit('/')).code).toBe(200);
  }, 900_000);

  it('installs, activates, updates and deletes a theme; the theme in use cannot be deleted', async () => {
    const THEME = 'hostdeck-theme';
    const themes = async () => {
      const response = await api.get(`/api/sites/${siteId}/wordpress/themes`);
      expect(response.statusCode, response.body).toBe(200);
      return (
        response.json() as {
          data: { slug: string; version: string; status: string; update: string | null }[];
        }
      ).data;
    };
    await directory.releaseTheme(THEME, '1.0');
    let event = await runEvent(api.post(`/api/sites/${siteId}/wordpress/themes/install`, { slug: THEME }));
    expect(event.status, `${event.output}\n${directory.requests.join('\n')}`).toBe(EVENT_STATUS.finished);
    expect(await themes()).toContainEqual(
      expect.objectContaining({ slug: THEME, version: '1.0', update: null }),
    );
    event = await runEvent(
      api.post(`/api/sites/${siteId}/wordpress/themes/toggle`, { slug: THEME, active: true }),
    );
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect((await visit('/')).body).toContain(`<!-- ${THEME} 1.0 -->`);

    await directory.releaseTheme(THEME, '1.1');
    expect(await themes()).toContainEqual(
      expect.objectContaining({ slug: THEME, version: '1.0', update: '1.1' }),
    );
    event = await runEvent(api.post(`/api/sites/${siteId}/wordpress/themes/update`, { slug: THEME }));
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect((await visit('/')).body).toContain(`<!-- ${THEME} 1.1 -->`);
    expect(
      await onServer(`find /home/${linuxUser}/${SITE}/wp-content/themes ! -user ${linuxUser} | head -3`),
    ).toBe('');

    event = await runEvent(api.post(`/api/sites/${siteId}/wordpress/themes/delete`, { slug: THEME }));
    expect(event.status).toBe(EVENT_STATUS.error);
    expect(event.output).toContain(`the theme ${THEME} is in use`);
    event = await runEvent(
      api.post(`/api/sites/${siteId}/wordpress/themes/toggle`, { slug: 'twentytwentythree', active: true }),
    );
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    event = await runEvent(api.post(`/api/sites/${siteId}/wordpress/themes/delete`, { slug: THEME }));
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect((await themes()).map((theme) => theme.slug)).not.toContain(THEME);
    const home = await visit('/');
    expect(home.code).toBe(200);
    expect(home.body).toMatch(/wp-content\/themes\/twentytwentythree/);
  }, 600_000);

  it('creates a user, changes the role, and gives a password reset link', async () => {
    let event = await runEvent(
      api.post(`/api/sites/${siteId}/wordpress/users`, {
        login: 'editor-ed',
        email: 'ed@wp.test',
        role: 'editor',
      }),
    );
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    event = await runEvent(
      api.post(`/api/sites/${siteId}/wordpress/users/role`, { login: 'editor-ed', role: 'author' }),
    );
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    const users = await api.get(`/api/sites/${siteId}/wordpress/users`);
    expect((users.json() as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ login: 'hostdeck-admin', role: 'administrator' }),
      expect.objectContaining({ login: 'editor-ed', email: 'ed@wp.test', role: 'author' }),
    ]);
    // The last administrator keeps the role.
    event = await runEvent(
      api.post(`/api/sites/${siteId}/wordpress/users/role`, { login: 'hostdeck-admin', role: 'editor' }),
    );
    expect(event.status).toBe(EVENT_STATUS.error);
    const reset = await api.post(`/api/sites/${siteId}/wordpress/users/reset`, { login: 'editor-ed' });
    expect(reset.statusCode, reset.body).toBe(200);
    const { url } = (reset.json() as { data: { url: string } }).data;
    expect(url).toMatch(
      /^http:\/\/blog\.wp\.test\/wp-login\.php\?action=rp&key=[A-Za-z0-9]+&login=editor-ed$/,
    );
    const page = await visit(`${new URL(url).pathname}${new URL(url).search}`);
    expect(page.code).toBe(302);
  }, 600_000);

  it('optimizes the database with a log, refuses WP Rocket when absent, replaces the old domain', async () => {
    let event = await runEvent(api.post(`/api/sites/${siteId}/wordpress/optimization`, {}));
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect(event.output).toMatch(/post revisions removed: \d+/);
    expect(event.output).toMatch(/optimized table wp_options/);
    event = await runEvent(api.post(`/api/sites/${siteId}/wordpress/wprocket`, { enabled: true }));
    expect(event.status).toBe(EVENT_STATUS.error);
    expect(event.output).toContain('WP Rocket is not installed');

    const [database] = await test.database.db.select().from(databases).where(eq(databases.siteId, siteId));
    const sql = (query: string) => onServer(`mysql -N -D ${database!.name} -e "${query}"`);
    // A serialized option holding the old domain: its string length must change with it.
    await sql(
      'INSERT INTO wp_options (option_name, option_value) VALUES (\'hostdeck_test\', \'a:1:{s:3:\\"url\\";s:24:\\"http://old.wp.test/page/\\";}\')',
    );
    expect(await sql("SELECT option_value FROM wp_options WHERE option_name = 'hostdeck_test'")).toBe(
      'a:1:{s:3:"url";s:24:"http://old.wp.test/page/";}',
    );
    event = await runEvent(
      api.post(`/api/sites/${siteId}/wordpress/search-replace`, {
        from: 'old.wp.test',
        to: 'new-name.wp.test',
      }),
    );
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect(await sql("SELECT option_value FROM wp_options WHERE option_name = 'hostdeck_test'")).toBe(
      'a:1:{s:3:"url";s:29:"http://new-name.wp.test/page/";}',
    );
    expect((await visit('/')).code).toBe(200);
  }, 600_000);

  it('a sign-in link works once, and the server-wide revoke kills outstanding ones', async () => {
    const link = async () => {
      const response = await api.post(`/api/sites/${siteId}/wordpress/login`, {});
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: { url: string } }).data.url;
    };
    const follow = (url: string) =>
      onServer(
        `curl -sS -o /dev/null -D - -H 'Host: ${SITE}' 'http://127.0.0.1${new URL(url).pathname}${new URL(url).search}' | tr -d '\\r'`,
      );
    const url = await link();
    expect(url).toMatch(new RegExp(`^http://${SITE.replaceAll('.', '\\.')}/\\?hostdeck-login=[0-9a-f]{64}$`));
    const first = await follow(url);
    expect(first).toMatch(/^HTTP\/1\.1 302/);
    expect(first).toMatch(/^Location: http:\/\/blog\.wp\.test\/wp-admin\/$/m);
    expect(first).toMatch(/^Set-Cookie: wordpress_logged_in_/m);
    expect(await follow(url)).toMatch(/^HTTP\/1\.1 403/);

    const outstanding = await link();
    const [site] = await test.database.db.select().from(sites).where(eq(sites.id, siteId));
    const event = await runEvent(api.delete(`/api/servers/${site!.serverId}/wordpress/auto-login`));
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect(await follow(outstanding)).toMatch(/^HTTP\/1\.1 403/);
  }, 600_000);

  it('updates the core with a snapshot, and rolls a broken core back (files and database)', async () => {
    const host = hostEndAddress(testServer);
    const root = `/home/${linuxUser}/${SITE}`;
    const [database] = await test.database.db.select().from(databases).where(eq(databases.siteId, siteId));
    const sql = (query: string) => onServer(`mysql -N -D ${database!.name} -e "${query}"`);
    const version = async () => {
      const info = await api.get(`/api/sites/${siteId}/wordpress`);
      expect(info.statusCode, info.body).toBe(200);
      return (info.json() as { data: { version: string } }).data.version;
    };
    // The operator points the download setting at a newer release (the panel reads it per update).
    const useCore = (name: string, tarball: Buffer) => {
      const served = directory.serveCore(host, name, tarball);
      test.config.wordpress.downloadUrl = served.url;
      test.config.wordpress.sha256 = served.sha256;
    };

    useCore('newer', wordpressCoreVariant('6.1.10'));
    let event = await runEvent(api.post(`/api/sites/${siteId}/wordpress/core/update`, {}));
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect(await version()).toBe('6.1.10');
    expect((await visit('/')).code).toBe(200);
    expect((await visit('/wp-login.php')).code).toBe(200);
    expect(await onServer(`find ${root} ! -user ${linuxUser} | head -5`)).toBe('');
    // The snapshot is the site user's, private; no client options file (the password) is left.
    const work = `/home/${linuxUser}/.hostdeck-wordpress/${SITE}`;
    expect(await onServer(`stat -c '%a %U' ${work}/snapshots/core/database.sql`)).toBe(`600 ${linuxUser}`);
    expect(await onServer(`grep -c 'CREATE TABLE .wp_options.' ${work}/snapshots/core/database.sql`)).toBe(
      '1',
    );
    expect(await onServer(`test ! -e ${work}/client.cnf && test ! -e ${work}/core-new && echo clean`)).toBe(
      'clean',
    );

    await sql("INSERT INTO wp_options (option_name, option_value) VALUES ('hostdeck_core_test', 'before')");
    useCore('broken', wordpressCoreVariant('6.1.11', { broken: true }));
    event = await runEvent(api.post(`/api/sites/${siteId}/wordpress/core/update`, {}));
    expect(event.status).toBe(EVENT_STATUS.error);
    expect(event.output).toContain('rolled back (files and database) and the site answers again');
    expect(await version()).toBe('6.1.10');
    const home = await visit('/');
    expect(home.code).toBe(200);
    expect(home.body).toContain('HostDeck Blog');
    expect(await sql("SELECT option_value FROM wp_options WHERE option_name = 'hostdeck_core_test'")).toBe(
      'before',
    );
    expect(await onServer(`grep -c hostdeck_core_update_test ${root}/wp-includes/version.php || true`)).toBe(
      '0',
    );
  }, 900_000);

  it('follows the site URL: a certificate turns WordPress to https, its deactivation back to http', async () => {
    const [database] = await test.database.db.select().from(databases).where(eq(databases.siteId, siteId));
    const home = () =>
      onServer(
        `mysql -N -D ${database!.name} -e "SELECT option_value FROM wp_options WHERE option_name = 'home'"`,
      );
    /** The WordPress event the certificate event started once it finished. */
    const followUp = (after: number) =>
      waitFor(
        async () => {
          const rows = await test.database.db.select().from(events).where(eq(events.siteId, siteId));
          const row = rows.find(
            (candidate) => candidate.id > after && candidate.type === 'wordpress_maintenance',
          );
          return row?.isFinished ? row : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 250, what: 'the WordPress site URL event' },
      );
    expect(await home()).toBe(`http://${SITE}`);

    const pair = makeCertificate([SITE]);
    const imported = await api.post(`/api/sites/${siteId}/certificates/import`, {
      certificate: pair.certificate,
      private_key: pair.privateKey,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const { data, certificate } = certificateEventResponseSchema.parse(imported.json());
    expect((await waitForEvent(data.id)).status).toBe(EVENT_STATUS.finished);
    let event = await followUp(data.id);
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect(event.description).toContain(`https://${SITE}`);
    expect(await home()).toBe(`https://${SITE}`);
    const secure = await onServer(
      `curl -sSk -w '\\n%{http_code}' --resolve ${SITE}:443:127.0.0.1 https://${SITE}/`,
    );
    expect(secure).toMatch(/\n200$/);
    expect(secure).toContain(`https://${SITE}/xmlrpc.php?rsd`);

    const off = await api.post(`/api/sites/${siteId}/certificates/${certificate.id}/inactive`, {});
    expect(off.statusCode, off.body).toBe(201);
    const offId = certificateEventResponseSchema.parse(off.json()).data.id;
    expect((await waitForEvent(offId)).status).toBe(EVENT_STATUS.finished);
    event = await followUp(offId);
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect(await home()).toBe(`http://${SITE}`);
    expect((await visit('/')).body).toContain(`http://${SITE}/xmlrpc.php?rsd`);
  }, 600_000);

  it('uninstalls: the panel lets go and WordPress stays; with delete_data its files and database go', async () => {
    const root = `/home/${linuxUser}/${SITE}`;
    await onServer(
      `(crontab -u ${linuxUser} -l; echo '7 3 * * * true # by hand') | crontab -u ${linuxUser} -`,
    );
    const uninstall = async (body: object) => {
      const response = await api.deleteWith(`/api/sites/${siteId}/uninstall`, body);
      expect(response.statusCode, response.body).toBe(200);
      return waitForEvent((response.json() as { data: { id: number } }).data.id);
    };
    let event = await uninstall({});
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    const [kept] = await test.database.db.select().from(sites).where(eq(sites.id, siteId));
    expect(kept!.codeType).toBeNull();
    expect(await onServer(`crontab -u ${linuxUser} -l`)).toBe('7 3 * * * true # by hand');
    expect(await onServer(`test ! -e ${root}/wp-content/mu-plugins/hostdeck.php && echo gone`)).toBe('gone');
    const home = await visit('/');
    expect(home.code).toBe(200);
    expect(home.body).toContain('HostDeck Blog');
    const [database] = await test.database.db.select().from(databases).where(eq(databases.siteId, siteId));
    expect(database).toBeDefined();

    // Installed again as far as the panel knows (the files are there), then removed with its data.
    await test.database.db.update(sites).set({ codeType: 'wordpress' }).where(eq(sites.id, siteId));
    event = await uninstall({ delete_data: true });
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect(await onServer(`find ${root} -mindepth 1 | wc -l`)).toBe('0');
    expect(await onServer(`crontab -u ${linuxUser} -l`)).toBe('7 3 * * * true # by hand');
    expect(await test.database.db.select().from(databases).where(eq(databases.siteId, siteId))).toEqual([]);
    expect(
      await test.database.db.select().from(databaseUsers).where(eq(databaseUsers.name, database!.name)),
    ).toEqual([]);
    expect(
      await onServer(
        `mysql -N -e "SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name = '${database!.name}'"`,
      ),
    ).toBe('0');
    expect(
      await onServer(`mysql -N -e "SELECT COUNT(*) FROM mysql.user WHERE user = '${database!.name}'"`),
    ).toBe('0');
  }, 600_000);
});
