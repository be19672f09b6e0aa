import { z } from 'zod';
import { timezoneSchema } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';

const MINUTE = 60_000;

/** Sets the server's time zone (spec/000 §7 timezone POST); a zone already set changes nothing. */
export const serverTimezone = defineRecipe({
  id: 'server-timezone',
  input: z.strictObject({ timezone: timezoneSchema }),
  steps: [
    {
      id: 'set',
      title: 'Set the time zone',
      script: 'server/timezone.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_TIMEZONE: input.timezone }),
  example: { timezone: 'Asia/Ho_Chi_Minh' },
});

export const RESTART_MODES = ['normal', 'hard'] as const;

/**
 * Restarts the server (spec/000 §7 restart/normal, restart/hard). The reboot is scheduled a few
 * seconds ahead through systemd, so the step reports before the connection drops. `normal` stops
 * every service in order; `hard` is `systemctl reboot --force`: services are killed instead of
 * stopped, but file systems are still synced and unmounted (never `--force --force`, which is
 * pulling the plug and can corrupt databases). Not idempotent: it is never retried.
 */
export const serverRestart = defineRecipe({
  id: 'server-restart',
  input: z.strictObject({ mode: z.enum(RESTART_MODES) }),
  steps: [
    {
      id: 'schedule',
      title: 'Schedule the restart',
      script: 'server/restart.sh',
      timeoutMs: MINUTE,
      idempotent: false,
    },
  ],
  environment: (input) => ({ HD_RESTART_MODE: input.mode }),
  example: { mode: 'normal' },
});

/**
 * Frees disk space (spec/000 §7 clean): package caches and packages nothing needs any more, then
 * the journal and rotated logs older than `log_age_days`. Current logs are never touched.
 */
export const serverClean = defineRecipe({
  id: 'server-clean',
  input: z.strictObject({ log_age_days: z.number().int().min(1).max(3650).default(7) }),
  steps: [
    {
      id: 'packages',
      title: 'Clean package caches',
      script: 'server/clean-packages.sh',
      timeoutMs: 10 * MINUTE,
      idempotent: true,
    },
    {
      id: 'logs',
      title: 'Remove old logs',
      script: 'server/clean-logs.sh',
      timeoutMs: 5 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_LOG_AGE_DAYS: String(input.log_age_days) }),
  example: { log_age_days: 7 },
});

/**
 * Repairs what most often breaks a server's package manager and services (spec/000 §4 hotfix):
 * finishes interrupted package configuration, completes broken dependencies, then restarts the
 * services systemd reports as failed. Safe to run again at any time.
 */
export const serverHotfix = defineRecipe({
  id: 'server-hotfix',
  input: z.strictObject({}),
  steps: [
    {
      id: 'packages',
      title: 'Repair the package manager',
      script: 'server/hotfix-packages.sh',
      timeoutMs: 20 * MINUTE,
      idempotent: true,
    },
    {
      id: 'services',
      title: 'Restart failed services',
      script: 'server/hotfix-services.sh',
      timeoutMs: 5 * MINUTE,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});
