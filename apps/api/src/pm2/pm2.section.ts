import type { z } from 'zod';
import type { PM2_ACTIONS } from '@hostdeck/contracts/pm2';
import {
  PM2_EVENT_DESCRIPTIONS,
  pm2Section,
  type Pm2App,
  type Pm2EventDescriptionId,
} from '@hostdeck/contracts/pm2';
import {
  parsePm2Inventory,
  pm2AppControl,
  pm2AppCreate,
  pm2Inventory,
  pm2Recipes,
  type Pm2Inventory,
  type Pm2Process,
} from '@hostdeck/recipes/pm2';
import { defineRecipeSection } from '../server-sections/recipe-section.js';
import { createServersRepository } from '../servers/servers.repository.js';

export const PM2_EVENT_PREFIX = 'pm2_';

const CONTROL_DESCRIPTIONS = {
  start: 'startPm2App',
  stop: 'stopPm2App',
  restart: 'restartPm2App',
} as const satisfies Record<(typeof PM2_ACTIONS)[number], Pm2EventDescriptionId>;

/** Worst first: the status an app shows when its instances differ. */
const STATUS_RANK = [
  'errored',
  'stopping',
  'launching',
  'one-launch-status',
  'waiting restart',
  'stopped',
  'online',
];
const rank = (status: string) => {
  const index = STATUS_RANK.indexOf(status);
  return index === -1 ? -1 : index;
};

/** One user's apps from the inventory, instances taken together by name (pm2 jlist order). */
export function presentPm2Apps(inventory: Pm2Inventory, user: string): Pm2App[] {
  const startup = inventory.users.find((entry) => entry.name === user)?.startup ?? false;
  const byName = new Map<string, Pm2Process[]>();
  for (const process of inventory.processes) {
    if (process.user !== user) continue;
    const list = byName.get(process.name) ?? [];
    list.push(process);
    byName.set(process.name, list);
  }
  return [...byName.entries()].map(([name, instances]) => {
    const first = instances[0]!;
    const status = instances.map((instance) => instance.status).sort((a, b) => rank(a) - rank(b))[0]!;
    const started = instances.flatMap((instance) =>
      instance.started_at === null ? [] : [instance.started_at],
    );
    return {
      user,
      name,
      pm_ids: instances.map((instance) => instance.pm_id),
      status,
      pids: instances.flatMap((instance) => (instance.pid === null ? [] : [instance.pid])),
      script: first.script,
      cwd: first.cwd,
      args: first.args,
      interpreter: first.interpreter,
      exec_mode: first.exec_mode,
      instances: instances.length,
      restarts: instances.reduce((sum, instance) => sum + instance.restarts, 0),
      started_at: started.length > 0 ? Math.min(...started) : null,
      cpu: instances.reduce((sum, instance) => sum + instance.cpu, 0),
      memory: instances.reduce((sum, instance) => sum + instance.memory, 0),
      startup,
    };
  });
}

const describe = (id: Pm2EventDescriptionId, name: string, user: string) => ({ id, values: { name, user } });

/**
 * PM2 of a server (spec/000 §7 PM2: list, start, stop, restart, delete; the logs route is in
 * pm2.area.ts): the list is every user's `pm2 jlist`, read live by the `pm2-inventory` recipe and
 * filtered to the user asked for (the server's default Linux user when none is); each change a
 * `pm2_*` event that ends with `pm2 save`.
 */
export const pm2RecipeSection = defineRecipeSection(
  pm2Section,
  { eventPrefix: PM2_EVENT_PREFIX, recipes: pm2Recipes, eventDescriptions: PM2_EVENT_DESCRIPTIONS },
  ({ db }) => {
    const servers = createServersRepository(db);
    return {
      inventory: { recipe: pm2Inventory, parse: parsePm2Inventory },
      async list(inventory: Pm2Inventory, { serverId, query }) {
        const user = query.user ?? (await servers.findRow(serverId))?.defaultLinuxUser;
        return user ? presentPm2Apps(inventory, user) : [];
      },
      actions: {
        create: {
          recipe: pm2AppCreate,
          input: ({ body }) => body,
          eventType: 'create',
          description: ({ body }) => describe('createPm2App', body.name, body.user),
        },
        control: {
          recipe: pm2AppControl,
          input: ({ params, body }) => ({ user: body.user, name: params.name, action: params.action }),
          eventType: ({ params }) => params.action,
          description: ({ params, body }) =>
            describe(CONTROL_DESCRIPTIONS[params.action], params.name, body.user),
        },
        delete: {
          recipe: pm2AppControl,
          input: ({ params, body }) => ({ user: body.user, name: params.name, action: 'delete' }),
          eventType: 'delete',
          description: ({ params, body }) => describe('deletePm2App', params.name, body.user),
        },
      },
    };
  },
);

/** For tests: the contract's list query, parsed. */
export type Pm2ListQuery = z.output<typeof pm2Section.list.query>;
