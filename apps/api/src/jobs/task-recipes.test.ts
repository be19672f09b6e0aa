import { describe, expect, it } from 'vitest';
import { createSiteResponseSchema } from '@hostdeck/contracts';
import { events } from '../database/schema.js';
import { signIn } from '../policy/testing/policy-fixtures.js';
import { SshConnectionError, type RemoteExecutor } from '../remote/remote-executor.js';
import { FAKE_ROOT_PASSWORD } from '../servers/testing/fake-server.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { insertInstalledServer } from '../sites/testing/sites.js';
import {
  createRecordingFakeServer,
  readSite,
  useFakeServerApp,
  waitForEvent,
} from '../testing/fake-server-app.js';
import { eq } from '../testing/sql.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * A task's recipes (here site_create's `site-apply`) run through the same runner as a recipe
 * event's steps: cancellation between steps, the current step recorded, and an idempotent step
 * run again on a new connection after the old one was lost.
 */
describe('recipes of a panel task, run by the workers', () => {
  const recording = createRecordingFakeServer({ failStep: () => {} });
  /** Called after each step the fake server ran (`recipe/step`), before the runner goes on. */
  let afterStep: (step: string) => Promise<void> = async () => {};
  /** Steps whose next run loses the connection instead (once each). */
  const losing = new Set<string>();
  const executor: RemoteExecutor = {
    async connect(target, options) {
      const session = await recording.executor.connect(target, options);
      return {
        ...session,
        async run(runOptions) {
          const before = recording.steps.length;
          const name = () => {
            const step = recording.steps[before];
            return step ? `${step.recipe}/${step.step}` : '';
          };
          const stdin = Buffer.from(runOptions.stdin ?? '').toString('utf8');
          const field = (key: string) => new RegExp(`(?:^|\\0)${key}=([^\\0]*)\\0`).exec(stdin)?.[1];
          const upcoming = `${field('HD_RECIPE_ID')}/${field('HD_STEP_ID')}`;
          if (losing.delete(upcoming)) {
            throw new SshConnectionError({ host: target.host, port: target.port }, 'reset', { lost: true });
          }
          const result = await session.run(runOptions);
          await afterStep(name());
          return result;
        },
      };
    },
  };
  const { testApp, db } = useFakeServerApp({ ...recording, executor });

  async function createSite(name: string) {
    const olga = await signIn(testApp(), 'Olga Owner');
    const server = await insertInstalledServer(db(), olga.user.id, {
      ip: '203.0.113.40',
      sealedPassword: testApp().panel.secretBox.seal(FAKE_ROOT_PASSWORD, SECRET_PURPOSE.password),
    });
    const response = await olga.api.post('/api/sites', { name, server_id: server.id });
    expect(response.statusCode, response.body).toBe(201);
    return createSiteResponseSchema.parse(response.json());
  }

  it('stops a site create between two steps when it is cancelled, and the site settles failed', async () => {
    afterStep = async (step) => {
      if (step !== 'site-apply/user') return;
      // Asked while `user` ran: the runner checks before `home`.
      const running = await db().select().from(events).where(eq(events.type, 'site_create'));
      for (const event of running) {
        if (!event.isFinished) await testApp().panel.events.cancel(event.id, event.userId!);
      }
    };
    try {
      const created = await createSite('cancelled.example.com');
      const event = await waitForEvent(db(), created.event_id);
      expect(event.status, event.output).toBe('CANCELLED');
      expect(event.errorId).toBe('cancelledBeforeStep');
      expect(event.currentStepId).toBe('user');
      expect(recording.ran()).toEqual(['site-apply/user']);
      await waitFor(async () => (await readSite(db(), created.id)).status === 'failed' || undefined, {
        timeoutMs: 5_000,
        what: 'the site to settle failed',
      });
    } finally {
      afterStep = async () => {};
    }
  });

  it('runs an idempotent step of a task again on a new connection after the old one was lost', async () => {
    losing.add('site-apply/home');
    const created = await createSite('retried.example.com');
    const event = await waitForEvent(db(), created.event_id);
    expect(event.status, event.output).toBe('FINISHED');
    expect(event.output).toContain('[connection lost:');
    expect(recording.ran()).toEqual([
      'site-apply/user',
      'site-apply/home',
      'site-apply/php-pool',
      'site-apply/vhost',
      'site-apply/permissions',
    ]);
    expect(event.currentStepId).toBe('permissions');
  });
});
