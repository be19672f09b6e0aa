import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineServerSection, UPDATE_KEYS } from '@hostdeck/contracts';
import { defineRecipe } from '@hostdeck/recipes';
import { ForbiddenError } from '../domain/errors.js';
import type { StartRecipeRequest } from '../events/events.service.js';
import { defineRecipeSection } from './recipe-section.js';
import { createSectionService } from './section-service.js';

/** A made-up section: schedules read as `name` lines, deleted one at a time. */
const contract = defineServerSection({
  name: 'schedules',
  updateKey: UPDATE_KEYS.schedules,
  list: { path: '/api/servers/:server/schedules', query: z.object({}), item: z.object({ name: z.string() }) },
  actions: {
    remove: {
      method: 'DELETE',
      path: '/api/servers/:server/schedules/:name',
      params: z.object({ name: z.string() }),
    },
  },
});
const step = { title: 'Read', script: 'inventory/schedules.sh', timeoutMs: 1_000, idempotent: true };
const inventoryRecipe = defineRecipe({
  id: 'schedule-inventory',
  input: z.strictObject({}),
  steps: [{ id: 'read', ...step }],
  environment: () => ({}),
  example: {},
});
const removeRecipe = defineRecipe({
  id: 'schedule-remove',
  input: z.strictObject({ name: z.string() }),
  steps: [{ id: 'remove', ...step, script: 'schedules/remove.sh' }],
  environment: (input) => ({ HD_NAME: input.name }),
  example: { name: 'backup' },
});

function scene(options: { cacheMs?: number; vip?: boolean; billingEnabled?: boolean; isVip?: boolean } = {}) {
  const section = defineRecipeSection(
    contract,
    { eventPrefix: 'schedule_', recipes: [inventoryRecipe, removeRecipe], eventDescriptions: {} },
    () => ({
      inventory: {
        recipe: inventoryRecipe,
        parse: (stdout: string) => stdout.split('\n').filter(Boolean),
        ...(options.cacheMs === undefined ? {} : { cacheMs: options.cacheMs }),
      },
      list: async (names: string[]) => names.map((name) => ({ name })),
      actions: {
        remove: {
          recipe: removeRecipe,
          input: ({ params }) => ({ name: params.name }),
          eventType: 'remove',
          description: ({ params }) => ({ id: 'installApplication', values: { application: params.name } }),
          ...(options.vip === undefined ? {} : { vip: options.vip }),
        },
      },
    }),
  );
  const state = { reads: 0, clock: 0, started: [] as StartRecipeRequest[], authorized: [] as string[] };
  const service = createSectionService(
    { eventPrefix: section.eventPrefix, definition: section.build({} as never) },
    {
      policy: {
        authorizeServer: async (_caller, _serverId, ability) => {
          state.authorized.push(ability);
          return {} as never;
        },
      },
      servers: {
        findRow: async () =>
          ({ sealedPassword: 'sealed', sealedPrivateKey: null, isVip: options.isVip ?? false }) as never,
      },
      inventory: {
        read: async (_serverId, _recipe, _input, parse) => {
          state.reads += 1;
          // Answers a moment later, so lists asked meanwhile are waiting for the same read.
          await new Promise((resolve) => setTimeout(resolve, 5));
          return parse(`cron-${state.reads}\n`);
        },
      },
      events: {
        startRecipe: async (request: StartRecipeRequest) => {
          state.started.push(request);
          return { id: 41 + state.started.length } as never;
        },
      },
      billingEnabled: options.billingEnabled ?? false,
      now: () => state.clock,
    },
  );
  const list = () => service.list({ id: 1 }, 7, {});
  return { section, service, state, list };
}

describe('recipe-backed server sections', () => {
  it('reads the server once for concurrent lists, and again for the next one without a cache', async () => {
    const { state, list, service } = scene();
    const concurrent = service.list({ id: 1 }, 7, {});
    const [first, second] = await Promise.all([concurrent, list()]);
    expect(first).toEqual({ data: [{ name: 'cron-1' }] });
    expect(second).toEqual(first);
    expect((await list()).data).toEqual([{ name: 'cron-2' }]);
    expect(state.reads).toBe(2);
    expect(state.authorized).toEqual(['view', 'view', 'view']);
  });

  it('reuses an answer within cacheMs, and forgets it when an action starts', async () => {
    const { state, list, service } = scene({ cacheMs: 5_000 });
    await list();
    state.clock = 4_000;
    expect((await list()).data).toEqual([{ name: 'cron-1' }]);
    state.clock = 9_500;
    expect((await list()).data).toEqual([{ name: 'cron-2' }]);
    await service.startAction(
      'remove',
      { id: 1 },
      { serverId: 7, params: { name: 'cron-2' }, body: undefined },
    );
    expect((await list()).data).toEqual([{ name: 'cron-3' }]);
  });

  it('starts an action as an event of its recipe, type and description, after the policy', async () => {
    const { state, service, section } = scene();
    const started = await service.startAction(
      'remove',
      { id: 1 },
      {
        serverId: 7,
        params: { name: 'backup' },
        body: undefined,
      },
    );
    expect(started).toEqual({ data: { id: 42 } });
    expect(state.authorized).toEqual(['manage']);
    expect(state.started).toEqual([
      {
        userId: 1,
        serverId: 7,
        recipeId: 'schedule-remove',
        input: { name: 'backup' },
        type: 'schedule_remove',
        description: { id: 'installApplication', values: { application: 'backup' } },
      },
    ]);
    expect(await section.onFinished({} as never)).toEqual(['schedules']);
  });

  it('locks a VIP action on a server that is not VIP only while billing is on', async () => {
    const request = { serverId: 7, params: { name: 'backup' }, body: undefined };
    const locked = scene({ vip: true, billingEnabled: true });
    await expect(locked.service.startAction('remove', { id: 1 }, request)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    expect(locked.state.started).toHaveLength(0);
    const vipServer = scene({ vip: true, billingEnabled: true, isVip: true });
    await expect(vipServer.service.startAction('remove', { id: 1 }, request)).resolves.toBeDefined();
    const noBilling = scene({ vip: true });
    await expect(noBilling.service.startAction('remove', { id: 1 }, request)).resolves.toBeDefined();
  });
});
