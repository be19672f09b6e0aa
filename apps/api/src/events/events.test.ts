import { describe, expect, it } from 'vitest';
import { englishEventText, eventSchema, paginatedSchema } from '@hostdeck/contracts';
import { applicationInstall } from '@hostdeck/recipes/applications';
import { eq } from '../testing/sql.js';
import { events, sites } from '../database/schema.js';
import { stepFailedText } from '../jobs/event-error.js';
import { insertServer, signIn, useTestApp } from '../policy/testing/policy-fixtures.js';
import { createEventsRepository } from './events.repository.js';

const eventList = paginatedSchema(eventSchema);

/**
 * Events are stored as ids and values and presented in the reader's language (issue 26), with the
 * names of their server and site; one event can be read with its output (a link to it).
 */
describe('events API', () => {
  const { testApp, db } = useTestApp();

  async function scene() {
    const olga = await signIn(testApp(), 'Olga Owner');
    const mallory = await signIn(testApp(), 'Mallory');
    const server = await insertServer(db(), olga.user.id, { name: 'shop-web' });
    const [site] = await db()
      .insert(sites)
      .values({ serverId: server.id, userId: olga.user.id, name: 'shop.test', linuxUser: 'hostdeck' })
      .returning();
    return { olga, mallory, server, site: site! };
  }

  const list = async (client: Awaited<ReturnType<typeof signIn>>, locale?: string) => {
    const response = await client.api.get('/api/events', locale);
    expect(response.statusCode, response.body).toBe(200);
    return eventList.parse(response.json()).data;
  };

  it('stores ids and values and shows them in the language of each request', async () => {
    const { olga, server, site } = await scene();
    const started = await testApp().panel.events.startRecipe({
      userId: olga.user.id,
      serverId: server.id,
      recipeId: 'nginx-install',
      input: {},
      type: 'application_install',
      description: { id: 'installApplication', values: { application: 'Nginx' } },
      siteId: site.id,
    });
    expect(started).toMatchObject({
      description: 'Install Nginx',
      descriptionId: 'installApplication',
      descriptionValues: { application: 'Nginx' },
    });
    const failure = stepFailedText('application-install', applicationInstall.steps[2]!, 100);
    await createEventsRepository(db()).finish(
      started.id,
      null,
      'ERROR',
      englishEventText(failure, 'error'),
      failure,
    );

    const [stored] = await db().select().from(events).where(eq(events.id, started.id));
    // The English line beside the ids names the step by its title, as before ids.
    expect(stored!.errorReason).toBe('Step "Install the application" failed (exit code 100)');
    const [english] = await list(olga, 'en');
    expect(english).toMatchObject({
      id: started.id,
      description: 'Install Nginx',
      description_id: 'installApplication',
      description_values: { application: 'Nginx' },
      error_reason: 'Step "Install the application" failed (exit code 100)',
      error_id: 'stepFailed',
      server_name: 'shop-web',
      site_name: 'shop.test',
    });
    const [vietnamese] = await list(olga, 'vi');
    expect(vietnamese).toMatchObject({
      description: 'Cài đặt Nginx',
      error_reason: 'Bước "Cài đặt ứng dụng" thất bại (mã thoát 100)',
    });
  });

  it('reads rows stored before ids by their English, and leaves unknown text as it is', async () => {
    const { olga, server } = await scene();
    const repository = createEventsRepository(db());
    const legacy = await repository.insert({
      type: 'site_create',
      description: 'Create the site old.test',
      serverId: server.id,
      userId: olga.user.id,
      status: 'ERROR',
      isFinished: true,
      errorReason: 'Step "Configure the web server" failed (exit code 1)',
    });
    const cancelled = await repository.insert({
      type: 'provision_server',
      description: 'Provision the server',
      serverId: server.id,
      status: 'CANCELLED',
      isFinished: true,
      errorReason: 'Cancelled before it started',
    });
    const custom = await repository.insert({
      type: 'custom',
      description: 'Something the panel never wrote',
      serverId: server.id,
      errorReason: 'a library said this',
    });
    const byId = new Map((await list(olga, 'vi')).map((event) => [event.id, event]));
    expect(byId.get(legacy.id)).toMatchObject({
      description: 'Tạo website old.test',
      description_id: 'createSite',
      description_values: { site: 'old.test' },
      error_reason: 'Bước "Cấu hình máy chủ web" thất bại (mã thoát 1)',
      error_id: 'stepFailed',
    });
    expect(byId.get(cancelled.id)).toMatchObject({
      description: 'Cài đặt máy chủ',
      error_reason: 'Đã hủy trước khi bắt đầu',
      error_id: 'cancelledBeforeStart',
    });
    expect(byId.get(custom.id)).toMatchObject({
      description: 'Something the panel never wrote',
      description_id: null,
      error_reason: 'a library said this',
      error_id: null,
    });
  });

  it('answers one event with its output to those who may see it, 404 to anyone else', async () => {
    const { olga, mallory, server } = await scene();
    const event = await createEventsRepository(db()).insert({
      type: 'application_install',
      description: 'Install Nginx',
      descriptionId: 'installApplication',
      descriptionValues: { application: 'Nginx' },
      serverId: server.id,
      userId: olga.user.id,
      output: 'apt-get install nginx\n',
    });
    const response = await olga.api.get(`/api/events/${event.id}`, 'vi');
    expect(response.statusCode, response.body).toBe(200);
    expect(eventSchema.parse((response.json() as { data: unknown }).data)).toMatchObject({
      id: event.id,
      description: 'Cài đặt Nginx',
      output: 'apt-get install nginx\n',
      server_name: 'shop-web',
      user_name: 'Olga Owner',
    });
    expect((await mallory.api.get(`/api/events/${event.id}`)).statusCode).toBe(404);
    expect((await olga.api.get('/api/events/99999999')).statusCode).toBe(404);
  });

  it('cancels a pending event with an error line in the reader’s language', async () => {
    const { olga, server } = await scene();
    const started = await testApp().panel.events.startRecipe({
      userId: olga.user.id,
      serverId: server.id,
      recipeId: 'nginx-install',
      input: {},
      type: 'application_install',
      description: { id: 'installApplication', values: { application: 'Nginx' } },
    });
    const response = await olga.api.post(`/api/events/${started.id}/cancel`, undefined, 'vi');
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { data: unknown }).data).toMatchObject({
      status: 'CANCELLED',
      error_id: 'cancelledBeforeStart',
      error_reason: 'Đã hủy trước khi bắt đầu',
    });
  });
});
