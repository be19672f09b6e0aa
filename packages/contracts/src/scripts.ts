import { z } from 'zod';
import { defineEventDescriptions, eventSchema } from './events.js';
import { defineRoutes } from './route-contract.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * Running a custom script on servers (issue 22 point 6, docs/scripts.md): one event per chosen
 * server runs the script as root, its output streamed live. The caller's own script, or a shared
 * one whose content is the approved content.
 */
export const SCRIPT_RUN_MAX_SERVERS = 50;

export const runScriptRequestSchema = z.strictObject({
  servers: z
    .array(z.number({ message: VALIDATION_MESSAGES.invalid }).int().positive(), {
      message: VALIDATION_MESSAGES.required,
    })
    .min(1, { message: VALIDATION_MESSAGES.required })
    .max(SCRIPT_RUN_MAX_SERVERS)
    .refine((ids) => new Set(ids).size === ids.length, { message: VALIDATION_MESSAGES.invalid }),
});
export type RunScriptRequest = z.infer<typeof runScriptRequestSchema>;

/** One started event per server, in the order asked. */
export const runScriptResponseSchema = z.object({ data: z.array(eventSchema) });
export type RunScriptResponse = z.infer<typeof runScriptResponseSchema>;

export const scriptRunRoutes = defineRoutes({
  /** The caller's own script, as it is now. */
  runOwn: {
    method: 'POST',
    path: '/api/user/scripts/:script/run',
    body: runScriptRequestSchema,
    response: runScriptResponseSchema,
  },
  /** A marketplace script: shared, and its content is the approved content. */
  runShared: {
    method: 'POST',
    path: '/api/scripts/:script/run',
    body: runScriptRequestSchema,
    response: runScriptResponseSchema,
  },
});

/** Event type and model of a script run (`events.type`, `events.model_type`). */
export const SCRIPT_RUN_EVENT_TYPE = 'custom_script_run';
export const SCRIPT_MODEL_TYPE = 'custom_script';

export const SCRIPT_EVENT_DESCRIPTIONS = defineEventDescriptions({
  runCustomScript: 'Run the script {script}',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    scripts: typeof SCRIPT_EVENT_DESCRIPTIONS;
  }
}
