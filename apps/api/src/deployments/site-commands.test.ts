import { describe, expect, it } from 'vitest';
import { eq } from '../testing/sql.js';
import { siteCommandListSchema, siteCommandStartedSchema, type RealtimeMessage } from '@hostdeck/contracts';
import { events, siteCommands } from '../database/schema.js';
import { deploymentScene, useDeploymentApp, waitForEvent } from './testing/deployments.js';

describe('site commands API', () => {
  const { server: fake, testApp, db } = useDeploymentApp();

  it('runs a command as an event: the text only on stdin, never in the description', async () => {
    const { ed, base, site } = await deploymentScene(testApp());
    const messages: RealtimeMessage[] = [];
    const unsubscribe = testApp().panel.bus.subscribe(ed.user.id, (message) => messages.push(message));
    const text = 'php artisan migrate --force && echo "$(id -un)" # TOKEN=s3cret';
    const response = await ed.api.post(`${base}/commands`, { command: text });
    expect(response.statusCode, response.body).toBe(201);
    const started = siteCommandStartedSchema.parse(response.json());
    expect(started.event).toMatchObject({
      type: 'site_command',
      site_id: site.id,
      model_id: started.command.id,
    });
    expect(started.event.description).toBe('Run a command on shop.example.com');
    expect(started.command).toMatchObject({
      command: text,
      user_name: 'Ed Editor',
      event_id: started.event.id,
    });

    const event = await waitForEvent(db(), started.event.id);
    expect(event.status, event.output).toBe('FINISHED');
    const [step] = fake.steps;
    expect(fake.steps.map((recorded) => `${recorded.recipe}/${recorded.step}`)).toEqual(['site-command/run']);
    const stdin = step!.stdin.toString();
    expect(stdin).toContain('HD_LINUX_USER=shop\0');
    expect(stdin).toContain('HD_RELEASES=0\0');
    // The frame ends with the script and its NUL; the command follows, as bytes of its own.
    expect(stdin.endsWith(`\0${text}`)).toBe(true);
    expect(stdin.slice(0, stdin.lastIndexOf('\0'))).not.toContain('s3cret');

    const list = siteCommandListSchema.parse((await ed.api.get(`${base}/commands`)).json());
    expect(list.data[0]).toMatchObject({ id: started.command.id, status: 'FINISHED', is_finished: true });
    unsubscribe();
    expect(messages).toContainEqual({ type: 'Update-data', keys: ['commands'] });
  });

  it('runs in the release of a site that deploys releases; a failing command fails its event', async () => {
    const { olga, base } = await deploymentScene(testApp(), { currentRelease: '20240101000000' });
    fake.failing.add('site-command/run');
    const started = siteCommandStartedSchema.parse(
      (await olga.api.post(`${base}/commands`, { command: 'false' })).json(),
    );
    const event = await waitForEvent(db(), started.event.id);
    expect(event.status).toBe('ERROR');
    expect(fake.steps[0]!.stdin.toString()).toContain('HD_RELEASES=1\0');
    const list = siteCommandListSchema.parse((await olga.api.get(`${base}/commands`)).json());
    expect(list.data[0]).toMatchObject({ status: 'ERROR', is_finished: true });
  });

  it('refuses an empty, too long or NUL command before anything runs', async () => {
    const { olga, base, site } = await deploymentScene(testApp());
    for (const command of ['', 'a'.repeat(4097), 'ls\u0000-la', 12, null]) {
      const response = await olga.api.post(`${base}/commands`, { command });
      expect(response.statusCode, JSON.stringify(command)).toBe(422);
      expect(response.json().errors.command).toBeDefined();
    }
    expect(await db().select().from(siteCommands).where(eq(siteCommands.siteId, site.id))).toEqual([]);
    expect(await db().select().from(events).where(eq(events.siteId, site.id))).toEqual([]);
  });

  it('lists the history newest first, paged', async () => {
    const { olga, base } = await deploymentScene(testApp());
    const ids: number[] = [];
    for (const command of ['id -un', 'pwd', 'ls -la']) {
      const started = siteCommandStartedSchema.parse(
        (await olga.api.post(`${base}/commands`, { command })).json(),
      );
      ids.push(started.command.id);
      await waitForEvent(db(), started.event.id);
    }
    const page = siteCommandListSchema.parse(
      (await olga.api.get(`${base}/commands?page=1&itemsPerPage=2`)).json(),
    );
    expect(page.meta).toMatchObject({ total: 3, last_page: 2, per_page: 2 });
    expect(page.data.map((row) => row.command)).toEqual(['ls -la', 'pwd']);
    const second = siteCommandListSchema.parse(
      (await olga.api.get(`${base}/commands?page=2&itemsPerPage=2`)).json(),
    );
    expect(second.data.map((row) => row.id)).toEqual([ids[0]]);
  });
});
