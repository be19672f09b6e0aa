import { z } from 'zod';
import { emailSchema } from './accounts.js';
import { defineEventDescriptions } from './events.js';
import { defineRoutes } from './route-contract.js';

/**
 * Server transfer (issue 22 point 5, spec/000 §2 `/user/server-transfer`, §7 `api/servers-transfer`,
 * docs/server-transfer.md). The owner offers a server to another account by email; the account
 * that verified that email accepts or declines; the sender cancels while it is pending. Accepting
 * moves the server and everything of it in one transaction, then rotates the panel's key on the
 * server and removes the account keys of those who lose it (events).
 */

/** English messages (i18n keys); Vietnamese in apps/api/src/server-transfer/server-transfer.vi.ts. */
export const SERVER_TRANSFER_MESSAGES = {
  toYourself: 'You cannot transfer a server to yourself.',
  alreadyPending: 'This server already has a pending transfer.',
  expired: 'This transfer has expired. Ask the owner to offer it again.',
  notPending: 'This transfer is no longer pending.',
  privateNetwork: 'Take the server out of its private networks before transferring it.',
  notConnected: 'The panel has no key for this server yet: connect it before transferring it.',
  rotationNotFailed: 'The key rotation of this transfer has not failed: there is nothing to retry.',
} as const;

/** How long an offer can be accepted (as team invitations). */
export const SERVER_TRANSFER_TTL_DAYS = 7;

export const SERVER_TRANSFER_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type ServerTransferStatus = (typeof SERVER_TRANSFER_STATUSES)[number];

/** `pending`: queued or running; `rotated`; `failed`: can be retried by the new owner. */
export const KEY_ROTATION_STATUSES = ['pending', 'rotated', 'failed'] as const;
export type KeyRotationStatus = (typeof KEY_ROTATION_STATUSES)[number];

const idSchema = z.number({ message: 'Invalid value' }).int().positive();

/** POST api/servers-transfer. */
export const createServerTransferBodySchema = z.strictObject({ server_id: idSchema, email: emailSchema });
export type CreateServerTransferBody = z.input<typeof createServerTransferBodySchema>;

/**
 * PUT api/servers-transfer/{servers_transfer} (spec/000 §7): the recipient accepts or declines,
 * the sender cancels.
 */
export const updateServerTransferBodySchema = z.strictObject({
  status: z.enum(['accepted', 'declined', 'cancelled'], { message: 'Invalid value' }),
});
export type UpdateServerTransferBody = z.input<typeof updateServerTransferBodySchema>;

/** What acceptance changed, shown to both parties. */
export const serverTransferReportSchema = z.object({
  sites: z.number().int(),
  databases: z.number().int(),
  backups: z.number().int(),
  schedules: z.number().int(),
  /** Team shares removed: the sender's teams no longer reach the server. */
  team_shares: z.number().int(),
  /** Account SSH keys of others taken off the server (one removal event each). */
  ssh_keys_removed: z.number().int(),
  key_rotation: z.enum(KEY_ROTATION_STATUSES),
  key_rotation_event_id: z.number().int().nullable(),
});
export type ServerTransferReport = z.infer<typeof serverTransferReportSchema>;

export const serverTransferSchema = z.object({
  id: z.number().int(),
  /** `outgoing`: the caller offered it; `incoming`: offered to the caller. */
  direction: z.enum(['incoming', 'outgoing']),
  server: z.object({ id: z.number().int(), name: z.string(), ip: z.string() }),
  from: z.object({ name: z.string(), email: z.string() }),
  email: z.string(),
  status: z.enum(SERVER_TRANSFER_STATUSES),
  /** A pending offer past its days; it can no longer be accepted. */
  expired: z.boolean(),
  created_at: z.string(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
  report: serverTransferReportSchema.nullable(),
  /** The new owner may start the key rotation again (it failed). */
  can_retry_rotation: z.boolean(),
});
export type ServerTransfer = z.infer<typeof serverTransferSchema>;

export const serverTransferListSchema = z.object({
  incoming: z.array(serverTransferSchema),
  outgoing: z.array(serverTransferSchema),
});
export type ServerTransferList = z.infer<typeof serverTransferListSchema>;

const transferResponse = z.object({ data: serverTransferSchema });

export const serverTransferRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/servers-transfer',
    response: z.object({ data: serverTransferListSchema }),
  },
  create: {
    method: 'POST',
    path: '/api/servers-transfer',
    body: createServerTransferBodySchema,
    response: transferResponse,
  },
  update: {
    method: 'PUT',
    path: '/api/servers-transfer/:servers_transfer',
    body: updateServerTransferBodySchema,
    response: transferResponse,
  },
  /** The new owner starts a failed key rotation again. */
  retryRotation: {
    method: 'POST',
    path: '/api/servers-transfer/:servers_transfer/rotate-key',
    response: transferResponse,
  },
});

/** Event types and the model they are about (`server_transfer`, the transfer's id). */
export const SERVER_TRANSFER_EVENT_PREFIX = 'server_transfer_';
export const SERVER_TRANSFER_EVENT_TYPES = { rotateKey: 'server_transfer_rotate_key' } as const;
export const SERVER_TRANSFER_MODEL_TYPE = 'server_transfer';

export const SERVER_TRANSFER_EVENT_DESCRIPTIONS = defineEventDescriptions({
  rotatePanelKey: "Rotate the panel's SSH key after the transfer of {server}",
});

declare module './events.js' {
  interface AreaEventDescriptions {
    'server-transfer': typeof SERVER_TRANSFER_EVENT_DESCRIPTIONS;
  }
}
