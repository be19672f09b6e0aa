import type Docker from 'dockerode';
import { z } from 'zod';
import {
  CONTAINER_TASK_ACTIONS,
  containerNameSchema,
  isContainerId,
} from '@hostdeck/contracts/docker-containers';
import type { EventHooks, EventTaskContext } from '../../jobs/event-hooks.js';
import type { RemoteSession } from '../../remote/remote-executor.js';
import { dockerOfSession } from '../docker-engine.js';

/** The panel task every container action runs as (jobs/event-hooks.ts). */
export const CONTAINER_TASK = 'docker-container';
/** events.type of a container action: `docker_container_<action>`. */
export const CONTAINER_EVENT_TYPE_PREFIX = 'docker_container_';

/** A task's input, as stored (sealed) with its event: the container's full id, never a typed name. */
export const containerTaskInputSchema = z.object({
  container: z.string().refine(isContainerId),
  name: z.string(),
  action: z.enum(CONTAINER_TASK_ACTIONS),
  new_name: containerNameSchema.optional(),
  force: z.boolean().optional(),
  volumes: z.boolean().optional(),
});
export type ContainerTaskInput = z.infer<typeof containerTaskInputSchema>;

/** Seconds the Engine waits for a stop before it kills (Docker's default). */
const STOP_TIMEOUT_SECONDS = 10;

/** The Engine's "nothing to do" (304: already started, already stopped). */
const isNotModified = (error: unknown) => (error as { statusCode?: number } | null)?.statusCode === 304;

/** What one action does on the Engine. */
async function act(container: Docker.Container, input: ContainerTaskInput) {
  switch (input.action) {
    case 'start':
      return container.start();
    case 'stop':
      return container.stop({ t: STOP_TIMEOUT_SECONDS });
    case 'restart':
      return container.restart({ t: STOP_TIMEOUT_SECONDS });
    case 'pause':
      return container.pause();
    case 'unpause':
      return container.unpause();
    case 'rename':
      return container.rename({ name: input.new_name! });
    case 'delete':
      return container.remove({ force: input.force ?? false, v: input.volumes ?? false });
  }
}

/**
 * Runs one container action over the event's SSH session (the Engine API through dial-stdio),
 * writing what it did and the container's state after it to the event's output. An Engine
 * refusal (a running container to delete without force, a name taken) fails the event with the
 * Engine's own message.
 */
export async function runContainerTask(
  context: Pick<EventTaskContext, 'input' | 'write'>,
  session: RemoteSession | (() => Docker),
) {
  const input = containerTaskInputSchema.parse(context.input);
  const docker = typeof session === 'function' ? session() : dockerOfSession(session);
  const container = docker.getContainer(input.container);
  const label = `${input.name} (${input.container.slice(0, 12)})`;
  context.write(
    input.action === 'rename'
      ? `Renaming container ${label} to ${input.new_name}\n`
      : `${input.action[0]!.toUpperCase()}${input.action.slice(1)} container ${label}\n`,
  );
  try {
    await act(container, input);
  } catch (error) {
    if (!isNotModified(error)) throw new Error(engineMessage(error), { cause: error });
    context.write(
      `Nothing to do: the container is already ${input.action === 'start' ? 'running' : 'stopped'}.\n`,
    );
  }
  if (input.action === 'delete') {
    context.write('The container was deleted.\n');
    return;
  }
  const after = await container.inspect();
  context.write(`Name: ${after.Name.replace(/^\//, '')}\nState: ${after.State.Status}\n`);
}

/** The Engine's own words (`{"message": …}`), without dockerode's "(HTTP code …)" prefix. */
export function engineMessage(error: unknown): string {
  const json = (error as { json?: { message?: unknown } } | null)?.json;
  if (json && typeof json.message === 'string') return json.message;
  return error instanceof Error ? error.message : String(error);
}

/** Registers the containers' task (the docker area calls it from its `tasks`). */
export function registerContainerTasks(hooks: EventHooks, _context?: unknown) {
  hooks.registerTask(CONTAINER_TASK, (context) => runContainerTask(context, context.session));
}
