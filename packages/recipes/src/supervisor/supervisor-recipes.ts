import { z } from 'zod';
import {
  SUPERVISOR_ACTIONS,
  SUPERVISOR_LOG_LINES,
  supervisorNameSchema,
  supervisorProgramParamSchema,
  supervisorProgramSettingsShape,
} from '@hostdeck/contracts/supervisor';
import { defineRecipe } from '../recipe.js';

/**
 * The Supervisor section's recipes (apps/api/src/supervisor). Every value is checked by the
 * contract's grammars before a step is built; the program's file is rendered here from those
 * values and reaches the server on stdin, never in a command line (docs/supervisor.md).
 */

export const SUPERVISOR_MARKER = '# Managed by HostDeck: changes made here are replaced by the panel.';
export const SUPERVISOR_CONF_DIR = '/etc/supervisor/conf.d';
export const SUPERVISOR_LOG_DIR = '/var/log/supervisor';
/** Each log is rotated by supervisord itself at this size, keeping this many old files. */
export const SUPERVISOR_LOG_MAX_BYTES = '10MB';
export const SUPERVISOR_LOG_BACKUPS = 5;

const MINUTE = 60_000;

export const supervisorProgramInputShape = {
  name: supervisorNameSchema,
  ...supervisorProgramSettingsShape,
};
export type SupervisorProgramInput = z.output<z.ZodObject<typeof supervisorProgramInputShape>>;

/** The program's file: one `[program:<name>]`, always stopasgroup/killasgroup, logs rotated by size. */
export function renderSupervisorProgram(input: SupervisorProgramInput): string {
  const many = input.numprocs > 1;
  const log = many
    ? `${SUPERVISOR_LOG_DIR}/hostdeck-${input.name}_%(process_num)02d.log`
    : `${SUPERVISOR_LOG_DIR}/hostdeck-${input.name}.log`;
  const lines = [
    SUPERVISOR_MARKER,
    `[program:${input.name}]`,
    `command=${input.command}`,
    `directory=${input.directory}`,
    `user=${input.user}`,
    `numprocs=${input.numprocs}`,
    many ? 'process_name=%(program_name)s_%(process_num)02d' : 'process_name=%(program_name)s',
    `autostart=${input.autostart}`,
    `autorestart=${input.autorestart}`,
    `startsecs=${input.startsecs}`,
    `stopwaitsecs=${input.stopwaitsecs}`,
    `stopsignal=${input.stopsignal}`,
    'stopasgroup=true',
    'killasgroup=true',
    'redirect_stderr=true',
    `stdout_logfile=${log}`,
    `stdout_logfile_maxbytes=${SUPERVISOR_LOG_MAX_BYTES}`,
    `stdout_logfile_backups=${SUPERVISOR_LOG_BACKUPS}`,
  ];
  // Values are quoted for supervisor's KEY="value" list; the grammar leaves no quote, `%` or newline.
  if (input.environment.length > 0) {
    lines.push(`environment=${input.environment.map(({ key, value }) => `${key}="${value}"`).join(',')}`);
  }
  return `${lines.join('\n')}\n`;
}

const example: SupervisorProgramInput = {
  name: 'worker',
  command: '/usr/bin/php /home/hostdeck/app/artisan queue:work --sleep=3',
  directory: '/home/hostdeck/app',
  user: 'hostdeck',
  numprocs: 1,
  autostart: true,
  autorestart: 'true',
  startsecs: 1,
  stopwaitsecs: 10,
  stopsignal: 'TERM',
  environment: [{ key: 'APP_ENV', value: 'production' }],
};

/** Installs supervisor when it is absent (never restarts a running supervisord). */
const installStep = {
  id: 'install',
  title: 'Install Supervisor when it is missing',
  script: 'supervisor/install.sh',
  timeoutMs: 10 * MINUTE,
  idempotent: true,
} as const;

/**
 * Creates or updates a managed program: writes `hostdeck-<name>.conf` (from stdin), then
 * `supervisorctl reread` and `update <name>`; the previous file comes back when either fails.
 */
export const supervisorSave = defineRecipe({
  id: 'supervisor-save',
  input: z.strictObject({
    ...supervisorProgramInputShape,
    /** create: refused when the program exists; update: refused when the panel's file does not. */
    mode: z.enum(['create', 'update']),
  }),
  steps: [
    installStep,
    {
      id: 'write',
      title: 'Write the program and apply it',
      script: 'supervisor/write.sh',
      timeoutMs: 3 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_PROGRAM: input.name,
    HD_MODE: input.mode,
    HD_USER: input.user,
    HD_DIRECTORY: input.directory,
    HD_STARTSECS: String(input.startsecs),
  }),
  secrets: (input) => renderSupervisorProgram(input),
  example: { ...example, mode: 'create' },
});

/** Stops and removes a managed program, its file and its logs. */
export const supervisorDelete = defineRecipe({
  id: 'supervisor-delete',
  input: z.strictObject({ name: supervisorNameSchema }),
  steps: [
    {
      id: 'delete',
      title: 'Stop and remove the program',
      script: 'supervisor/delete.sh',
      timeoutMs: 3 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_PROGRAM: input.name }),
  example: { name: 'worker' },
});

/** start, stop, restart or clear-log of any program the server runs (managed or not). */
export const supervisorControl = defineRecipe({
  id: 'supervisor-control',
  input: z.strictObject({ name: supervisorProgramParamSchema, action: z.enum(SUPERVISOR_ACTIONS) }),
  steps: [
    {
      id: 'control',
      title: 'Change the program state',
      script: 'supervisor/control.sh',
      timeoutMs: 5 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_PROGRAM: input.name, HD_ACTION: input.action }),
  example: { name: 'worker', action: 'restart' },
});

/** Read-only: the last lines of a program's log (every process's, for numprocs > 1). */
export const supervisorLog = defineRecipe({
  id: 'supervisor-log',
  input: z.strictObject({ name: supervisorProgramParamSchema }),
  steps: [
    {
      id: 'read',
      title: 'Read the program log',
      script: 'supervisor/log.sh',
      timeoutMs: 20_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_PROGRAM: input.name, HD_LINES: String(SUPERVISOR_LOG_LINES) }),
  example: { name: 'worker' },
});

/** Read-only: every program supervisord knows, with its state and where it was configured. */
export const supervisorInventory = defineRecipe({
  id: 'supervisor-inventory',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read the Supervisor programs',
      script: 'supervisor/inventory.sh',
      timeoutMs: 20_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});
