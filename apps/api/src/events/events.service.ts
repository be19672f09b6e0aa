import {
  EVENT_STATUS,
  type EventDescriptionId,
  type EventTextValues,
  type Locale,
} from '@hostdeck/contracts';
import { buildStepInvocation, RecipeInputError } from '@hostdeck/recipes';
import type { SecretBox } from '../crypto/secret-box.js';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import { paginate } from '../domain/paginate.js';
import { TASK_PREFIX } from '../jobs/event-hooks.js';
import { findPanelRecipe } from '../jobs/recipe-registry.js';
import type { FinishEvent } from '../jobs/finish-event.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { isManagedBy } from '../policy/server-policy.js';
import { SECRET_PURPOSE, type ServerConnections } from '../servers/server-connection.js';
import type { EventNotifier } from './event-notifier.js';
import { presentEvent } from './event-presenter.js';
import type { EventsRepository, EventWithContext } from './events.repository.js';
import { eventDescription } from './event-texts.js';

export interface StartRecipeRequest {
  userId: number;
  serverId: number;
  /** The server's row, when the caller's `manage` was just checked on it (authorizeServerRow). */
  server?: object;
  recipeId: string;
  input: unknown;
  type: string;
  /** Stored as its id and values (issue 26: each reader sees it in their language). */
  description: EventDescriptionText;
  siteId?: number | null;
  startStepId?: string | null;
  /** The row the event is about (a database, a database user), as startTask takes them. */
  modelId?: number | null;
  modelType?: string | null;
}

export interface StartTaskRequest {
  userId: number;
  serverId: number;
  /** The server's row, when the caller's `manage` was just checked on it (authorizeServerRow). */
  server?: object;
  /** A task registered with the event hooks (jobs/event-hooks.ts). */
  task: string;
  /** Already validated by the caller's schema; stored sealed like a recipe's input. */
  input: unknown;
  type: string;
  description: EventDescriptionText;
  siteId?: number | null;
  modelId?: number | null;
  modelType?: string | null;
}

/**
 * Events: start a recipe as an event, cancel it, list them. Input is validated by the recipe's
 * grammar before anything is stored or queued: an invalid value never reaches the queue.
 */
export function createEventsService(options: {
  repository: EventsRepository;
  queue: JobQueue;
  notifier: EventNotifier;
  /** How every event ends (jobs/finish-event.ts). */
  finishEvent: FinishEvent;
  secretBox: SecretBox;
  connections: ServerConnections;
}) {
  const { repository } = options;

  /** The caller may manage the server, unless its row just passed that very check. */
  async function authorizeStart(request: { userId: number; serverId: number; server?: object }) {
    const server = request.server as { id?: number } | undefined;
    if (server?.id === request.serverId && isManagedBy(server, request.userId)) return;
    await options.connections.authorize(request.userId, request.serverId, 'manage');
  }

  async function queueEvent(values: Parameters<EventsRepository['insert']>[0]) {
    const event = await repository.insert(values);
    const audience = await options.notifier.changed(event);
    const jobId = await options.queue.schedule(event.id, event.serverId);
    await repository.setQueueJobId(event.id, jobId);
    // Everyone told of the new event: the caller's own Update-data goes to them too (sites).
    return { ...event, audience };
  }

  return {
    async startRecipe(request: StartRecipeRequest) {
      const recipe = findPanelRecipe(request.recipeId);
      if (!recipe) throw new NotFoundError();
      // The policy: a server the caller cannot see answers like a missing one (404).
      await authorizeStart(request);
      let input: unknown;
      try {
        // Building the first step's invocation runs the recipe's full input grammar.
        const firstStep = request.startStepId ?? recipe.steps[0]?.id;
        if (!firstStep || !recipe.steps.some((step) => step.id === firstStep)) {
          throw new ValidationError({ step: ['Invalid value'] });
        }
        buildStepInvocation(recipe, firstStep, request.input);
        input = recipe.input.parse(request.input);
      } catch (error) {
        if (error instanceof RecipeInputError) throw new ValidationError(error.fieldErrors);
        throw error;
      }
      return queueEvent({
        type: request.type,
        ...eventDescription(request.description.id, request.description.values),
        userId: request.userId,
        serverId: request.serverId,
        siteId: request.siteId ?? null,
        modelId: request.modelId ?? null,
        modelType: request.modelType ?? null,
        recipeId: recipe.id,
        sealedInput: options.secretBox.seal(JSON.stringify(input), SECRET_PURPOSE.eventInput),
        startStepId: request.startStepId ?? null,
      });
    },

    /** Starts a panel task (ACME orders, deployments) as an event on the server. */
    async startTask(request: StartTaskRequest) {
      await authorizeStart(request);
      return queueEvent({
        type: request.type,
        ...eventDescription(request.description.id, request.description.values),
        userId: request.userId,
        serverId: request.serverId,
        siteId: request.siteId ?? null,
        modelId: request.modelId ?? null,
        modelType: request.modelType ?? null,
        recipeId: `${TASK_PREFIX}${request.task}`,
        sealedInput: options.secretBox.seal(JSON.stringify(request.input), SECRET_PURPOSE.eventInput),
      });
    },

    /**
     * A pending event is cancelled at once; a running one stops before its next step (a step in
     * progress, such as a package install, is never interrupted half-way).
     */
    async cancel(eventId: number, userId: number) {
      const event = await repository.findVisible(eventId, userId);
      if (!event) throw new NotFoundError();
      // Cancelling acts on the server: the same ability as starting an event there.
      if (event.serverId !== null) await options.connections.authorize(userId, event.serverId, 'manage');
      const requested = await repository.requestCancel(eventId);
      if (requested && requested.status === EVENT_STATUS.pending) {
        // Ended like any other event: what it was about settles (a site being deleted fails, a
        // pending certificate fails), then the people concerned are told.
        const finished = await options.finishEvent(eventId, {
          owner: null,
          status: EVENT_STATUS.cancelled,
          failure: { id: 'cancelledBeforeStart', values: {} },
        });
        if (finished) {
          if (finished.queueJobId) await options.queue.cancel(finished.queueJobId);
          return finished;
        }
      }
      return (await repository.findById(eventId))!;
    },

    /** One event the caller may see (its output, for a link to it), in the caller's language. */
    async show(eventId: number, userId: number, locale: Locale) {
      const row = await repository.findVisibleWithContext(eventId, userId);
      if (!row) throw new NotFoundError();
      return presentEvent(row.event, contextOf(row), locale);
    },

    async list(userId: number, page: number, perPage: number, locale: Locale = 'en') {
      const { total, rows } = await repository.listForUser(userId, page, perPage);
      return paginate({
        data: rows.map((row) => presentEvent(row.event, contextOf(row), locale)),
        total,
        page,
        perPage,
        path: '/api/events',
      });
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;

/**
 * A description as `startRecipe`/`startTask` take it: an id (EVENT_DESCRIPTIONS or a section's own,
 * contracts AreaEventDescriptions) and its values.
 */
export interface EventDescriptionText {
  id: EventDescriptionId;
  values?: EventTextValues;
}

function contextOf(row: EventWithContext) {
  return { name: row.userName, photo: row.userPhoto, serverName: row.serverName, siteName: row.siteName };
}
