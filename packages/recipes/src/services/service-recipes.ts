import { z } from 'zod';
import {
  SERVICE_ACTIONS,
  SERVICE_JOURNAL_LINES,
  SERVICE_MESSAGES,
  SERVICE_UNIT_MARKER,
  serviceDescriptionSchema,
  serviceEnvironmentSchema,
  serviceExecStartSchema,
  serviceNameSchema,
  serviceRestartSchema,
  serviceUnitSchema,
  serviceUserSchema,
  serviceWorkingDirectorySchema,
} from '@hostdeck/contracts/services';
import { defineRecipe } from '../recipe.js';
import { renderServiceUnit } from './service-unit.js';

const unitOf = (name: string) => `${name}.service`;
const flag = (value: boolean) => (value ? '1' : '0');

/** `systemctl status` and the journal's tail of one service; read-only, run while the user waits. */
export const serviceStatus = defineRecipe({
  id: 'service-status',
  input: z.strictObject({ name: serviceUnitSchema }),
  steps: [
    {
      id: 'read',
      title: 'Read the service status',
      script: 'services/status.sh',
      timeoutMs: 20_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SERVICE_UNIT: unitOf(input.name),
    HD_JOURNAL_LINES: String(SERVICE_JOURNAL_LINES),
  }),
  example: { name: 'ssh' },
});

/** Start, stop, restart, enable or disable one service. */
export const serviceAction = defineRecipe({
  id: 'service-action',
  input: z.strictObject({
    name: serviceUnitSchema,
    action: z.enum(SERVICE_ACTIONS, { error: SERVICE_MESSAGES.invalid }),
  }),
  steps: [
    {
      id: 'action',
      title: 'Change the service',
      script: 'services/action.sh',
      timeoutMs: 2 * 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_SERVICE_UNIT: unitOf(input.name), HD_ACTION: input.action }),
  example: { name: 'cron', action: 'restart' },
});

/**
 * A custom service from the unit form: its file rendered here (service-unit.ts), checked with
 * `systemd-analyze verify` before it is written, then enabled and started as asked.
 */
export const serviceCreate = defineRecipe({
  id: 'service-create',
  input: z.strictObject({
    name: serviceNameSchema,
    description: serviceDescriptionSchema,
    exec_start: serviceExecStartSchema,
    working_directory: serviceWorkingDirectorySchema.optional(),
    user: serviceUserSchema,
    restart: serviceRestartSchema,
    environment: serviceEnvironmentSchema,
    enable: z.boolean(),
    start: z.boolean(),
  }),
  steps: [
    {
      id: 'write',
      title: 'Check and write the unit file',
      script: 'services/create-write.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
    {
      id: 'start',
      title: 'Enable and start the service',
      script: 'services/create-start.sh',
      timeoutMs: 2 * 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SERVICE_NAME: input.name,
    HD_SERVICE_UNIT: unitOf(input.name),
    HD_SERVICE_USER: input.user,
    ...(input.working_directory ? { HD_WORKING_DIRECTORY: input.working_directory } : {}),
    HD_UNIT: renderServiceUnit(input),
    HD_MARKER: SERVICE_UNIT_MARKER,
    HD_ENABLE: flag(input.enable),
    HD_START: flag(input.start),
  }),
  example: {
    name: 'worker',
    description: 'Queue worker',
    exec_start: '/usr/bin/sleep infinity',
    working_directory: '/home/hostdeck',
    user: 'hostdeck',
    restart: 'on-failure',
    environment: [{ key: 'APP_ENV', value: 'production' }],
    enable: true,
    start: true,
  },
});

/** Stops, disables and removes a service the panel made; any other is refused on the server. */
export const serviceDelete = defineRecipe({
  id: 'service-delete',
  input: z.strictObject({ name: serviceNameSchema }),
  steps: [
    {
      id: 'delete',
      title: 'Remove the service',
      script: 'services/delete.sh',
      timeoutMs: 2 * 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_SERVICE_UNIT: unitOf(input.name), HD_MARKER: SERVICE_UNIT_MARKER }),
  example: { name: 'worker' },
});

/** `systemctl daemon-reload`: units edited by hand show as they are on disk. */
export const serviceSync = defineRecipe({
  id: 'service-sync',
  input: z.strictObject({}),
  steps: [
    {
      id: 'sync',
      title: 'Reload the unit files',
      script: 'services/sync.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});
