import { z } from 'zod';
import { hasControlCharacters } from './grammars.js';
import { paginatedSchema, pageQuerySchema } from './pagination.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';
import { defineRoutes } from './route-contract.js';

/**
 * The web terminal (spec/001 §2 Terminal, §7): the custom-script API and the panel's remote
 * terminal gateway protocol.
 */

/** Connect modes of the terminal page (spec/001 §3 Terminal preference); remote is the default. */
export const SSH_MODES = ['remote', 'direct'] as const;
export type SshMode = (typeof SSH_MODES)[number];
export const DEFAULT_SSH_MODE: SshMode = 'remote';

// ---------------------------------------------------------------------------------------------
// Custom scripts

export const SCRIPT_MEMO_MAX_LENGTH = 255;
export const SCRIPT_CONTENT_MAX_LENGTH = 65_535;
/** Page size and visible page buttons of the picker's Share Scripts tab (spec/001 §9). */
export const SCRIPT_PAGE_SIZE = 10;
export const SCRIPT_PAGE_BUTTONS = 7;

/**
 * Where a script stands in the administrators' review (docs/scripts.md): `private` (not shared),
 * `pending` (shared, waiting), `approved` (listed to everyone while its content keeps the approved
 * hash), `rejected` (shared, refused with a reason for the author).
 */
export const SCRIPT_REVIEW_STATES = ['private', 'pending', 'approved', 'rejected'] as const;
export type ScriptReviewState = (typeof SCRIPT_REVIEW_STATES)[number];

/** A script in a list: its author is shown on the Share Scripts tab only. */
export const customScriptSchema = z.object({
  id: z.number().int(),
  memo: z.string(),
  content: z.string(),
  shared: z.boolean(),
  approved: z.boolean(),
  review: z.enum(SCRIPT_REVIEW_STATES).default('private'),
  /** The administrator's reason, shown to the author while the script stays rejected. */
  rejection_reason: z.string().nullable().default(null),
  user: z.object({ name: z.string(), avatar: z.string().nullable(), verified: z.boolean() }).nullable(),
});
export type CustomScript = z.infer<typeof customScriptSchema>;

/** POST/PUT api/user/scripts. The memo is one line; the content is shell text (newlines allowed). */
export const customScriptInputSchema = z.object({
  memo: z
    .string()
    .trim()
    .min(1)
    .max(SCRIPT_MEMO_MAX_LENGTH)
    .refine((value) => !hasControlCharacters(value), { message: 'The memo must be a single line' }),
  content: z.string().min(1).max(SCRIPT_CONTENT_MAX_LENGTH, { message: 'The script is too long' }),
  shared: z.boolean({ message: VALIDATION_MESSAGES.invalid }).default(false),
});
export type CustomScriptInput = z.input<typeof customScriptInputSchema>;

export const scriptsQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(255).optional(),
});
export type ScriptsQuery = z.infer<typeof scriptsQuerySchema>;

export const scriptParamsSchema = z.object({ script: z.coerce.number().int().positive() });
export const scriptListSchema = paginatedSchema(customScriptSchema);
export const scriptResponseSchema = z.object({ data: customScriptSchema });

export const scriptRoutes = defineRoutes({
  /** GET api.scripts.index: shared, approved scripts of everyone (Share Scripts). */
  index: { method: 'GET', path: '/api/scripts', query: scriptsQuerySchema, response: scriptListSchema },
  /** The caller's own scripts (My Scripts). */
  mine: { method: 'GET', path: '/api/user/scripts', query: scriptsQuerySchema, response: scriptListSchema },
  create: {
    method: 'POST',
    path: '/api/user/scripts',
    body: customScriptInputSchema,
    response: scriptResponseSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/user/scripts/:script',
    body: customScriptInputSchema,
    response: scriptResponseSchema,
  },
  destroy: { method: 'DELETE', path: '/api/user/scripts/:script' },
});
export const scriptPath = (id: number) => `/api/user/scripts/${id}`;

// ---------------------------------------------------------------------------------------------
// Remote terminal gateway

/**
 * The panel's remote-terminal websocket (ARCHITECTURE.md, Terminal). The browser's first text
 * message is {@link terminalOpenMessageSchema} carrying the single-use `remote` token of
 * POST api/servers/agent/token (never a private key); then every text message is typed input or
 * `resize|cols|rows`. The panel answers the shell's output as binary frames, and its own notices
 * as JSON text frames ({@link terminalNoticeSchema}).
 */
export const TERMINAL_GATEWAY_PATH = '/api/terminal/ws';

export const terminalOpenMessageSchema = z.object({
  type: z.literal('open'),
  token: z.string().min(1).max(4096),
  cols: z.number().int().min(1).max(1000).default(80),
  rows: z.number().int().min(1).max(1000).default(24),
});
export type TerminalOpenMessage = z.input<typeof terminalOpenMessageSchema>;

export const terminalNoticeSchema = z.discriminatedUnion('type', [
  /** The shell is ready: the terminal page shows "connected". */
  z.object({ type: z.literal('ready') }),
  /** Why the gateway is closing (an English message, translated on the page). */
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type TerminalNotice = z.infer<typeof terminalNoticeSchema>;

/** Messages the gateway closes with (English keys of the terminal catalogues). */
export const TERMINAL_MESSAGES = {
  badToken: 'The terminal link has expired, please reconnect',
  notConnected: 'The panel cannot reach this server',
  idle: 'The terminal was closed after a long time without activity',
  accessEnded: 'Your access to this server has ended',
} as const;
