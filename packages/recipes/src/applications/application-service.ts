import { z } from 'zod';
import { defineRecipe } from '../recipe.js';
import { applicationActionInputSchema, serviceApplicationNameInputSchema } from './application-inputs.js';
import { applicationEnvironment } from './catalogue.js';

/**
 * Starts, stops or restarts an application's service, then checks the state the server reports
 * (active after start and restart, inactive after stop). Boot-time enablement is left as it is.
 */
export const applicationService = defineRecipe({
  id: 'application-service',
  input: z.strictObject({ name: serviceApplicationNameInputSchema, action: applicationActionInputSchema }),
  steps: [
    {
      id: 'service',
      title: 'Change the service state',
      script: 'applications/service.sh',
      timeoutMs: 3 * 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ ...applicationEnvironment(input.name), HD_ACTION: input.action }),
  example: { name: 'nginx', action: 'restart' },
});
