import { z } from 'zod';
import { defineRoutes } from './route-contract.js';

/**
 * What the panel can tell a user through a notification channel (issue 23 point 3): the rows of
 * the channel × event matrix. An incident type (`server.unreachable`, the thresholds) is alerted
 * once when it opens and once when it resolves; the others are sent each time they happen.
 */
export const ALERT_TYPES = [
  'deployment.finished',
  'deployment.failed',
  'backup.failed',
  'backup.partial',
  'backup.verification_failed',
  'cron.failed',
  'server.unreachable',
  'server.disk',
  'server.cpu',
  'server.memory',
  'certificate.expiring',
  'certificate.renewal_failed',
  'login.new_address',
] as const;
export const alertTypeSchema = z.enum(ALERT_TYPES);
export type AlertType = z.infer<typeof alertTypeSchema>;

/** The types that are incidents: open, then resolved (recovered, back under the threshold). */
export const INCIDENT_ALERT_TYPES = [
  'server.unreachable',
  'server.disk',
  'server.cpu',
  'server.memory',
] as const;

/** Where alerts go (issue 23 point 3, docs/alerts.md). */
export const ALERT_CHANNEL_TYPES = ['email', 'telegram', 'slack', 'discord', 'webhook'] as const;
export const alertChannelTypeSchema = z.enum(ALERT_CHANNEL_TYPES);
export type AlertChannelType = z.infer<typeof alertChannelTypeSchema>;

/**
 * The matrix's default row of a new channel: everything but a successful deployment, which most
 * people do not want a message for each time.
 */
export const DEFAULT_ALERT_TYPES: readonly AlertType[] = ALERT_TYPES.filter(
  (type) => type !== 'deployment.finished',
);

/** English messages (i18n keys); Vietnamese in apps/api/src/alerts/alerts.vi.ts. */
export const ALERT_MESSAGES = {
  url: 'Enter an http:// or https:// address',
  urlRefused: 'This address is not allowed: {reason}',
  telegramOff: 'Telegram is not set up on this panel',
  notTeamOwner: 'Only the team owner manages the team’s notification channels',
  notLinked: 'Link a Telegram chat first',
  sendFailed: 'The test message was not delivered: {reason}',
} as const;

const name = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^\p{Cc}]+$/u, 'No control characters');
const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .regex(/^https?:\/\/[^\s]+$/i, ALERT_MESSAGES.url);

/** POST api/alerts/channels: one channel, for the caller or for a team the caller owns. */
export const alertChannelCreateSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('email'),
    name,
    team_id: z.number().int().positive().optional(),
    /** Another address than the account's; absent: the account's (a team's: its owner's). */
    email: z.email().max(255).optional(),
  }),
  z.strictObject({ type: z.literal('telegram'), name, team_id: z.number().int().positive().optional() }),
  z.strictObject({
    type: z.literal('slack'),
    name,
    team_id: z.number().int().positive().optional(),
    url: httpUrl,
  }),
  z.strictObject({
    type: z.literal('discord'),
    name,
    team_id: z.number().int().positive().optional(),
    url: httpUrl,
  }),
  z.strictObject({
    type: z.literal('webhook'),
    name,
    team_id: z.number().int().positive().optional(),
    url: httpUrl,
  }),
]);
export type AlertChannelCreate = z.infer<typeof alertChannelCreateSchema>;

/** PUT api/alerts/channels/:channel: its name and its row of the matrix. */
export const alertChannelUpdateSchema = z.strictObject({
  name: name.optional(),
  alert_types: z.array(alertTypeSchema).max(ALERT_TYPES.length).optional(),
});

/** A channel as presented: its URL, token and secret are never sent back. */
export const alertChannelSchema = z.object({
  id: z.number(),
  type: alertChannelTypeSchema,
  name: z.string(),
  /** The team whose channel it is; null: the caller's own. */
  team_id: z.number().nullable(),
  /** What identifies it without its secret: the email address, the URL's host, `linked`/`pending`. */
  target: z.string(),
  alert_types: z.array(alertTypeSchema),
  /** Telegram: whether a chat is linked. */
  linked: z.boolean(),
  created_at: z.string(),
});
export type AlertChannel = z.infer<typeof alertChannelSchema>;

const channelAnswer = z.object({ data: alertChannelSchema });

export const alertRoutes = defineRoutes({
  /** The caller's channels and those of the teams the caller owns. */
  list: {
    method: 'GET',
    path: '/api/alerts/channels',
    response: z.object({
      data: z.array(alertChannelSchema),
      /** The teams the caller owns (their channels can be added here). */
      teams: z.array(z.object({ id: z.number(), name: z.string() })),
      telegram: z.object({ enabled: z.boolean(), bot_username: z.string().nullable() }),
    }),
  },
  create: {
    method: 'POST',
    path: '/api/alerts/channels',
    body: alertChannelCreateSchema,
    response: z.object({
      data: alertChannelSchema,
      /** A generic webhook's signing secret, shown once. */
      secret: z.string().nullable(),
    }),
  },
  update: {
    method: 'PUT',
    path: '/api/alerts/channels/:channel',
    body: alertChannelUpdateSchema,
    response: channelAnswer,
  },
  remove: { method: 'DELETE', path: '/api/alerts/channels/:channel' },
  /** Sends a test message through the channel now. */
  test: { method: 'POST', path: '/api/alerts/channels/:channel/test' },
  /**
   * A one-time code to link a Telegram chat (valid 15 minutes): send `/start <code>` to the bot.
   * A new code voids the previous one.
   */
  telegramLink: {
    method: 'POST',
    path: '/api/alerts/channels/:channel/telegram-link',
    response: z.object({
      data: z.object({ code: z.string(), url: z.string().nullable(), expires_at: z.string() }),
    }),
  },
  /** Telegram's calls to the bot (spec/000 §7): checked by the secret-token header. */
  telegramWebhook: {
    method: 'POST',
    path: '/api/webhooks/telegram',
    body: z.unknown(),
    response: z.object({ ok: z.boolean() }),
  },
});
