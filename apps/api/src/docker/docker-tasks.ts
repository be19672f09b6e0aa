import type Docker from 'dockerode';
import { z } from 'zod';
import {
  dockerImageReferenceSchema,
  dockerNetworkNameSchema,
  dockerVolumeNameSchema,
} from '@hostdeck/contracts/docker';
import type { EventHooks, EventTaskContext } from '../jobs/event-hooks.js';
import { dockerOfSession } from './docker-engine.js';
import {
  imagesToPrune,
  networksToPrune,
  presentImages,
  presentNetworks,
  presentVolumes,
  readSnapshot,
  volumesToPrune,
} from './docker-views.js';

/** The panel task that runs every Engine-API change of this area as an event. */
export const DOCKER_TASK = 'docker';
export const DOCKER_EVENT_PREFIX = 'docker.';

export const dockerTaskInputSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('deleteImage'), image: dockerImageReferenceSchema, force: z.boolean() }),
  z.strictObject({ action: z.literal('pruneImages'), all: z.boolean() }),
  z.strictObject({ action: z.literal('createVolume'), volume: dockerVolumeNameSchema }),
  z.strictObject({ action: z.literal('deleteVolume'), volume: dockerVolumeNameSchema }),
  z.strictObject({ action: z.literal('pruneVolumes') }),
  z.strictObject({ action: z.literal('createNetwork'), network: dockerNetworkNameSchema }),
  z.strictObject({ action: z.literal('deleteNetwork'), network: dockerNetworkNameSchema }),
  z.strictObject({ action: z.literal('pruneNetworks') }),
]);
export type DockerTaskInput = z.infer<typeof dockerTaskInputSchema>;

/** Docker's own words for a refused request (`{"message": …}`), or the error's. */
export function engineMessage(error: unknown): string {
  const json = (error as { json?: { message?: unknown } } | null)?.json;
  if (json && typeof json.message === 'string') return json.message;
  return error instanceof Error ? error.message : String(error);
}

async function engine<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new Error(`${what}: ${engineMessage(error)}`, { cause: error });
  }
}

/** Removes each item, going on after a refusal; fails at the end when any was refused. */
async function removeEach(
  context: EventTaskContext,
  names: string[],
  remove: (name: string) => Promise<unknown>,
): Promise<void> {
  if (names.length === 0) {
    context.write('Nothing to remove.\n');
    return;
  }
  const refused: string[] = [];
  for (const name of names) {
    if (await context.isCancelRequested()) break;
    try {
      await remove(name);
      context.write(`Removed ${name}\n`);
    } catch (error) {
      refused.push(name);
      context.write(`Not removed ${name}: ${engineMessage(error)}\n`);
    }
  }
  if (refused.length > 0) throw new Error(`Docker refused to remove: ${refused.join(', ')}`);
}

export async function runDockerTask(docker: Docker, context: EventTaskContext, input: DockerTaskInput) {
  switch (input.action) {
    case 'deleteImage': {
      const removed = (await engine('Docker refused to delete the image', () =>
        docker.getImage(input.image).remove({ force: input.force }),
      )) as { Untagged?: string; Deleted?: string }[] | undefined;
      for (const entry of removed ?? []) {
        if (entry.Untagged) context.write(`Untagged ${entry.Untagged}\n`);
        if (entry.Deleted) context.write(`Deleted ${entry.Deleted}\n`);
      }
      return;
    }
    case 'pruneImages': {
      // The same computation as the preview, done again now: nothing in use is ever taken.
      const images = imagesToPrune(presentImages(await readSnapshot(docker, { images: true })), input.all);
      await removeEach(
        context,
        images.map((image) => image.id),
        // Not forced: an image a container started using meanwhile is refused by Docker.
        (id) => docker.getImage(id).remove({ force: false }),
      );
      return;
    }
    case 'createVolume':
      await engine('Docker refused to create the volume', () =>
        docker.createVolume({ Name: input.volume, Driver: 'local' } as Docker.VolumeCreateOptions),
      );
      context.write(`Created volume ${input.volume}\n`);
      return;
    case 'deleteVolume':
      // Never forced: Docker refuses a volume a container (in any state) uses.
      await engine('Docker refused to delete the volume', () => docker.getVolume(input.volume).remove());
      context.write(`Deleted volume ${input.volume}\n`);
      return;
    case 'pruneVolumes': {
      const volumes = volumesToPrune(presentVolumes(await readSnapshot(docker, { volumes: true })));
      await removeEach(
        context,
        volumes.map((volume) => volume.name),
        (name) => docker.getVolume(name).remove(),
      );
      return;
    }
    case 'createNetwork':
      await engine('Docker refused to create the network', () =>
        docker.createNetwork({ Name: input.network, Driver: 'bridge', CheckDuplicate: true }),
      );
      context.write(`Created network ${input.network}\n`);
      return;
    case 'deleteNetwork':
      await engine('Docker refused to delete the network', async () => {
        const networks = presentNetworks(await readSnapshot(docker, { networks: true }));
        const network = networks.find((item) => item.id === input.network || item.name === input.network);
        if (!network) throw new Error('no such network');
        if (network.builtin) throw new Error('a network of Docker itself');
        if (network.containers.length > 0) throw new Error(`used by ${network.containers.join(', ')}`);
        await docker.getNetwork(network.id).remove();
      });
      context.write(`Deleted network ${input.network}\n`);
      return;
    case 'pruneNetworks': {
      const networks = networksToPrune(presentNetworks(await readSnapshot(docker, { networks: true })));
      await removeEach(
        context,
        networks.map((network) => network.name),
        (name) => docker.getNetwork(name).remove(),
      );
      return;
    }
  }
}

/** Registers the area's panel task (Engine-API work over the event's own SSH session). */
export function registerDockerTasks(hooks: EventHooks) {
  hooks.registerTask(DOCKER_TASK, async (context) => {
    const input = dockerTaskInputSchema.parse(context.input);
    await runDockerTask(dockerOfSession(context.session), context, input);
  });
}
