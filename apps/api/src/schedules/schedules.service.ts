import { EVENT_STATUS, UPDATE_KEYS, type UpdateKey } from '@hostdeck/contracts';
import {
  SCHEDULE_EVENT_TYPES,
  SCHEDULE_MESSAGES,
  SCHEDULE_MODEL_TYPE,
  splitCrontabLine,
  type ScheduleEventDescriptionId,
  type ScheduleRequest,
  type Schedule,
  type ScheduleRun,
} from '@hostdeck/contracts/schedules';
import {
  parseScheduleInventory,
  parseScheduleRuns,
  scheduleAdopt,
  scheduleApply,
  scheduleDelete,
  scheduleInventory,
  scheduleRun,
  scheduleRuns,
  toTextHex,
  type ScheduleInventory,
} from '@hostdeck/recipes/schedules';
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { EventRow } from '../events/events.repository.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { InventoryReader } from '../server-sections/inventory-reader.js';
import { presentRun, presentSchedule, presentUnmanagedLine, scheduleScript } from './schedule-presenter.js';
import type { ScheduleRow, SchedulesRepository } from './schedules.repository.js';

export interface SchedulesDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer' | 'usersWithServerAccess'>;
  repository: SchedulesRepository;
  events: Pick<EventsService, 'startRecipe'>;
  inventory: Pick<InventoryReader, 'read'>;
  publish(userIds: readonly number[], keys: readonly UpdateKey[]): void;
}

const UPDATE: readonly UpdateKey[] = [UPDATE_KEYS.schedules];

/** A command as event descriptions show it (one line, at most 80 characters). */
const shortCommand = (command: string) => (command.length > 80 ? `${command.slice(0, 77)}…` : command);

/**
 * The cron jobs of a server (issue 16; spec/000 §7 schedules): the panel's rows with their last
 * runs and the hand-written lines read from the server; every change a `schedule_*` recipe event
 * whose end settles the row (registerScheduleEventHandlers). Another user's server, or a job of
 * another server, answers 404.
 */
export function createSchedulesService(dependencies: SchedulesDependencies) {
  const { policy, repository, events, inventory } = dependencies;

  async function findSchedule(serverId: number, id: number): Promise<ScheduleRow> {
    const row = await repository.findOnServer(serverId, id);
    if (!row) throw new NotFoundError(SCHEDULE_MESSAGES.notFound);
    return row;
  }

  function requireSettled(row: ScheduleRow) {
    if (row.status === 'creating' || row.status === 'updating' || row.status === 'deleting') {
      throw new ConflictError(SCHEDULE_MESSAGES.busy);
    }
  }

  async function announce(serverId: number, audience?: readonly number[]) {
    dependencies.publish(audience ?? (await policy.usersWithServerAccess(serverId)), UPDATE);
  }

  async function start(
    caller: Caller,
    row: ScheduleRow,
    recipe: { id: string },
    input: Record<string, unknown>,
    type: string,
    description: ScheduleEventDescriptionId,
  ) {
    const event = await events.startRecipe({
      userId: caller.id,
      serverId: row.serverId,
      recipeId: recipe.id,
      input,
      type,
      description: { id: description, values: { command: shortCommand(row.command), user: row.linuxUser } },
      modelId: row.id,
      modelType: SCHEDULE_MODEL_TYPE,
    });
    await announce(row.serverId, event.audience);
    return event;
  }

  const jobInput = (row: ScheduleRow) => ({
    id: row.id,
    user: row.linuxUser,
    expression: row.expression,
    timeout_seconds: row.timeoutSeconds,
    command_hex: toTextHex(row.command),
  });

  return {
    /** GET …/schedules: the panel's jobs (last runs from the server) and the lines made by hand. */
    async list(caller: Caller, serverId: number): Promise<{ data: Schedule[] }> {
      await policy.authorizeServer(caller, serverId, 'view');
      const rows = await repository.listForServer(serverId);
      const read: ScheduleInventory = await inventory.read(
        serverId,
        scheduleInventory,
        {},
        parseScheduleInventory,
      );
      return {
        data: [
          ...rows.map((row) => presentSchedule(row, read)),
          ...read.lines.map((entry) => presentUnmanagedLine(entry, splitCrontabLine(entry.line))),
        ],
      };
    },

    async create(caller: Caller, serverId: number, body: ScheduleRequest) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const row = await repository.insert({
        serverId,
        linuxUser: body.user,
        command: body.command,
        expression: body.expression,
        timeoutSeconds: body.timeout_seconds,
        status: 'creating',
      });
      try {
        const event = await start(
          caller,
          row,
          scheduleApply,
          jobInput(row),
          SCHEDULE_EVENT_TYPES.create,
          'createSchedule',
        );
        return { data: { id: event.id, schedule: row.id } };
      } catch (error) {
        await repository.remove(row.id);
        throw error;
      }
    },

    async update(caller: Caller, serverId: number, id: number, body: ScheduleRequest) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const row = await findSchedule(serverId, id);
      requireSettled(row);
      const next: ScheduleRow = {
        ...row,
        linuxUser: body.user,
        command: body.command,
        expression: body.expression,
        timeoutSeconds: body.timeout_seconds,
        status: 'updating',
      };
      await repository.update(id, {
        linuxUser: next.linuxUser,
        command: next.command,
        expression: next.expression,
        timeoutSeconds: next.timeoutSeconds,
        status: next.status,
      });
      try {
        const event = await start(
          caller,
          next,
          scheduleApply,
          jobInput(next),
          SCHEDULE_EVENT_TYPES.update,
          'updateSchedule',
        );
        return { data: { id: event.id, schedule: id } };
      } catch (error) {
        await repository.update(id, {
          linuxUser: row.linuxUser,
          command: row.command,
          expression: row.expression,
          timeoutSeconds: row.timeoutSeconds,
          status: row.status,
        });
        throw error;
      }
    },

    async remove(caller: Caller, serverId: number, id: number) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const row = await findSchedule(serverId, id);
      requireSettled(row);
      await repository.update(id, { status: 'deleting' });
      try {
        const event = await start(
          caller,
          row,
          scheduleDelete,
          { id },
          SCHEDULE_EVENT_TYPES.delete,
          'deleteSchedule',
        );
        return { data: { id: event.id } };
      } catch (error) {
        await repository.update(id, { status: row.status });
        throw error;
      }
    },

    /** POST …/schedules/{schedule}/run: "Run now", the output live in the event. */
    async run(caller: Caller, serverId: number, id: number) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const row = await findSchedule(serverId, id);
      requireSettled(row);
      const event = await start(caller, row, scheduleRun, { id }, SCHEDULE_EVENT_TYPES.run, 'runSchedule');
      return { data: { id: event.id } };
    },

    /** GET …/schedules/{schedule}/runs: the runs the wrapper recorded, newest first. */
    async runs(caller: Caller, serverId: number, id: number): Promise<{ data: ScheduleRun[] }> {
      await policy.authorizeServer(caller, serverId, 'view');
      await findSchedule(serverId, id);
      const runs = await inventory.read(serverId, scheduleRuns, { id }, parseScheduleRuns);
      return { data: runs.map(presentRun) };
    },

    /** GET …/schedules/{schedule}/script (spec/000 §7). */
    async script(caller: Caller, serverId: number, id: number) {
      await policy.authorizeServer(caller, serverId, 'view');
      return { data: { script: scheduleScript(await findSchedule(serverId, id)) } };
    },

    /** POST …/schedules/adopt: one hand-written crontab line becomes the panel's job. */
    async adopt(caller: Caller, serverId: number, body: { user: string; line: string }) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const split = splitCrontabLine(body.line);
      if (!split) throw new ValidationError({ line: [SCHEDULE_MESSAGES.notAdoptable] });
      const row = await repository.insert({
        serverId,
        linuxUser: body.user,
        command: split.command,
        expression: split.expression,
        status: 'creating',
      });
      try {
        const event = await start(
          caller,
          row,
          scheduleAdopt,
          { ...jobInput(row), line_hex: toTextHex(body.line) },
          SCHEDULE_EVENT_TYPES.adopt,
          'adoptSchedule',
        );
        return { data: { id: event.id, schedule: row.id } };
      } catch (error) {
        await repository.remove(row.id);
        throw error;
      }
    },
  };
}
export type SchedulesService = ReturnType<typeof createSchedulesService>;

/**
 * Settles a job's row however its event ended (docs/events.md): written → active, or failed (kept,
 * so it can be edited or deleted; an adopt that failed changed nothing and leaves no row);
 * deleted → removed, or active again. A run changes no row.
 */
export function registerScheduleEventHandlers(
  hooks: Pick<EventHooks, 'onFinished'>,
  repository: SchedulesRepository,
) {
  hooks.onFinished('schedule_', async (event: EventRow) => {
    if (event.modelType !== SCHEDULE_MODEL_TYPE || event.serverId === null || event.modelId === null)
      return UPDATE;
    const row = await repository.findOnServer(event.serverId, event.modelId);
    if (!row) return UPDATE;
    const passed = event.status === EVENT_STATUS.finished;
    switch (event.type) {
      case SCHEDULE_EVENT_TYPES.create:
      case SCHEDULE_EVENT_TYPES.update:
        await repository.update(row.id, { status: passed ? 'active' : 'failed' });
        break;
      case SCHEDULE_EVENT_TYPES.adopt:
        if (passed) await repository.update(row.id, { status: 'active' });
        else await repository.remove(row.id);
        break;
      case SCHEDULE_EVENT_TYPES.delete:
        if (passed) await repository.remove(row.id);
        else await repository.update(row.id, { status: 'active' });
        break;
      default:
        break;
    }
    return UPDATE;
  });
}
