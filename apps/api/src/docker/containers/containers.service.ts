import type Docker from 'dockerode';
import type {
  containerLogsQuerySchema,
  Container,
  ContainerTaskAction,
  DockerContainerEventDescriptionId,
} from '@hostdeck/contracts/docker-containers';
import type { z } from 'zod';
import { ConflictError, NotFoundError } from '../../domain/errors.js';
import type { EventsService } from '../../events/events.service.js';
import type { AccessPolicy } from '../../policy/access-policy.js';
import type { Caller } from '../../policy/server-policy.js';
import type { DockerEngine } from '../docker-engine.js';
import { CONTAINER_EVENT_TYPE_PREFIX, CONTAINER_TASK, type ContainerTaskInput } from './container-tasks.js';
import { presentContainer } from './container-presenter.js';
import { openLogStream, openStatsStream, type EventStreamBody } from './container-streams.js';

export const CONTAINER_MESSAGES = {
  notFound: 'There is no such container on this server.',
  tooManyStreams: 'Too many live log and stats views are open. Close one and try again.',
} as const;

/** What an environment value reads as for a caller who may only view the server. */
export const HIDDEN_VALUE = '(hidden)';

/** Live streams one user may hold at once (each is an SSH session on the server). */
export const MAX_STREAMS_PER_USER = 6;

const DESCRIPTIONS: Record<ContainerTaskAction, DockerContainerEventDescriptionId> = {
  start: 'startDockerContainer',
  stop: 'stopDockerContainer',
  restart: 'restartDockerContainer',
  pause: 'pauseDockerContainer',
  unpause: 'unpauseDockerContainer',
  rename: 'renameDockerContainer',
  delete: 'deleteDockerContainer',
};

export interface ContainersServiceDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  events: Pick<EventsService, 'startTask'>;
  engines: { open(serverId: number): Promise<DockerEngine> };
}

/** The Engine's 404, whatever call answered it. */
const isMissing = (error: unknown) => (error as { statusCode?: number } | null)?.statusCode === 404;

/**
 * The containers of a server: reads straight from its Engine (`view`), changes as events
 * (`manage`, a panel task: container-tasks.ts), logs and stats as live streams (`view`).
 */
export function createContainersService(dependencies: ContainersServiceDependencies) {
  const { policy, engines } = dependencies;
  const openStreams = new Map<number, number>();

  async function withEngine<T>(serverId: number, use: (docker: Docker) => Promise<T>): Promise<T> {
    const engine = await engines.open(serverId);
    try {
      return await use(engine.docker);
    } finally {
      await engine.close();
    }
  }

  async function inspect(docker: Docker, reference: string): Promise<Docker.ContainerInspectInfo> {
    try {
      return await docker.getContainer(reference).inspect();
    } catch (error) {
      if (isMissing(error)) throw new NotFoundError(CONTAINER_MESSAGES.notFound);
      throw error;
    }
  }

  /** Opens a stream with the caller's count held until it ends. */
  async function stream(
    caller: Caller,
    serverId: number,
    reference: string,
    open: (engine: DockerEngine, container: Docker.ContainerInspectInfo) => Promise<EventStreamBody>,
  ): Promise<EventStreamBody> {
    await policy.authorizeServer(caller, serverId, 'view');
    const held = openStreams.get(caller.id) ?? 0;
    if (held >= MAX_STREAMS_PER_USER) throw new ConflictError(CONTAINER_MESSAGES.tooManyStreams);
    openStreams.set(caller.id, held + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const count = (openStreams.get(caller.id) ?? 1) - 1;
      if (count <= 0) openStreams.delete(caller.id);
      else openStreams.set(caller.id, count);
    };
    let engine: DockerEngine | undefined;
    try {
      engine = await engines.open(serverId);
      const body = await open(engine, await inspect(engine.docker, reference));
      body.once('close', release);
      return body;
    } catch (error) {
      release();
      await engine?.close();
      throw error;
    }
  }

  return {
    async list(caller: Caller, serverId: number): Promise<{ data: Container[] }> {
      await policy.authorizeServer(caller, serverId, 'view');
      const items = await withEngine(serverId, (docker) => docker.listContainers({ all: true }));
      return { data: items.map(presentContainer).sort((a, b) => a.name.localeCompare(b.name)) };
    },

    /**
     * The Engine's inspect. Environment values often hold passwords: a caller who may only view
     * the server sees the variables' names, not their values.
     */
    async show(caller: Caller, serverId: number, reference: string) {
      await policy.authorizeServer(caller, serverId, 'view');
      const data = await withEngine(serverId, (docker) => inspect(docker, reference));
      const mayManage = await policy.authorizeServer(caller, serverId, 'manage').then(
        () => true,
        () => false,
      );
      if (!mayManage && Array.isArray(data.Config?.Env))
        data.Config.Env = data.Config.Env.map((entry) => `${entry.split('=', 1)[0]}=${HIDDEN_VALUE}`);
      return { data: data as unknown as Record<string, unknown> };
    },

    /**
     * Starts an action as an event. The container is looked up first (a missing one answers 404,
     * not a failed event) and the event names it by its name; the task acts on its full id.
     */
    async startAction(
      caller: Caller,
      serverId: number,
      reference: string,
      action: ContainerTaskAction,
      options: { name?: string; force?: boolean; volumes?: boolean } = {},
    ) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const container = await withEngine(serverId, (docker) => inspect(docker, reference));
      const name = container.Name.replace(/^\//, '');
      const input: ContainerTaskInput = {
        container: container.Id,
        name,
        action,
        ...(action === 'rename' ? { new_name: options.name! } : {}),
        ...(action === 'delete' ? { force: options.force ?? false, volumes: options.volumes ?? false } : {}),
      };
      const event = await dependencies.events.startTask({
        userId: caller.id,
        serverId,
        task: CONTAINER_TASK,
        input,
        type: `${CONTAINER_EVENT_TYPE_PREFIX}${action}`,
        description: {
          id: DESCRIPTIONS[action],
          values: action === 'rename' ? { name, new_name: options.name! } : { name },
        },
      });
      return { data: { id: event.id } };
    },

    logs(
      caller: Caller,
      serverId: number,
      reference: string,
      query: z.output<typeof containerLogsQuerySchema>,
    ) {
      return stream(caller, serverId, reference, (engine, container) =>
        openLogStream(engine, { id: container.Id, tty: Boolean(container.Config?.Tty) }, query),
      );
    },

    stats(caller: Caller, serverId: number, reference: string) {
      return stream(caller, serverId, reference, (engine, container) =>
        openStatsStream(engine, { id: container.Id }),
      );
    },

    /** How many streams each user holds (for tests and the bench). */
    openStreamCount: (userId: number) => openStreams.get(userId) ?? 0,
  };
}
export type ContainersService = ReturnType<typeof createContainersService>;
