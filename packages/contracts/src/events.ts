import { z } from 'zod';

/** An event as the browser sees it (spec/000 §3): never the recipe input or any secret. */
export const eventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  server_id: z.number().int().nullable(),
  site_id: z.number().int().nullable(),
  model_id: z.number().int().nullable(),
  model_type: z.string().nullable(),
  is_finished: z.boolean(),
  description: z.string(),
  status: z.string(),
  output: z.string(),
  output_truncated: z.boolean(),
  error_reason: z.string().nullable(),
  current_step: z.string().nullable(),
  created_at: z.string(),
  created_at_display: z.string(),
  user_name: z.string().nullable(),
  user_avatar: z.string().nullable(),
  color: z.enum(['primary', 'success', 'error', 'warning', 'info', 'default']),
});
export type Event = z.infer<typeof eventSchema>;

/** Realtime messages on the private channel user.{id} (spec/000 §4). */
export const eventStatusMessageSchema = z.object({
  type: z.literal('Event-status'),
  description: z.string(),
  color: eventSchema.shape.color,
  event: eventSchema,
});
export const updateDataMessageSchema = z.object({
  type: z.literal('Update-data'),
  keys: z.array(z.string()),
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
