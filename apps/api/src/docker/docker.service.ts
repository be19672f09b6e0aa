import type Docker from 'dockerode';
import type {
  DockerEventDescriptionId,
  DockerImage,
  DockerLogSettings,
  DockerLogSettingsRequest,
  DockerNetwork,
  DockerPublishedPort,
  DockerVolume,
} from '@hostdeck/contracts/docker';
import {
  dockerLogRotation,
  dockerSettingsInventory,
  dockerVolumeClone,
  parseDockerSettingsInventory,
} from '@hostdeck/recipes/docker';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { InventoryReader } from '../server-sections/inventory-reader.js';
import type { DockerEngines } from './docker-engine.js';
import { DOCKER_EVENT_PREFIX, DOCKER_TASK, engineMessage, type DockerTaskInput } from './docker-tasks.js';
import {
  imagesToPrune,
  networksToPrune,
  presentImages,
  presentNetworks,
  presentPublishedPorts,
  presentVolumes,
  readSnapshot,
  volumesToPrune,
} from './docker-views.js';

export const DOCKER_SERVICE_MESSAGES = {
  sameVolume: 'The copy needs a new name',
  volumeExists: 'A volume with this name already exists',
} as const;

export interface DockerServiceDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  engines: Pick<DockerEngines, 'with'>;
  inventory: Pick<InventoryReader, 'read'>;
  events: Pick<EventsService, 'startTask' | 'startRecipe'>;
}

type Started = { data: { id: number } };

/**
 * Docker's images, volumes, networks and daemon settings on one server. Reads are direct (the
 * Engine API over SSH while the request waits) after `view`; changes are events after `manage`
 * (the events service checks it): a panel task for Engine-API work, a recipe for shell work
 * (volume clone, log rotation).
 */
export function createDockerService(dependencies: DockerServiceDependencies) {
  const { policy, engines, events } = dependencies;

  async function read<T>(caller: Caller, serverId: number, use: (docker: Docker) => Promise<T>): Promise<T> {
    await policy.authorizeServer(caller, serverId, 'view');
    return engines.with(serverId, use);
  }

  async function startTask(
    caller: Caller,
    serverId: number,
    input: DockerTaskInput,
    type: string,
    description: { id: DockerEventDescriptionId; values?: Record<string, string | number> },
  ): Promise<Started> {
    const event = await events.startTask({
      userId: caller.id,
      serverId,
      task: DOCKER_TASK,
      input,
      type: `${DOCKER_EVENT_PREFIX}${type}`,
      description: { id: description.id, values: description.values ?? {} },
    });
    return { data: { id: event.id } };
  }

  return {
    images: (caller: Caller, serverId: number): Promise<{ data: DockerImage[] }> =>
      read(caller, serverId, async (docker) => ({
        data: presentImages(await readSnapshot(docker, { images: true })),
      })),

    image: (caller: Caller, serverId: number, image: string) =>
      read(caller, serverId, async (docker) => {
        try {
          return { data: (await docker.getImage(image).inspect()) as unknown as Record<string, unknown> };
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode === 404) throw new NotFoundError();
          throw new Error(engineMessage(error), { cause: error });
        }
      }),

    imagesPrunePreview: (caller: Caller, serverId: number, all: boolean) =>
      read(caller, serverId, async (docker) => ({
        data: imagesToPrune(presentImages(await readSnapshot(docker, { images: true })), all),
      })),

    volumes: (caller: Caller, serverId: number): Promise<{ data: DockerVolume[] }> =>
      read(caller, serverId, async (docker) => ({
        data: presentVolumes(await readSnapshot(docker, { volumes: true })),
      })),

    volumesPrunePreview: (caller: Caller, serverId: number) =>
      read(caller, serverId, async (docker) => ({
        data: volumesToPrune(presentVolumes(await readSnapshot(docker, { volumes: true }))),
      })),

    networks: (caller: Caller, serverId: number): Promise<{ data: DockerNetwork[] }> =>
      read(caller, serverId, async (docker) => ({
        data: presentNetworks(await readSnapshot(docker, { networks: true })),
      })),

    networksPrunePreview: (caller: Caller, serverId: number) =>
      read(caller, serverId, async (docker) => ({
        data: networksToPrune(presentNetworks(await readSnapshot(docker, { networks: true }))),
      })),

    publishedPorts: (caller: Caller, serverId: number): Promise<{ data: DockerPublishedPort[] }> =>
      read(caller, serverId, async (docker) => ({
        data: presentPublishedPorts(await docker.listContainers({ all: true })),
      })),

    async settings(caller: Caller, serverId: number): Promise<{ data: DockerLogSettings }> {
      await policy.authorizeServer(caller, serverId, 'view');
      const settings = await dependencies.inventory.read(
        serverId,
        dockerSettingsInventory,
        {},
        parseDockerSettingsInventory,
      );
      return {
        data: { log_driver: settings.logDriver, max_size: settings.maxSize, max_file: settings.maxFile },
      };
    },

    deleteImage: (caller: Caller, serverId: number, image: string, force: boolean) =>
      startTask(caller, serverId, { action: 'deleteImage', image, force }, 'image.delete', {
        id: 'deleteDockerImage',
        values: { image },
      }),

    pruneImages: (caller: Caller, serverId: number, all: boolean) =>
      startTask(caller, serverId, { action: 'pruneImages', all }, 'images.prune', {
        id: all ? 'pruneDockerImages' : 'pruneDanglingDockerImages',
      }),

    createVolume: (caller: Caller, serverId: number, volume: string) =>
      startTask(caller, serverId, { action: 'createVolume', volume }, 'volume.create', {
        id: 'createDockerVolume',
        values: { volume },
      }),

    deleteVolume: (caller: Caller, serverId: number, volume: string) =>
      startTask(caller, serverId, { action: 'deleteVolume', volume }, 'volume.delete', {
        id: 'deleteDockerVolume',
        values: { volume },
      }),

    async cloneVolume(caller: Caller, serverId: number, volume: string, target: string): Promise<Started> {
      if (volume === target) throw new ValidationError({ name: [DOCKER_SERVICE_MESSAGES.sameVolume] });
      const event = await events.startRecipe({
        userId: caller.id,
        serverId,
        recipeId: dockerVolumeClone.id,
        input: { source: volume, target },
        type: `${DOCKER_EVENT_PREFIX}volume.clone`,
        description: { id: 'cloneDockerVolume', values: { volume, target } },
      });
      return { data: { id: event.id } };
    },

    pruneVolumes: (caller: Caller, serverId: number) =>
      startTask(caller, serverId, { action: 'pruneVolumes' }, 'volumes.prune', { id: 'pruneDockerVolumes' }),

    createNetwork: (caller: Caller, serverId: number, network: string) =>
      startTask(caller, serverId, { action: 'createNetwork', network }, 'network.create', {
        id: 'createDockerNetwork',
        values: { network },
      }),

    deleteNetwork: (caller: Caller, serverId: number, network: string) =>
      startTask(caller, serverId, { action: 'deleteNetwork', network }, 'network.delete', {
        id: 'deleteDockerNetwork',
        values: { network },
      }),

    pruneNetworks: (caller: Caller, serverId: number) =>
      startTask(caller, serverId, { action: 'pruneNetworks' }, 'networks.prune', {
        id: 'pruneDockerNetworks',
      }),

    async applySettings(caller: Caller, serverId: number, body: DockerLogSettingsRequest): Promise<Started> {
      const event = await events.startRecipe({
        userId: caller.id,
        serverId,
        recipeId: dockerLogRotation.id,
        input: body,
        type: `${DOCKER_EVENT_PREFIX}settings.apply`,
        description: {
          id: 'setDockerLogRotation',
          values: { max_size: body.max_size, max_file: body.max_file },
        },
      });
      return { data: { id: event.id } };
    },
  };
}
export type DockerService = ReturnType<typeof createDockerService>;
