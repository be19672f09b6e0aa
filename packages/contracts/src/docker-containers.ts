import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { hasControlCharacters, isSafeValue } from './grammars.js';
import { defineRoutes, idParamSchema } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * The containers of a server's Docker (spec/000 §7 Docker containers: list, show, start, stop,
 * restart, pause, rename, logs, stats, delete). No panel table: the Engine is the truth. Reads go
 * to the Engine API while the request waits; every change is an event (a panel task). Logs and
 * stats are Server-Sent Events streams. docs/docker.md.
 */

/** Messages of the grammars (English; Vietnamese in apps/api/src/docker/containers/containers.vi.ts). */
export const DOCKER_CONTAINER_MESSAGES = {
  reference: 'Use a container id (12 to 64 hexadecimal digits) or a name of letters, digits and _ . -',
  name: 'Use 1 to 128 letters, digits and _ . - starting with a letter or a digit',
  search: 'The search may not contain control characters (at most 200 characters)',
  since: 'Use a date and time, or a Unix time in seconds',
  invalid: VALIDATION_MESSAGES.invalid,
} as const;

/** Docker's own name grammar (daemon/names: `[a-zA-Z0-9][a-zA-Z0-9_.-]+`), capped at 128. */
const NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,127}$/;
/** A full (64) or short (12+) hexadecimal id. */
const ID_PATTERN = /^[0-9a-f]{12,64}$/;

export const isContainerName = (value: string) =>
  isSafeValue(value) && NAME_PATTERN.test(value) && !value.includes('..');
export const isContainerId = (value: string) => ID_PATTERN.test(value);

/** What names one container in a URL: its id (12–64 hex) or its name. Never anything else. */
export const containerReferenceSchema = z
  .string()
  .min(1, { abort: true })
  .refine((value) => isContainerId(value) || isContainerName(value), {
    message: DOCKER_CONTAINER_MESSAGES.reference,
    abort: true,
  });

/** A new name (rename). */
export const containerNameSchema = z
  .string()
  .min(1, { abort: true })
  .refine(isContainerName, { message: DOCKER_CONTAINER_MESSAGES.name, abort: true });

/** The search of the log view: plain text, matched in the panel (never sent to the server). */
export const LOG_SEARCH_MAX_LENGTH = 200;
export const logSearchSchema = z
  .string()
  .max(LOG_SEARCH_MAX_LENGTH, { message: DOCKER_CONTAINER_MESSAGES.search, abort: true })
  // Matched in the panel, never sent to the server: a leading '-' is plain text here.
  .refine((value) => !hasControlCharacters(value), {
    message: DOCKER_CONTAINER_MESSAGES.search,
    abort: true,
  });

/** `since`: an ISO date-time or Unix seconds, sent to the Engine as Unix seconds. */
export const logSinceSchema = z
  .string()
  .min(1, { abort: true })
  .refine(
    (value) =>
      /^[0-9]{1,12}$/.test(value) ||
      (/^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9:.]+(Z|[+-][0-9]{2}:?[0-9]{2})?)?$/.test(value) &&
        !Number.isNaN(Date.parse(value))),
    { message: DOCKER_CONTAINER_MESSAGES.since, abort: true },
  );

/** Unix seconds of a valid `since`. */
export function sinceSeconds(value: string): number {
  return /^[0-9]+$/.test(value) ? Number(value) : Math.floor(Date.parse(value) / 1000);
}

export const LOG_TAIL_DEFAULT = 200;
export const LOG_TAIL_MAX = 5000;

const booleanQuery = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean(),
);

/** GET …/logs: the last `tail` lines (since `since`), then live when `follow`; lines matching `search`. */
export const containerLogsQuerySchema = z.strictObject({
  tail: z.coerce.number().int().min(0).max(LOG_TAIL_MAX).default(LOG_TAIL_DEFAULT),
  follow: booleanQuery.default(true),
  since: logSinceSchema.optional(),
  search: logSearchSchema.optional(),
});
export type ContainerLogsQuery = z.input<typeof containerLogsQuerySchema>;

export const CONTAINER_STATES = [
  'created',
  'running',
  'paused',
  'restarting',
  'removing',
  'exited',
  'dead',
] as const;

export const containerPortSchema = z.object({
  ip: z.string().nullable(),
  private_port: z.number().int(),
  public_port: z.number().int().nullable(),
  type: z.string(),
});
export type ContainerPort = z.infer<typeof containerPortSchema>;

export const containerSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  image_id: z.string(),
  command: z.string(),
  /** created, running, paused, restarting, removing, exited or dead. */
  state: z.string(),
  /** Docker's own words: "Up 2 hours", "Exited (0) 3 days ago". */
  status: z.string(),
  created_at: z.string(),
  ports: z.array(containerPortSchema),
  /** The compose project (`com.docker.compose.project` label), when it has one. */
  compose_project: z.string().nullable(),
  compose_service: z.string().nullable(),
});
export type Container = z.infer<typeof containerSchema>;

export const containerListResponseSchema = z.object({ data: z.array(containerSchema) });
/** The Engine's inspect, as it answers it (a JSON object). */
export const containerInspectResponseSchema = z.object({ data: z.record(z.string(), z.unknown()) });

export const renameContainerRequestSchema = z.strictObject({ name: containerNameSchema });
export const deleteContainerRequestSchema = z.strictObject({
  /** Remove a running container too (the Engine kills it first). */
  force: z.boolean().default(false),
  /** Remove its anonymous volumes. */
  volumes: z.boolean().default(false),
});

export const CONTAINER_ACTIONS = ['start', 'stop', 'restart', 'pause', 'unpause'] as const;
export type ContainerAction = (typeof CONTAINER_ACTIONS)[number];
export const CONTAINER_TASK_ACTIONS = [...CONTAINER_ACTIONS, 'rename', 'delete'] as const;
export type ContainerTaskAction = (typeof CONTAINER_TASK_ACTIONS)[number];

const containerParams = z.object({ server: idParamSchema, container: containerReferenceSchema });
const actionParams = containerParams.extend({ action: z.enum(CONTAINER_ACTIONS) });

/** One line of a log stream (`event: line`). */
export const containerLogLineSchema = z.object({
  stream: z.enum(['stdout', 'stderr']),
  /** RFC 3339 with nanoseconds, as Docker stamps it; null when the line had none. */
  time: z.string().nullable(),
  text: z.string(),
});
export type ContainerLogLine = z.infer<typeof containerLogLineSchema>;

/** One sample of a stats stream (`event: stats`). */
export const containerStatsSampleSchema = z.object({
  read: z.string(),
  cpu_percent: z.number(),
  online_cpus: z.number().int(),
  memory_usage: z.number(),
  memory_limit: z.number(),
  memory_percent: z.number(),
  network_rx: z.number(),
  network_tx: z.number(),
  block_read: z.number(),
  block_write: z.number(),
  pids: z.number().int(),
});
export type ContainerStatsSample = z.infer<typeof containerStatsSampleSchema>;

/** What ends a stream (`event: end`): the reason, and a message when it failed. */
export const containerStreamEndSchema = z.object({
  reason: z.enum(['finished', 'error', 'limit']),
  message: z.string().optional(),
});

export const containerRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/servers/:server/docker/containers',
    params: z.object({ server: idParamSchema }),
    response: containerListResponseSchema,
  },
  show: {
    method: 'GET',
    path: '/api/servers/:server/docker/containers/:container',
    params: containerParams,
    response: containerInspectResponseSchema,
  },
  action: {
    method: 'POST',
    path: '/api/servers/:server/docker/containers/:container/:action',
    params: actionParams,
    response: startedEventResponseSchema,
  },
  rename: {
    method: 'PUT',
    path: '/api/servers/:server/docker/containers/:container/name',
    params: containerParams,
    body: renameContainerRequestSchema,
    response: startedEventResponseSchema,
  },
  delete: {
    method: 'DELETE',
    path: '/api/servers/:server/docker/containers/:container',
    params: containerParams,
    body: deleteContainerRequestSchema.optional(),
    response: startedEventResponseSchema,
  },
  /** text/event-stream: `line` events, then `end`. */
  logs: {
    method: 'GET',
    path: '/api/servers/:server/docker/containers/:container/logs',
    params: containerParams,
    query: containerLogsQuerySchema,
  },
  /** text/event-stream: `stats` events, then `end`. */
  stats: {
    method: 'GET',
    path: '/api/servers/:server/docker/containers/:container/stats',
    params: containerParams,
  },
});

/** The descriptions of the containers' events (events.ts AreaEventDescriptions), English. */
export const DOCKER_CONTAINER_EVENT_DESCRIPTIONS = defineEventDescriptions({
  startDockerContainer: 'Start container {name}',
  stopDockerContainer: 'Stop container {name}',
  restartDockerContainer: 'Restart container {name}',
  pauseDockerContainer: 'Pause container {name}',
  unpauseDockerContainer: 'Unpause container {name}',
  renameDockerContainer: 'Rename container {name} to {new_name}',
  deleteDockerContainer: 'Delete container {name}',
});
export type DockerContainerEventDescriptionId = keyof typeof DOCKER_CONTAINER_EVENT_DESCRIPTIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    dockerContainers: typeof DOCKER_CONTAINER_EVENT_DESCRIPTIONS;
  }
}
