import { z } from 'zod';
import { defineRecipe } from '../recipe.js';
import { applicationNameInputSchema } from './application-inputs.js';
import { applicationEnvironment } from './catalogue.js';

/**
 * Uninstalls one application: stops its service, then removes its packages. Databases and Docker
 * are removed without purging, so their data stays where it was (`keeps` in the catalogue) and
 * the output says where; nothing a user stored is deleted silently. Nothing installed: no change.
 */
export const applicationUninstall = defineRecipe({
  id: 'application-uninstall',
  input: z.strictObject({ name: applicationNameInputSchema }),
  steps: [
    {
      id: 'uninstall',
      title: 'Stop and uninstall the application',
      script: 'applications/uninstall.sh',
      timeoutMs: 20 * 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => applicationEnvironment(input.name),
  example: { name: 'nginx' },
});
