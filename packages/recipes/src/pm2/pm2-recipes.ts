import { z } from 'zod';
import {
  PM2_LOG_MAX_LINES,
  pm2AppNameSchema,
  pm2ArgumentsSchema,
  pm2CwdSchema,
  pm2InstancesSchema,
  pm2InterpreterSchema,
  pm2ScriptSchema,
  pm2UserSchema,
} from '@hostdeck/contracts/pm2';
import { defineRecipe } from '../recipe.js';

const MINUTE = 60_000;
const SCRIPT = 'pm2/pm2.sh';

/** start, stop, restart (the contract's PM2_ACTIONS) and delete: what pm2-app-control does. */
export const PM2_CONTROL_ACTIONS = ['start', 'stop', 'restart', 'delete'] as const;

/**
 * What every change does first, as root, for the user (step `setup` of scripts/pm2/pm2.sh): the
 * user's `pm2-USER.service` (what `pm2 startup systemd -u USER --hp HOME` writes, checked by
 * `systemd-analyze verify`) enabled, so the saved list comes back at boot; the user's PM2 daemon
 * running under that unit (a saved list the daemon had lost is resurrected first, never
 * overwritten); and the panel's `/etc/logrotate.d/hostdeck-pm2` rotating the user's PM2 logs.
 */
const setupStep = {
  id: 'setup',
  title: "Set up the user's PM2 (boot start, log rotation)",
  script: SCRIPT,
  timeoutMs: 3 * MINUTE,
  idempotent: true,
} as const;

const userEnvironment = (input: { user: string; name: string }) => ({
  HD_PM2_USER: input.user,
  HD_PM2_NAME: input.name,
});

/**
 * Starts a new app in the user's PM2 (`pm2 start SCRIPT --name NAME --cwd CWD … -- ARGS`, as the
 * user, from CWD), waits until it is online, then `pm2 save`. A second run with the same name,
 * script and folder changes nothing; another app of that name is refused.
 */
export const pm2AppCreate = defineRecipe({
  id: 'pm2-app-create',
  input: z.strictObject({
    user: pm2UserSchema,
    name: pm2AppNameSchema,
    script: pm2ScriptSchema,
    cwd: pm2CwdSchema,
    args: pm2ArgumentsSchema.default([]),
    instances: pm2InstancesSchema.default(1),
    interpreter: pm2InterpreterSchema.optional(),
  }),
  steps: [
    setupStep,
    {
      id: 'start',
      title: 'Start the app and save the list',
      script: SCRIPT,
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    ...userEnvironment(input),
    HD_PM2_SCRIPT: input.script,
    HD_PM2_CWD: input.cwd,
    // One argument a line: the grammar refuses every control character, newlines included.
    HD_PM2_ARGS: input.args.join('\n'),
    HD_PM2_ARG_COUNT: String(input.args.length),
    HD_PM2_INSTANCES: String(input.instances),
    ...(input.interpreter ? { HD_PM2_INTERPRETER: input.interpreter } : {}),
  }),
  example: {
    user: 'hostdeck',
    name: 'api',
    script: 'server.js',
    cwd: '/home/hostdeck/api',
    args: ['--port=3000'],
  },
});

/** Starts, stops, restarts or deletes one app of the user's PM2 (by its ids), then `pm2 save`. */
export const pm2AppControl = defineRecipe({
  id: 'pm2-app-control',
  input: z.strictObject({
    user: pm2UserSchema,
    name: pm2AppNameSchema,
    action: z.enum(PM2_CONTROL_ACTIONS, { error: 'Invalid value' }),
  }),
  steps: [
    setupStep,
    {
      id: 'apply',
      title: 'Apply the change and save the list',
      script: SCRIPT,
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ ...userEnvironment(input), HD_PM2_ACTION: input.action }),
  example: { user: 'hostdeck', name: 'api', action: 'restart' },
});

/**
 * The last lines of an app's PM2 logs (read-only, not an event): its output and error files, read
 * as the user (never as root: the files are in a folder the user controls). Each is printed as
 * base64 on one line, at most 20 000 bytes of it.
 */
export const pm2Logs = defineRecipe({
  id: 'pm2-logs',
  input: z.strictObject({
    user: pm2UserSchema,
    name: pm2AppNameSchema,
    lines: z.number().int().min(1).max(PM2_LOG_MAX_LINES).default(200),
  }),
  steps: [{ id: 'read', title: "Read the app's logs", script: SCRIPT, timeoutMs: MINUTE, idempotent: true }],
  environment: (input) => ({ ...userEnvironment(input), HD_PM2_LINES: String(input.lines) }),
  example: { user: 'hostdeck', name: 'api', lines: 100 },
});
