import { z } from 'zod';
import { dockerMaxFileSchema, dockerMaxSizeSchema, dockerVolumeNameSchema } from '@hostdeck/contracts/docker';
import { InventoryFormatError } from '../inventory.js';
import { defineRecipe } from '../recipe.js';

/**
 * Clones a Docker volume: a new volume, then the source's data copied into it with `cp -a`
 * between the two volumes' mountpoints, which the script reads from the Engine
 * (`docker volume inspect`), never from a typed path. Refuses a target that already exists.
 */
export const dockerVolumeClone = defineRecipe({
  id: 'docker-volume-clone',
  input: z.strictObject({ source: dockerVolumeNameSchema, target: dockerVolumeNameSchema }),
  steps: [
    {
      id: 'clone',
      title: 'Create the new volume and copy the data',
      script: 'docker/volume-clone.sh',
      timeoutMs: 30 * 60_000,
      idempotent: false,
    },
  ],
  environment: (input) => ({ HD_SOURCE: input.source, HD_TARGET: input.target }),
  example: { source: 'data', target: 'data-copy' },
});

/**
 * The daemon's log rotation: `log-driver` json-file and `log-opts` `max-size`/`max-file` merged
 * into /etc/docker/daemon.json (every other key kept), the result validated, Docker restarted,
 * and the previous file put back when validation or the restart fails.
 */
export const dockerLogRotation = defineRecipe({
  id: 'docker-log-rotation',
  input: z.strictObject({ max_size: dockerMaxSizeSchema, max_file: dockerMaxFileSchema }),
  steps: [
    {
      id: 'apply',
      title: 'Merge the log options into daemon.json and restart Docker',
      script: 'docker/log-rotation.sh',
      timeoutMs: 3 * 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_MAX_SIZE: input.max_size, HD_MAX_FILE: String(input.max_file) }),
  example: { max_size: '10m', max_file: 3 },
});

/** Reads the log settings of /etc/docker/daemon.json (read-only, never an event). */
export const dockerSettingsInventory = defineRecipe({
  id: 'docker-settings-inventory',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read the Docker daemon settings',
      script: 'docker/settings-inventory.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});

export interface DockerSettingsInventory {
  logDriver: string | null;
  maxSize: string | null;
  maxFile: number | null;
}

/** The inventory's one line: `hostdeck-docker-settings 1 <json>`. */
export function parseDockerSettingsInventory(stdout: string): DockerSettingsInventory {
  const line = stdout.split('\n').find((text) => text.startsWith('hostdeck-docker-settings 1 '));
  if (!line) throw new InventoryFormatError('no docker settings line');
  let parsed: unknown;
  try {
    parsed = JSON.parse(line.slice('hostdeck-docker-settings 1 '.length));
  } catch {
    throw new InventoryFormatError('unreadable docker settings');
  }
  const shape = z.object({
    log_driver: z.string().nullable(),
    max_size: z.string().nullable(),
    max_file: z.string().nullable(),
  });
  const settings = shape.parse(parsed);
  const maxFile =
    settings.max_file !== null && /^[0-9]{1,6}$/.test(settings.max_file) ? Number(settings.max_file) : null;
  return { logDriver: settings.log_driver, maxSize: settings.max_size, maxFile };
}
