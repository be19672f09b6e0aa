import { describe, expect, it } from 'vitest';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { databases, databaseUsers, events } from '../database/schema.js';
import { deploymentScene, readSite, useDeploymentApp } from '../deployments/testing/deployments.js';
import { eq } from '../testing/sql.js';

/**
 * WordPress through the API (issue 21 point 3): who may install, what the install records (the
 * databases area's rows, the code type, one event), and every value that would reach the server
 * checked by its grammar first. The server side is wordpress.server.test.ts.
 */
describe('WordPress API', () => {
  const { testApp, db } = useDeploymentApp();
  const install = { title: 'Shop Blog', admin_user: 'shop-admin', admin_email: 'admin@shop.example.com' };

  it('installs: a database and user of the site, the code type, one install event', async () => {
    const { olga, site, base } = await deploymentScene(testApp(), { phpVersion: '8.2' });
    const response = await olga.api.post(`${base}/code/wordpress`, install);
    expect(response.statusCode, response.body).toBe(201);
    const { id } = (response.json() as { data: { id: number } }).data;
    const [event] = await db().select().from(events).where(eq(events.id, id));
    expect(event).toMatchObject({
      type: 'wordpress_install',
      siteId: site.id,
      recipeId: 'task:wordpress-install',
    });
    expect((await readSite(db(), site.id)).codeType).toBe('wordpress');
    const [database] = await db().select().from(databases).where(eq(databases.siteId, site.id));
    expect(database).toMatchObject({
      name: expect.stringMatching(/^wp_\d+_[0-9a-f]{6}$/),
      status: expect.stringMatching(/^(creating|active)$/),
    });
    const [user] = await db().select().from(databaseUsers).where(eq(databaseUsers.name, database!.name));
    expect(user?.sealedPassword).toBeTruthy();
    // The password is never answered.
    expect(response.body).not.toMatch(/password/i);

    const again = await olga.api.post(`${base}/code/wordpress`, install);
    expect(again.statusCode).toBe(409);
  });

  it('answers 404 for another user’s site and 409 without PHP', async () => {
    const { mallory, olga, base } = await deploymentScene(testApp());
    expect((await mallory.api.post(`${base}/code/wordpress`, install)).statusCode).toBe(404);
    expect((await mallory.api.post(`${base}/wordpress/login`, {})).statusCode).toBe(404);
    expect((await olga.api.post(`${base}/code/wordpress`, install)).statusCode).toBe(409);
  });

  it('refuses injection, option injection and control characters in every field before anything runs', async () => {
    const { olga, site, base } = await deploymentScene(testApp(), {
      phpVersion: '8.2',
      codeType: 'wordpress',
    });
    const before = (await db().select().from(events)).length;
    const hostile = [...SHELL_INJECTION_PAYLOADS, '-rf', '--help', '-o/tmp/x', 'A\u0007'];
    for (const payload of hostile) {
      const calls = [
        olga.api.post(`${base}/code/wordpress`, { ...install, admin_user: payload }),
        olga.api.post(`${base}/code/wordpress`, { ...install, admin_email: payload }),
        olga.api.post(`${base}/code/wordpress`, { ...install, title: payload }),
        olga.api.post(`${base}/wordpress/plugins/install`, { slug: payload }),
        olga.api.post(`${base}/wordpress/themes/update`, { slug: payload }),
        olga.api.post(`${base}/wordpress/plugins/delete`, { slug: payload }),
        olga.api.post(`${base}/wordpress/plugins/toggle`, { slug: payload, active: true }),
        // `*` is every item of the type (the all switch); anything else must be a slug.
        olga.api.post(`${base}/wordpress/plugins/auto-update`, {
          slug: payload === '*' ? '-' : payload,
          enabled: true,
        }),
        olga.api.post(`${base}/wordpress/login`, { user: payload }),
        olga.api.get(`${base}/wordpress/plugins/search?q=${encodeURIComponent(payload)}`),
        olga.api.post(`${base}/wordpress/users`, { login: payload, email: 'a@example.com', role: 'editor' }),
        olga.api.post(`${base}/wordpress/users`, { login: 'ed', email: payload, role: 'editor' }),
        olga.api.post(`${base}/wordpress/users`, { login: 'ed', email: 'a@example.com', role: payload }),
        olga.api.post(`${base}/wordpress/users/role`, { login: payload, role: 'author' }),
        olga.api.post(`${base}/wordpress/users/reset`, { login: payload }),
        olga.api.post(`${base}/wordpress/search-replace`, { from: payload, to: 'new.example.com' }),
        olga.api.post(`${base}/wordpress/search-replace`, { from: 'old.example.com', to: payload }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(422);
      }
    }
    // The type is plugins or themes only.
    for (const type of ['users', 'plugins;id', '..']) {
      const response = await olga.api.post(`${base}/wordpress/${encodeURIComponent(type)}/install`, {
        slug: 'akismet',
      });
      expect([404, 422], type).toContain(response.statusCode);
    }
    expect((await db().select().from(events)).length).toBe(before);
    expect((await readSite(db(), site.id)).codeType).toBe('wordpress');
  });

  it('starts one event per plugin change, named after the site', async () => {
    const { olga, site, base } = await deploymentScene(testApp(), {
      phpVersion: '8.2',
      codeType: 'wordpress',
    });
    const response = await olga.api.post(`${base}/wordpress/plugins/update`, { slug: 'akismet' });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = (response.json() as { data: { id: number } }).data;
    const [event] = await db().select().from(events).where(eq(events.id, id));
    expect(event).toMatchObject({ type: 'wordpress_item', siteId: site.id, recipeId: 'wordpress-run' });
    expect(event?.description).toBe(
      'Update akismet (plugins) on shop.example.com, rolled back if the site breaks',
    );
  });

  it('starts a core update event for the owner only (404 for another user’s site)', async () => {
    const { olga, mallory, site, base } = await deploymentScene(testApp(), {
      phpVersion: '8.2',
      codeType: 'wordpress',
    });
    const before = (await db().select().from(events)).length;
    expect((await mallory.api.post(`${base}/wordpress/core/update`, {})).statusCode).toBe(404);
    expect((await db().select().from(events)).length).toBe(before);
    const response = await olga.api.post(`${base}/wordpress/core/update`, {});
    expect(response.statusCode, response.body).toBe(201);
    const { id } = (response.json() as { data: { id: number } }).data;
    const [event] = await db().select().from(events).where(eq(events.id, id));
    expect(event).toMatchObject({
      type: 'wordpress_core_update',
      siteId: site.id,
      recipeId: 'wordpress-core-update',
    });
    expect(event?.description).toBe('Update WordPress on shop.example.com, rolled back if the site breaks');
  });
});
