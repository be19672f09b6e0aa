import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { linuxUserSchema } from './grammars.js';
import { defineRoutes } from './route-contract.js';
import { sshPublicKeySchema } from './ssh-public-key.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * The account's SSH keys (issue 17, `/user/ssh-keys`, spec/000 §7 user SSH keys and
 * `api/generate-ssh-key`): public keys kept by the account, put on servers and Linux users in one
 * action (one `ssh-keys-add` event per server) and taken off all of them in one action (one
 * `ssh-keys-remove` event per server). Where each key went is recorded (`user_ssh_key_placements`)
 * when the event ends FINISHED. docs/user-ssh-keys.md.
 */

/** English messages (i18n keys); Vietnamese in apps/api/src/user-ssh-keys/user-ssh-keys.vi.ts. */
export const USER_SSH_KEY_MESSAGES = {
  name: 'Use 1 to 64 letters, digits, spaces and . _ -',
  duplicate: 'This key is already in your account',
  stillPlaced: 'This key is still on servers: remove it from its servers first',
  notPlaced: 'This key is not on any server',
  users: 'Choose 1 to 50 different Linux users',
  servers: 'Choose 1 to 50 different servers',
} as const;

export const USER_SSH_KEY_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,63}$/u;

/** A key's name in the account: 1-64 letters, digits, spaces and `. _ -`, trimmed. */
export const userSshKeyNameSchema = z
  .string()
  .trim()
  .refine((value) => USER_SSH_KEY_NAME_PATTERN.test(value), { message: USER_SSH_KEY_MESSAGES.name });

/** Where a key is: one server and the Linux users on it that have it. */
export const userSshKeyPlacementSchema = z.object({
  server_id: z.number().int(),
  server_name: z.string(),
  users: z.array(z.string()),
});
export type UserSshKeyPlacement = z.infer<typeof userSshKeyPlacementSchema>;

export const userSshKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** One OpenSSH line, `TYPE BLOB [COMMENT]`. */
  public_key: z.string(),
  /** `SHA256:…` as `ssh-keygen -l` prints it. */
  fingerprint: z.string(),
  type: z.string(),
  comment: z.string().nullable(),
  created_at: z.string(),
  placements: z.array(userSshKeyPlacementSchema),
});
export type UserSshKey = z.infer<typeof userSshKeySchema>;

/**
 * POST api/user/ssh-keys. The key's surrounding white space (the newline that ends a `.pub` file)
 * is dropped first; any control character inside it is refused by the grammar.
 */
export const createUserSshKeyBodySchema = z.strictObject({
  name: userSshKeyNameSchema,
  public_key: z.string().trim().pipe(sshPublicKeySchema),
});
export type CreateUserSshKeyBody = z.input<typeof createUserSshKeyBodySchema>;

const unique = (values: readonly unknown[]) => new Set(values).size === values.length;

/** One server and the Linux users on it to give the key to. */
export const userSshKeyTargetSchema = z.strictObject({
  server_id: z.number({ message: VALIDATION_MESSAGES.invalid }).int().positive(),
  users: z
    .array(linuxUserSchema)
    .min(1, { message: USER_SSH_KEY_MESSAGES.users })
    .max(50, { message: USER_SSH_KEY_MESSAGES.users })
    .refine(unique, { message: USER_SSH_KEY_MESSAGES.users }),
});
export type UserSshKeyTarget = z.infer<typeof userSshKeyTargetSchema>;

/** POST api/user/ssh-keys/{sshKey}/add. */
export const addUserSshKeyToServersBodySchema = z.strictObject({
  targets: z
    .array(userSshKeyTargetSchema)
    .min(1, { message: USER_SSH_KEY_MESSAGES.servers })
    .max(50, { message: USER_SSH_KEY_MESSAGES.servers })
    .refine((targets) => unique(targets.map((target) => target.server_id)), {
      message: USER_SSH_KEY_MESSAGES.servers,
    }),
});
export type AddUserSshKeyToServersBody = z.input<typeof addUserSshKeyToServersBodySchema>;

/** The events an add or a "remove from all" started: one per server. */
export const userSshKeyEventsResponseSchema = z.object({
  data: z.object({
    events: z.array(z.object({ id: z.number().int(), server_id: z.number().int() })),
  }),
});
export type UserSshKeyEvents = z.infer<typeof userSshKeyEventsResponseSchema>['data']['events'];

/** POST api/generate-ssh-key: a fresh Ed25519 pair; the private half is never stored. */
export const generatedSshKeySchema = z.object({ public_key: z.string(), private_key: z.string() });
export type GeneratedSshKey = z.infer<typeof generatedSshKeySchema>;

const sshKeyParams = z.object({ sshKey: z.coerce.number().int().positive() });

export const userSshKeyRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/user/ssh-keys',
    response: z.object({ data: z.array(userSshKeySchema) }),
  },
  create: {
    method: 'POST',
    path: '/api/user/ssh-keys',
    body: createUserSshKeyBodySchema,
    response: z.object({ data: userSshKeySchema }),
  },
  destroy: { method: 'DELETE', path: '/api/user/ssh-keys/:sshKey', params: sshKeyParams },
  addToServers: {
    method: 'POST',
    path: '/api/user/ssh-keys/:sshKey/add',
    params: sshKeyParams,
    body: addUserSshKeyToServersBodySchema,
    response: userSshKeyEventsResponseSchema,
  },
  removeFromAll: {
    method: 'DELETE',
    path: '/api/user/ssh-keys/:sshKey/remove',
    params: sshKeyParams,
    response: userSshKeyEventsResponseSchema,
  },
  generate: { method: 'POST', path: '/api/generate-ssh-key', response: generatedSshKeySchema },
});

/** Event types (`events.type`) and the model they are about (`user_ssh_key`, the key's id). */
export const USER_SSH_KEY_EVENT_PREFIX = 'user_ssh_key_';
export const USER_SSH_KEY_EVENT_TYPES = {
  add: 'user_ssh_key_add',
  remove: 'user_ssh_key_remove',
} as const;
export const USER_SSH_KEY_MODEL_TYPE = 'user_ssh_key';

/** `{users}`: the Linux users, joined with ", " (the finished-event handler reads them back). */
export const USER_SSH_KEY_EVENT_DESCRIPTIONS = defineEventDescriptions({
  addUserSshKey: 'Add the account SSH key {key} to {users}',
  removeUserSshKey: 'Remove the account SSH key {key} from {users}',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    'user-ssh-keys': typeof USER_SSH_KEY_EVENT_DESCRIPTIONS;
  }
}
