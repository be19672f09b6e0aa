import { z } from 'zod';
import { defineRecipe } from '../recipe.js';

/**
 * Read-only recipes the panel runs itself (not as events) and parses: they change nothing on
 * the server, print `key=value` lines on stdout and take no input.
 */

/** Prints the server's os-release file; the panel decides whether it supports that system. */
export const serverDetectOs = defineRecipe({
  id: 'server-detect-os',
  input: z.strictObject({}),
  steps: [
    {
      id: 'detect',
      title: 'Detect the operating system',
      script: 'server/detect-os.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});

/**
 * Prints what the server page shows (spec/000 §2 /servers/{server}): OS, kernel, host name, CPU,
 * memory and swap from /proc/meminfo, the disk of /, load, uptime and time zone.
 */
export const serverSystemInfo = defineRecipe({
  id: 'server-system-info',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read system information',
      script: 'server/system-info.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});
