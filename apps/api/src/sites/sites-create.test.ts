import { describe, expect, it } from 'vitest';
import { eq } from '../testing/sql.js';
import { createSiteResponseSchema, siteDetailResponseSchema } from '@hostdeck/contracts';
import { describeInjectionPayload, SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { databases, sites } from '../database/schema.js';
import { useFakeServerApp } from '../servers/testing/servers.js';
import { countRows, insertInstalledServer, readEvent, readSite, siteScene } from './testing/sites.js';

const PASSWORD = 'Gq7rT2mXv9LpZs4Nw8Hk';

/** POST api/sites (spec/000 §5 site creation) through the API on PGlite, events left pending. */
describe('creating a site', () => {
  const { testApp, db } = useFakeServerApp();

  it('stores the site creating, with its aliases and database, and starts one site_create event', async () => {
    const { olga, server } = await siteScene(testApp());
    const response = await olga.api.post('/api/sites', {
      name: 'shop.example.com',
      server_id: server.id,
      aliases: ['www.shop.example.com', '*.cdn.example.com'],
      directory: 'public',
      php_version: '8.2',
      database_name: 'shopdb',
      wildcards: true,
      isolation: true,
      username: 'shop',
      password: PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = createSiteResponseSchema.parse(response.json());
    expect(created.database_password).toMatch(/^[A-Za-z0-9]{20}$/);

    const site = (await readSite(db(), created.id))!;
    expect(site).toMatchObject({
      name: 'shop.example.com',
      linuxUser: 'shop',
      isolated: true,
      directory: '/public',
      phpVersion: '8.2',
      wildcard: true,
      webServer: 'nginx',
      status: 'creating',
      createEventId: created.event_id,
    });
    const aliases = await db().select().from(sites).where(eq(sites.siteId, site.id));
    expect(aliases.map((alias) => alias.name).sort()).toEqual(['*.cdn.example.com', 'www.shop.example.com']);
    const [database] = await db().select().from(databases).where(eq(databases.siteId, site.id));
    expect(database).toMatchObject({ type: 'mariadb', name: 'shopdb', username: 'shopdb' });
    expect(database!.sealedPassword).not.toContain(created.database_password);

    const event = await readEvent(db(), created.event_id);
    expect(event).toMatchObject({
      type: 'site_create',
      recipeId: 'task:site-create',
      siteId: site.id,
      serverId: server.id,
      status: 'PENDING',
    });
    // The isolated user's password travels sealed with the event, never in clear.
    expect(event.sealedInput).not.toContain(PASSWORD);

    const detail = await olga.api.get(`/api/sites/${site.id}`);
    const shown = siteDetailResponseSchema.parse(detail.json()).data;
    expect(shown).toMatchObject({
      status: 'creating',
      home: '/home/shop/shop.example.com',
      database: { type: 'mariadb', name: 'shopdb', username: 'shopdb' },
      server: { id: server.id, default_linux_user: 'hostdeck' },
      create_event_id: created.event_id,
    });
    expect(shown.aliases.map((alias) => alias.name)).toContain('www.shop.example.com');
    for (const secret of [PASSWORD, created.database_password!, database!.sealedPassword!]) {
      expect(detail.body).not.toContain(secret);
      expect((await olga.api.get('/api/sites')).body).not.toContain(secret);
    }
  });

  it('runs a shared site as the server’s default user, without a database', async () => {
    const { olga, server } = await siteScene(testApp());
    const response = await olga.api.post('/api/sites', { name: 'plain.example.com', server_id: server.id });
    expect(response.statusCode, response.body).toBe(201);
    const created = createSiteResponseSchema.parse(response.json());
    expect(created).not.toHaveProperty('database_password');
    expect(await readSite(db(), created.id)).toMatchObject({
      linuxUser: 'hostdeck',
      isolated: false,
      directory: '/',
      phpVersion: null,
    });
  });

  it('serves sites of an apache2 server with apache2', async () => {
    const { olga } = await siteScene(testApp());
    const apache = await insertInstalledServer(db(), olga.user.id, {
      provision: { web_server: 'apache2', php_versions: [], database: 'none' },
    });
    const response = await olga.api.post('/api/sites', { name: 'apache.example.com', server_id: apache.id });
    expect((await readSite(db(), createSiteResponseSchema.parse(response.json()).id))!.webServer).toBe(
      'apache2',
    );
  });

  it('answers each rule as a field error of the form, and stores or starts nothing', async () => {
    const { olga, mallory, server } = await siteScene(testApp());
    const notInstalled = await insertInstalledServer(db(), olga.user.id, {
      installed: false,
      status: 'PENDING',
    });
    const noDatabase = await insertInstalledServer(db(), olga.user.id, {
      defaultLinuxUser: 'webuser',
      provision: { web_server: 'nginx', php_versions: [], database: 'none' },
    });
    const strangers = await insertInstalledServer(db(), mallory.user.id);
    await olga.api.post('/api/sites', { name: 'taken.example.com', server_id: server.id });
    const before = await countRows(db());
    const base = { name: 'new.example.com', server_id: server.id };
    const cases: [unknown, Record<string, string[]>][] = [
      [{ ...base, name: 'not a domain' }, { name: ['Invalid value'] }],
      [{ ...base, server_id: undefined }, { server_id: ['Required'] }],
      [{ ...base, server_id: strangers.id }, { server_id: ['Invalid value'] }],
      [{ ...base, server_id: notInstalled.id }, { server_id: ['Wait for the server to finish installing!'] }],
      [{ ...base, proxy_port: 70000 }, { proxy_port: ['Invalid value'] }],
      [{ ...base, proxy_port: 'abc' }, { proxy_port: ['Must be a number'] }],
      [{ ...base, directory: '../etc' }, { directory: ['Invalid value'] }],
      [{ ...base, php_version: '5.6' }, { php_version: ['Invalid value'] }],
      [{ ...base, php_version: '8.3' }, { php_version: ['PHP 8.3 is not installed on this server'] }],
      [
        { ...base, isolation: true },
        { username: ['Required'], password: ['Required'] },
      ],
      [
        { ...base, isolation: true, username: 'root', password: PASSWORD },
        { username: ['You can not use special user'] },
      ],
      [
        { ...base, server_id: noDatabase.id, isolation: true, username: 'webuser', password: PASSWORD },
        { username: ['You can not use special user'] },
      ],
      [
        { ...base, isolation: true, username: 'shop', password: 'short' },
        { password: ['Min 20 characters'] },
      ],
      [{ ...base, database_name: '1db' }, { database_name: ['Invalid value'] }],
      [
        { ...base, server_id: noDatabase.id, database_name: 'shopdb' },
        { database_name: ['This server has no database server: install MariaDB, MySQL or PostgreSQL first'] },
      ],
      [{ ...base, name: 'taken.example.com' }, { name: ['This domain is already a site on this server'] }],
      [
        { ...base, aliases: ['taken.example.com'] },
        { 'aliases.0': ['This domain is already a site on this server'] },
      ],
      [{ ...base, aliases: ['new.example.com'] }, { 'aliases.0': ['Invalid value'] }],
      [
        { ...base, name: undefined, use_free_domain: true },
        { use_free_domain: ['Free domains are not available on this panel yet'] },
      ],
      [
        { ...base, use_free_domain: true },
        { name: ['A site with a free domain gets a generated name: leave the domain empty'] },
      ],
      [{ ...base, unknown: 1 }, { '': ['Invalid value'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await olga.api.post('/api/sites', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      const answered = response.json().errors as Record<string, string[]>;
      if ('' in errors) expect(Object.keys(answered).length).toBeGreaterThan(0);
      else expect(answered, JSON.stringify(body)).toEqual(errors);
    }
    expect(await countRows(db())).toEqual(before);
  });

  it('answers the field errors in Vietnamese', async () => {
    const { olga, server } = await siteScene(testApp());
    const response = await olga.api.post(
      '/api/sites',
      { name: 'vi.example.com', server_id: server.id, isolation: true, username: 'root', password: 'x' },
      'vi',
    );
    expect(response.json().errors).toEqual({
      username: ['Bạn không thể dùng người dùng đặc biệt'],
      password: ['Tối thiểu 20 ký tự'],
    });
  });

  it('refuses every injection payload in every site field before anything is stored or started', async () => {
    const { olga, server } = await siteScene(testApp());
    const before = await countRows(db());
    const isolated = { server_id: server.id, isolation: true, username: 'shop', password: PASSWORD };
    // '' means "not asked" for the optional fields (a cleared form field); it is Required for name.
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      const label = describeInjectionPayload(payload);
      const bodies: [string, unknown][] = [
        ['name', { ...isolated, name: payload }],
        ['aliases.0', { ...isolated, name: 'ok.example.com', aliases: [payload] }],
      ];
      if (payload !== '') {
        bodies.push(
          ['directory', { ...isolated, name: 'ok.example.com', directory: payload }],
          ['username', { ...isolated, name: 'ok.example.com', username: payload }],
          ['database_name', { ...isolated, name: 'ok.example.com', database_name: payload }],
        );
      }
      for (const [field, body] of bodies) {
        const response = await olga.api.post('/api/sites', body);
        expect(response.statusCode, `${field} = ${label}`).toBe(422);
        expect(Object.keys(response.json().errors), `${field} = ${label}`).toContain(field);
      }
    }
    expect(await countRows(db())).toEqual(before);
  });
});
