import { z } from 'zod';
import { SCRIPT_CONTENT_MAX_LENGTH } from '@hostdeck/contracts';
import { stdinText } from '../deployments/deployment-inputs.js';
import { defineRecipe } from '../recipe.js';

/**
 * Runs a custom script as root on the server (issue 22 point 6): its text travels on stdin after
 * the frame, is written to a root-only file by the step and run with bash from there; nothing of
 * it is ever part of a command or of a script of ours. Not idempotent: a user's script may not be.
 */
export const customScriptRun = defineRecipe({
  id: 'custom-script-run',
  input: z.strictObject({
    // UTF-8: up to 4 bytes per character of the contract's limit.
    content: stdinText(SCRIPT_CONTENT_MAX_LENGTH * 4),
  }),
  steps: [
    {
      id: 'run',
      title: 'Run the script',
      script: 'custom-scripts/run.sh',
      timeoutMs: 60 * 60_000,
      idempotent: false,
    },
  ],
  environment: () => ({}),
  secrets: (input) => input.content,
  example: { content: Buffer.from('echo hello\n') },
});
