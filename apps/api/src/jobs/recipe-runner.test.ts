import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRecipe, siteApply, siteDeploy } from '@hostdeck/recipes';
import { SshConnectionError, type RemoteSession, type RunOptions } from '../remote/remote-executor.js';
import { RecipeCancelledError, RecipeStepFailedError, runRecipe } from './recipe-runner.js';

/** A session that answers each step with `answer(stepId)`; records the steps it ran. */
function fakeSession(answer: (step: string, options: RunOptions) => number | Error = () => 0) {
  const ran: string[] = [];
  const session: RemoteSession = {
    hostKeyFingerprint: 'SHA256:fake',
    async run(options) {
      const step = /(?:^|\0)HD_STEP_ID=([^\0]*)\0/.exec(Buffer.from(options.stdin ?? '').toString())![1]!;
      ran.push(step);
      const result = answer(step, options);
      if (result instanceof Error) throw result;
      options.onStdout?.(`${step} done\n`);
      if (result !== 0) options.onStdout?.(`::hostdeck::error::${step} refused\n`);
      return { exitCode: result, signal: null, durationMs: 1 };
    },
    async close() {},
  };
  return { session, ran };
}

const lost = () => new SshConnectionError({ host: '203.0.113.1', port: 22 }, 'reset', { lost: true });

/** The one step loop (recipe-runner.ts): what events and tasks rely on between steps. */
describe('runRecipe', () => {
  it('runs every step in order, records each as current and returns the stdout', async () => {
    const { session, ran } = fakeSession();
    const current: string[] = [];
    const output: string[] = [];
    const result = await runRecipe(session, siteApply, siteApply.example, {
      write: (text) => output.push(text),
      setCurrentStep: async (step) => void current.push(step),
    });
    const steps = siteApply.steps.map((step) => step.id);
    expect(ran).toEqual(steps);
    expect(current).toEqual(steps);
    expect(result.stdout).toBe(steps.map((step) => `${step} done\n`).join(''));
    expect(output.join('')).toContain(`==> ${siteApply.steps[0]!.title}`);
  });

  it('stops before the next step once cancellation is asked for', async () => {
    const { session, ran } = fakeSession();
    let asked = 0;
    const run = runRecipe(session, siteApply, siteApply.example, {
      isCancelRequested: async () => ++asked > 2,
    });
    await expect(run).rejects.toBeInstanceOf(RecipeCancelledError);
    await expect(run).rejects.toMatchObject({
      text: { id: 'cancelledBeforeStep', values: { step: siteApply.steps[2]!.id } },
    });
    expect(ran).toEqual(siteApply.steps.slice(0, 2).map((step) => step.id));
  });

  it('runs an idempotent step again on a new session after a transport failure, never another', async () => {
    const first = fakeSession((step) => (step === 'fetch' ? lost() : 0));
    const second = fakeSession();
    const run = await runRecipe(first.session, siteDeploy, siteDeploy.example, {
      reconnect: async () => second.session,
    });
    expect(first.ran).toEqual(['prepare', 'fetch']);
    expect(second.ran).toEqual(['fetch', 'build', 'activate', 'prune']);
    expect(run.session).toBe(second.session);

    // `build` is not idempotent: a lost connection there is the event's failure.
    const failing = fakeSession((step) => (step === 'build' ? lost() : 0));
    let reconnected = 0;
    await expect(
      runRecipe(failing.session, siteDeploy, siteDeploy.example, {
        reconnect: async () => (reconnected++, fakeSession().session),
      }),
    ).rejects.toBeInstanceOf(SshConnectionError);
    expect(reconnected).toBe(0);
  });

  it('starts at the given step and names a failed one with its error lines when asked', async () => {
    const { session, ran } = fakeSession((step) => (step === 'vhost' ? 1 : 0));
    const run = runRecipe(session, siteApply, siteApply.example, {
      startStepId: 'php-pool',
      errorDetail: true,
    });
    await expect(run).rejects.toBeInstanceOf(RecipeStepFailedError);
    await expect(run).rejects.toMatchObject({
      exitCode: 1,
      errorLines: ['vhost refused'],
      text: { id: 'stepFailedWithDetail', values: { step: 'vhost', detail: 'vhost refused' } },
    });
    expect(ran).toEqual(['php-pool', 'vhost']);
  });

  describe('a safe-apply recipe (docs/safe-apply.md)', () => {
    // Its scripts are never run here: the fake session answers for them.
    const moveSsh = defineRecipe({
      id: 'test-safe-apply',
      input: z.object({ port: z.number().int(), revert_after_seconds: z.number().int() }),
      steps: [
        { id: 'apply', title: 'Apply', script: 'provision/firewall.sh', timeoutMs: 1000, idempotent: false },
        {
          id: 'confirm',
          title: 'Confirm',
          script: 'provision/finish.sh',
          timeoutMs: 1000,
          idempotent: false,
        },
        {
          id: 'close-old',
          title: 'Close',
          script: 'provision/finish.sh',
          timeoutMs: 1000,
          idempotent: false,
        },
      ],
      environment: () => ({}),
      example: { port: 2222, revert_after_seconds: 60 },
      safeApply: {
        confirmStep: 'confirm',
        revertAfterSeconds: (input) => input.revert_after_seconds,
        port: (input) => input.port,
      },
    });

    it('runs the confirmation and the steps after it on a new connection to the new port', async () => {
      const old = fakeSession();
      const fresh = fakeSession();
      const ports: (number | undefined)[] = [];
      const output: string[] = [];
      const run = await runRecipe(old.session, moveSsh, moveSsh.example, {
        write: (text) => output.push(text),
        connectAgain: async (port) => (ports.push(port), fresh.session),
      });
      expect(old.ran).toEqual(['apply']);
      expect(fresh.ran).toEqual(['confirm', 'close-old']);
      expect(ports).toEqual([2222]);
      expect(run.session).toBe(fresh.session);
      expect(output.join('')).toContain('[safe apply: connected; the change is kept]');
    });

    it('never confirms without a new connection: waits out the revert, then says the server put it back', async () => {
      const old = fakeSession();
      const waited: number[] = [];
      const ports: (number | undefined)[] = [];
      const output: string[] = [];
      const run = runRecipe(old.session, moveSsh, moveSsh.example, {
        write: (text) => output.push(text),
        sleep: async (ms) => void waited.push(ms),
        connectAgain: async (port) => {
          ports.push(port);
          if (port === 2222) throw new Error('timed out');
          return fakeSession().session;
        },
      });
      await expect(run).rejects.toMatchObject({
        text: { id: 'safeApplyReverted', values: { detail: 'timed out', seconds: 60 } },
      });
      expect(old.ran).toEqual(['apply']);
      // The new port first, then the recorded one once the revert was due.
      expect(ports).toEqual([2222, undefined]);
      expect(waited).toEqual([65_000]);
      expect(output.join('')).toContain('puts the previous settings back by itself within 60 s');
    });

    it('says so when the server cannot be reached even after its revert was due', async () => {
      const old = fakeSession();
      const run = runRecipe(old.session, moveSsh, moveSsh.example, {
        sleep: async () => {},
        connectAgain: async () => {
          throw new Error('no route to host');
        },
      });
      await expect(run).rejects.toMatchObject({
        text: { id: 'safeApplyUnreachable', values: { detail: 'no route to host', seconds: 60 } },
      });
    });

    it('refuses a confirmation step that is first or missing', () => {
      const base = { ...moveSsh, safeApply: { ...moveSsh.safeApply!, confirmStep: 'apply' } };
      expect(() => defineRecipe(base)).toThrow(/confirmStep/);
      expect(() => defineRecipe({ ...base, safeApply: { ...base.safeApply, confirmStep: 'nope' } })).toThrow(
        /confirmStep/,
      );
    });
  });
});
