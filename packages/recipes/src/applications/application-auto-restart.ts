import { z } from 'zod';
import { defineRecipe } from '../recipe.js';
import { serviceApplicationNameInputSchema } from './application-inputs.js';
import { applicationEnvironment } from './catalogue.js';

/** The systemd drop-in that makes a service restart whenever it stops (not after `systemctl stop`). */
export const AUTO_RESTART_DROP_IN = 'hostdeck-auto-restart.conf';

/**
 * Turns auto-restart on or off: the drop-in
 * `/etc/systemd/system/<unit>.service.d/hostdeck-auto-restart.conf` with `Restart=always`, then
 * `systemctl daemon-reload`. Idempotent: a drop-in already in the wanted state changes nothing.
 */
export const applicationAutoRestart = defineRecipe({
  id: 'application-auto-restart',
  input: z.strictObject({ name: serviceApplicationNameInputSchema, enabled: z.boolean() }),
  steps: [
    {
      id: 'auto-restart',
      title: 'Change auto-restart',
      script: 'applications/auto-restart.sh',
      timeoutMs: 2 * 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ ...applicationEnvironment(input.name), HD_ENABLED: input.enabled ? '1' : '0' }),
  example: { name: 'nginx', enabled: true },
});
