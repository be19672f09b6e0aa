import { z } from 'zod';
import { updateKeysSchema } from './update-keys.js';
import { defineRoutes } from './route-contract.js';

/**
 * An event's description and error line are stored as an id and its values, never as one
 * language's sentence (issue 26): the API presents them in the request's language, the browser
 * translates the ids that realtime messages carry. These are the English texts of the ids, with
 * `{name}` placeholders; the catalogues (API `*.vi.ts`, web `events.json`) follow them.
 */
export const EVENT_DESCRIPTIONS = {
  provisionServer: 'Provision the server',
  setTimezone: 'Set the time zone',
  restartServer: 'Restart the server',
  restartServerHard: 'Restart the server (hard)',
  cleanServer: 'Clean the server',
  hotfixServer: 'Hotfix the server',
  installAgent: 'Install the agent',
  createSite: 'Create the site {site}',
  updateSite: 'Update the site {site}',
  deleteSite: 'Delete the site {site}',
  cloneSite: 'Clone the site {site}',
  fixSitePermissions: 'Fix permissions of {site}',
  issueCertificate: 'Issue the SSL certificate of {site}',
  renewCertificate: 'Renew the SSL certificate of {site}',
  installCertificate: 'Install the SSL certificate of {site}',
  deactivateCertificate: 'Deactivate the SSL certificate of {site}',
  deleteCertificate: 'Delete the SSL certificate of {site}',
  importDatabase: 'Import the database {database}',
  runSiteCommand: 'Run a command on {site}',
  deploySite: 'Deploy {site}',
  rollBackSite: 'Roll back {site} to {release}',
} as const;

/**
 * The event descriptions of the server sections, by section: each section's contract module
 * (`<area>.ts`) declares its own (`defineEventDescriptions`) and adds them here by declaration
 * merging, so no shared file lists them:
 *
 *     declare module './events.js' {
 *       interface AreaEventDescriptions { applications: typeof APPLICATION_EVENT_DESCRIPTIONS }
 *     }
 *
 * The API gathers the texts from the areas it registers (apps/api/src/events/event-texts.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface AreaEventDescriptions {}

/** The id of an event description: one of EVENT_DESCRIPTIONS or of a section's own. */
export type EventDescriptionId =
  | keyof typeof EVENT_DESCRIPTIONS
  | {
      [Area in keyof AreaEventDescriptions]: keyof AreaEventDescriptions[Area] & string;
    }[keyof AreaEventDescriptions];

/** A section's event descriptions: English templates by id, `{name}` placeholders (as EVENT_DESCRIPTIONS). */
export function defineEventDescriptions<const Descriptions extends Readonly<Record<string, string>>>(
  descriptions: Descriptions,
): Descriptions {
  return Object.freeze(descriptions);
}

/**
 * Error lines of events. `{step}` is a recipe step: its values also hold `recipe` (the recipe's
 * id) and `title` (its English title), so a reader's language can name it. `{detail}` is what the
 * server or a library said, shown as it is.
 */
export const EVENT_ERRORS = {
  stepFailed: 'Step "{step}" failed (exit code {code})',
  stepFailedWithDetail: 'Step "{step}" failed (exit code {code}): {detail}',
  cancelledBeforeStep: 'Cancelled before step "{step}"',
  cancelledBeforeStart: 'Cancelled before it started',
  cancelledWhileCopying: 'Cancelled while copying the files',
  leaseExpired: 'The panel stopped while this event was running (its lease expired at {time}). Run it again.',
  leaseLost: 'This worker lost the lease on the event',
  connectFailed: 'Could not connect to {address}: {detail}',
  connectionLost: 'The connection to {address} was lost: {detail}',
  authenticationFailed: 'Authentication failed for {user}@{host}: {detail}',
  hostKeyChanged:
    "The server's host key has changed (expected {expected}, got {actual}). If you reinstalled the server or changed its keys, " +
    'reset the recorded host key (SSH page, SSH settings tab) and connect again; otherwise someone may be intercepting the connection.',
  commandIdle: 'The command was stopped after producing no output for {after}.',
  commandTooLong: 'The command was stopped because it did not finish within {after}.',
  noServer: 'This event has no server',
  noInput: 'This event has no input left to run with',
  unknownRecipe: 'Unknown recipe "{recipe}"',
  unknownStep: 'Unknown step "{step}"',
  siteGone: 'The site no longer exists',
  serverGone: 'The server no longer exists',
  databaseGone: 'The database no longer exists',
  deploymentGone: 'This deployment or its site no longer exists',
  balancingOff: 'This site is not balancing over nodes: turn balancing on first',
  rollingDeployFailed:
    'The deployment on {server} failed: {server} serves again with its release, the nodes after it were not deployed',
  commandGone: 'This command or its site no longer exists',
  noRepository: 'The site has no repository',
  cloneSizeUnknown: 'The source server did not report the size of the archive',
  cloneTooLarge: "The site's files take {size} bytes compressed; a clone copies at most {limit}",
  // CERTIFICATE_MESSAGES.installFailed (spec/000 §8) with the reason: the CA's or the server's.
  certificateFailed: 'Unable to install SSL certificate on website with domain {site}: {detail}',
  certificateGone: 'The certificate no longer exists',
  certificateNotIssued: 'This certificate has not been issued yet.',
  safeApplyReverted:
    'The panel could not connect to the server with the new settings ({detail}), so the server put the previous ones back after {seconds} s. Nothing was changed.',
  safeApplyUnreachable:
    'The panel could not connect to the server with the new settings, nor after the server was due to put the previous ones back ({seconds} s): {detail}',
} as const;
export type EventErrorId = keyof typeof EVENT_ERRORS;

/** The values that fill an id's placeholders. */
export const eventTextValuesSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type EventTextValues = z.infer<typeof eventTextValuesSchema>;
export interface EventText<Id extends string = string> {
  id: Id;
  values: EventTextValues;
}

/** Fills `{name}` placeholders; a missing value leaves its placeholder visible. */
export function fillPlaceholders(template: string, values: EventTextValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * The English sentence of an event text (stored beside the id, for old readers and logs). A step
 * is named by its title, not its id. `descriptions`: the templates to read ids from (the API's
 * hold the registered sections' too).
 */
export function englishEventText(
  text: EventText,
  kind: 'description' | 'error',
  descriptions: Readonly<Record<string, string>> = EVENT_DESCRIPTIONS,
): string {
  const templates: Readonly<Record<string, string>> = kind === 'description' ? descriptions : EVENT_ERRORS;
  const { title } = text.values;
  const values = typeof title === 'string' ? { ...text.values, step: title } : text.values;
  return fillPlaceholders(templates[text.id] ?? text.id, values);
}

/**
 * An event as the browser sees it (spec/000 §3): never the recipe input or any secret. The fields
 * issue 26 added default to "unknown", so an answer without them still reads.
 */
export const eventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  server_id: z.number().int().nullable(),
  site_id: z.number().int().nullable(),
  model_id: z.number().int().nullable(),
  model_type: z.string().nullable(),
  /** Names of the event's server and site, when it has them and they still exist. */
  server_name: z.string().nullable().default(null),
  site_name: z.string().nullable().default(null),
  is_finished: z.boolean(),
  /** In the request's language (English in realtime messages); the browser prefers the id. */
  description: z.string(),
  /** EVENT_DESCRIPTIONS id and values; null for events stored before ids (English text only). */
  description_id: z.string().nullable().default(null),
  description_values: eventTextValuesSchema.default({}),
  status: z.string(),
  output: z.string(),
  output_truncated: z.boolean(),
  error_reason: z.string().nullable(),
  /** EVENT_ERRORS id and values, when the error line is one of them. */
  error_id: z.string().nullable().default(null),
  error_values: eventTextValuesSchema.default({}),
  current_step: z.string().nullable(),
  created_at: z.string(),
  created_at_display: z.string(),
  user_name: z.string().nullable(),
  user_avatar: z.string().nullable(),
  color: z.enum(['primary', 'success', 'error', 'warning', 'info', 'default']),
});
export type Event = z.infer<typeof eventSchema>;
/** GET api/events/{event}: one event with its output (a link to it opens it). */
export const eventResponseSchema = z.object({ data: eventSchema });

/** Realtime messages on the private channel user.{id} (spec/000 §4). */
export const eventStatusMessageSchema = z.object({
  type: z.literal('Event-status'),
  description: z.string(),
  color: eventSchema.shape.color,
  event: eventSchema,
});
export const updateDataMessageSchema = z.object({
  type: z.literal('Update-data'),
  keys: updateKeysSchema,
});
export const streamContentMessageSchema = z.object({
  type: z.literal('Stream_content'),
  content: z.string(),
  serverId: z.number().int().nullable(),
  eventId: z.number().int(),
});
export const realtimeMessageSchema = z.discriminatedUnion('type', [
  eventStatusMessageSchema,
  updateDataMessageSchema,
  streamContentMessageSchema,
]);
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;
export type StreamContentMessage = z.infer<typeof streamContentMessageSchema>;

/** At most this many Stream_content entries are kept in the browser (§4). */
export const STREAM_BUFFER_LIMIT = 500;
/** Event output kept per event; past it a visible marker is appended and the rest dropped. */
export const EVENT_OUTPUT_LIMIT_BYTES = 1024 * 1024;
export const EVENT_OUTPUT_TRUNCATION_MARKER = '\n[… output truncated: the first 1 MiB is kept …]\n';

export const REALTIME_PATH = '/api/realtime';
export const userChannel = (userId: number) => `user.${userId}`;

/**
 * An event's output after an offset, for scripts and the CLI (`hostdeck events tail`, issue 23
 * point 5): a token may not open the websocket, so this long-poll answers as soon as there is
 * output past `offset` or the event finishes, or after `wait` seconds with nothing new.
 */
export const eventOutputQuerySchema = z.object({
  /** Characters of output already read (the `offset` of the previous answer); 0 from the start. */
  offset: z.coerce.number().int().min(0).max(100_000_000).default(0),
  /** Seconds to wait for new output (0: answer at once). */
  wait: z.coerce.number().int().min(0).max(25).default(20),
});
export const eventOutputSchema = z.object({
  /** The output from `offset` on. */
  output: z.string(),
  /** The offset to ask from next. */
  offset: z.number().int(),
  is_finished: z.boolean(),
  status: z.string(),
});
export type EventOutput = z.infer<typeof eventOutputSchema>;
export const eventOutputRoutes = defineRoutes({
  output: {
    method: 'GET',
    path: '/api/events/:event/output',
    query: eventOutputQuerySchema,
    response: z.object({ data: eventOutputSchema }),
  },
});
