import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { idParamSchema, defineRoutes } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';

/**
 * A server's Docker (spec/000 §7 docker: images list/delete/prune, volumes list/delete/clone/prune,
 * networks list/prune), read and changed through the Engine API over the server's SSH connection
 * (apps/api/src/docker/docker-engine.ts), plus the daemon's log rotation in /etc/docker/daemon.json
 * (a recipe). No panel table: the server is the truth. Containers are in docker-containers.ts.
 * docs/docker.md.
 */

/** Messages of the grammars (English; Vietnamese in apps/api/src/docker/docker.vi.ts). */
export const DOCKER_MESSAGES = {
  image: 'Use an image id (sha256:…) or a reference such as nginx:1.27 or registry.example.com/team/app:v1',
  volume: 'Use 2 to 128 letters, digits and _ . - starting with a letter or a digit',
  network: 'Use 1 to 128 letters, digits and _ . - starting with a letter or a digit, or a network id',
  maxSize: 'Use a size such as 10m, 500k or 1g',
  maxFile: 'Use a whole number from 1 to 100',
  sameVolume: 'The copy needs a new name',
} as const;

/** No control characters (C0, DEL, C1, line/paragraph separators) anywhere. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const HEX_ID = /^(?:sha256:)?[a-f0-9]{12,64}$/;
/** A domain (with an optional port), as the first part of a reference: `registry.example.com:5000`. */
const DOMAIN = String.raw`(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*(?::[0-9]{1,5})?/)`;
const COMPONENT = String.raw`[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*`;
const REFERENCE = new RegExp(
  String.raw`^${DOMAIN}?${COMPONENT}(?:/${COMPONENT})*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$`,
);

/** An image id (`sha256:<hex>`, or 12-64 hex digits) or a reference (`[registry/]name[:tag][@digest]`). */
export function isDockerImageReference(value: string): boolean {
  if (value.length === 0 || value.length > 255 || CONTROL.test(value) || value.includes('..')) return false;
  return HEX_ID.test(value) || REFERENCE.test(value);
}

const VOLUME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]{1,127}$/;
/** Docker's own volume name grammar (`[a-zA-Z0-9][a-zA-Z0-9_.-]+`), at most 128, no `..`. */
export function isDockerVolumeName(value: string): boolean {
  return VOLUME.test(value) && !value.includes('..');
}

const NETWORK = /^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,127}$/;
/** A network's name or id (its hex id fits the same grammar). */
export function isDockerNetworkName(value: string): boolean {
  return NETWORK.test(value) && !value.includes('..');
}

const grammar = (test: (value: string) => boolean, message: string) =>
  z.string().min(1, { message, abort: true }).refine(test, { message, abort: true });

export const dockerImageReferenceSchema = grammar(isDockerImageReference, DOCKER_MESSAGES.image);
export const dockerVolumeNameSchema = grammar(isDockerVolumeName, DOCKER_MESSAGES.volume);
export const dockerNetworkNameSchema = grammar(isDockerNetworkName, DOCKER_MESSAGES.network);

/** json-file's `max-size`: a number and k, m or g (lowercase, as dockerd writes them). */
export const DOCKER_MAX_SIZE_PATTERN = /^[1-9][0-9]{0,5}[kmg]$/;
export const dockerMaxSizeSchema = grammar(
  (value) => DOCKER_MAX_SIZE_PATTERN.test(value),
  DOCKER_MESSAGES.maxSize,
);
export const dockerMaxFileSchema = z
  .number({ error: DOCKER_MESSAGES.maxFile })
  .int({ error: DOCKER_MESSAGES.maxFile })
  .min(1, { error: DOCKER_MESSAGES.maxFile })
  .max(100, { error: DOCKER_MESSAGES.maxFile });

// ---------------------------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------------------------

export const dockerImageSchema = z.object({
  /** `sha256:<hex>`. */
  id: z.string(),
  /** `name:tag` references; empty for an untagged image. */
  tags: z.array(z.string()),
  /** Bytes. */
  size: z.number(),
  /** Unix seconds. */
  created: z.number(),
  /** How many containers (any state) use it. */
  containers: z.number().int(),
  /** No container uses it. */
  unused: z.boolean(),
  /** Untagged and no other image builds on it (`<none>:<none>`). */
  dangling: z.boolean(),
});
export type DockerImage = z.infer<typeof dockerImageSchema>;

export const dockerVolumeSchema = z.object({
  name: z.string(),
  driver: z.string(),
  /** Bytes (`/system/df`); null when Docker did not measure it. */
  size: z.number().nullable(),
  created: z.string().nullable(),
  /** Anonymous (a 64-hex name Docker gave it) rather than named. */
  anonymous: z.boolean(),
  /** Names of the containers (any state) that mount it. */
  containers: z.array(z.string()),
});
export type DockerVolume = z.infer<typeof dockerVolumeSchema>;

export const dockerNetworkSchema = z.object({
  id: z.string(),
  name: z.string(),
  driver: z.string(),
  scope: z.string(),
  /** Docker's own (bridge, host, none): never removed. */
  builtin: z.boolean(),
  /** Names of the containers (any state) attached to it. */
  containers: z.array(z.string()),
});
export type DockerNetwork = z.infer<typeof dockerNetworkSchema>;

export const dockerPublishedPortSchema = z.object({
  container: z.string(),
  /** The host address (`0.0.0.0`, `::`, `127.0.0.1`…). */
  address: z.string(),
  port: z.number().int(),
  container_port: z.number().int(),
  protocol: z.string(),
});
export type DockerPublishedPort = z.infer<typeof dockerPublishedPortSchema>;

export const dockerLogSettingsSchema = z.object({
  /** `log-driver` in daemon.json; null when unset (json-file is Docker's default). */
  log_driver: z.string().nullable(),
  max_size: z.string().nullable(),
  max_file: z.number().int().nullable(),
});
export type DockerLogSettings = z.infer<typeof dockerLogSettingsSchema>;

/** PUT api/servers/{server}/docker/settings. */
export const dockerLogSettingsRequestSchema = z.strictObject({
  max_size: dockerMaxSizeSchema,
  max_file: dockerMaxFileSchema,
});
export type DockerLogSettingsRequest = z.infer<typeof dockerLogSettingsRequestSchema>;

export const createDockerVolumeRequestSchema = z.strictObject({ name: dockerVolumeNameSchema });
export const cloneDockerVolumeRequestSchema = z.strictObject({ name: dockerVolumeNameSchema });
export const createDockerNetworkRequestSchema = z.strictObject({ name: dockerNetworkNameSchema });
export const pruneDockerImagesRequestSchema = z.strictObject({
  /** Every image no container uses, not only the dangling ones. */
  all: z.boolean().default(false),
});
const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');
export const pruneDockerImagesQuerySchema = z.object({ all: booleanQuery });
export const deleteDockerImageQuerySchema = z.object({ force: booleanQuery });

const serverParams = z.object({ server: idParamSchema });
const imageParams = serverParams.extend({ image: dockerImageReferenceSchema });
const volumeParams = serverParams.extend({ volume: dockerVolumeNameSchema });
const networkParams = serverParams.extend({ network: dockerNetworkNameSchema });

const list = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** Every Docker call of this area (containers: docker-containers.ts). */
export const dockerRoutes = defineRoutes({
  images: {
    method: 'GET',
    path: '/api/servers/:server/docker/images',
    params: serverParams,
    response: list(dockerImageSchema),
  },
  image: {
    method: 'GET',
    path: '/api/servers/:server/docker/images/:image',
    params: imageParams,
    response: z.object({ data: z.record(z.string(), z.unknown()) }),
  },
  deleteImage: {
    method: 'DELETE',
    path: '/api/servers/:server/docker/images/:image',
    params: imageParams,
    query: deleteDockerImageQuerySchema,
    response: startedEventResponseSchema,
  },
  imagesPrunePreview: {
    method: 'GET',
    path: '/api/servers/:server/docker/prune/images',
    params: serverParams,
    query: pruneDockerImagesQuerySchema,
    response: list(dockerImageSchema),
  },
  pruneImages: {
    method: 'POST',
    path: '/api/servers/:server/docker/prune/images',
    params: serverParams,
    body: pruneDockerImagesRequestSchema,
    response: startedEventResponseSchema,
  },
  volumes: {
    method: 'GET',
    path: '/api/servers/:server/docker/volumes',
    params: serverParams,
    response: list(dockerVolumeSchema),
  },
  createVolume: {
    method: 'POST',
    path: '/api/servers/:server/docker/volumes',
    params: serverParams,
    body: createDockerVolumeRequestSchema,
    response: startedEventResponseSchema,
  },
  deleteVolume: {
    method: 'DELETE',
    path: '/api/servers/:server/docker/volumes/:volume',
    params: volumeParams,
    response: startedEventResponseSchema,
  },
  cloneVolume: {
    method: 'POST',
    path: '/api/servers/:server/docker/volumes/:volume/clone',
    params: volumeParams,
    body: cloneDockerVolumeRequestSchema,
    response: startedEventResponseSchema,
  },
  volumesPrunePreview: {
    method: 'GET',
    path: '/api/servers/:server/docker/prune/volumes',
    params: serverParams,
    response: list(dockerVolumeSchema),
  },
  pruneVolumes: {
    method: 'POST',
    path: '/api/servers/:server/docker/prune/volumes',
    params: serverParams,
    response: startedEventResponseSchema,
  },
  networks: {
    method: 'GET',
    path: '/api/servers/:server/docker/networks',
    params: serverParams,
    response: list(dockerNetworkSchema),
  },
  createNetwork: {
    method: 'POST',
    path: '/api/servers/:server/docker/networks',
    params: serverParams,
    body: createDockerNetworkRequestSchema,
    response: startedEventResponseSchema,
  },
  deleteNetwork: {
    method: 'DELETE',
    path: '/api/servers/:server/docker/networks/:network',
    params: networkParams,
    response: startedEventResponseSchema,
  },
  networksPrunePreview: {
    method: 'GET',
    path: '/api/servers/:server/docker/prune/networks',
    params: serverParams,
    response: list(dockerNetworkSchema),
  },
  pruneNetworks: {
    method: 'POST',
    path: '/api/servers/:server/docker/prune/networks',
    params: serverParams,
    response: startedEventResponseSchema,
  },
  publishedPorts: {
    method: 'GET',
    path: '/api/servers/:server/docker/published-ports',
    params: serverParams,
    response: list(dockerPublishedPortSchema),
  },
  settings: {
    method: 'GET',
    path: '/api/servers/:server/docker/settings',
    params: serverParams,
    response: z.object({ data: dockerLogSettingsSchema }),
  },
  applySettings: {
    method: 'PUT',
    path: '/api/servers/:server/docker/settings',
    params: serverParams,
    body: dockerLogSettingsRequestSchema,
    response: startedEventResponseSchema,
  },
});

/** The descriptions of the area's events (events.ts AreaEventDescriptions), English. */
export const DOCKER_EVENT_DESCRIPTIONS = defineEventDescriptions({
  deleteDockerImage: 'Delete Docker image {image}',
  pruneDockerImages: 'Prune unused Docker images',
  pruneDanglingDockerImages: 'Prune dangling Docker images',
  createDockerVolume: 'Create Docker volume {volume}',
  deleteDockerVolume: 'Delete Docker volume {volume}',
  cloneDockerVolume: 'Clone Docker volume {volume} to {target}',
  pruneDockerVolumes: 'Prune unused Docker volumes',
  createDockerNetwork: 'Create Docker network {network}',
  deleteDockerNetwork: 'Delete Docker network {network}',
  pruneDockerNetworks: 'Prune unused Docker networks',
  setDockerLogRotation: 'Set Docker log rotation ({max_size}, {max_file} files)',
});
export type DockerEventDescriptionId = keyof typeof DOCKER_EVENT_DESCRIPTIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    docker: typeof DOCKER_EVENT_DESCRIPTIONS;
  }
}
