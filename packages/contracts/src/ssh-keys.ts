import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { linuxUserSchema } from './grammars.js';
import { idParamSchema } from './route-contract.js';
import { defineServerSection } from './server-sections.js';
import { sshFingerprintSchema, sshPublicKeySchema } from './ssh-public-key.js';
import { UPDATE_KEYS } from './update-keys.js';

/**
 * The SSH keys of a server (issue 17; spec/000 §2 servers.ssh-keys, §4 `ssh-keys`): the keys in
 * the `authorized_keys` of root and of every user (uid ≥ 1000) with a home, read from the server
 * each time (no panel table: the server is the truth); add a key to users, remove one from users,
 * grant-root, and the server's own GitHub key. docs/ssh-keys.md.
 */

/** Messages of the section (English; Vietnamese in apps/api/src/ssh-keys/ssh-keys.vi.ts). */
export const SSH_KEY_MESSAGES = {
  users: 'Choose 1 to 50 users',
  userTwice: 'A user is given twice',
  name: 'Use up to 64 letters, digits and @ . _ + = : , / - (no spaces)',
  panelKey: "The panel's own key cannot be removed: the panel would lose its access to the server",
  unknownUser: 'There is no such user on this server',
  noDefaultUser: 'This server has no default user',
} as const;

/** The comment of the panel's own key on a server (apps/api/src/servers/server-connect.service.ts). */
export const PANEL_KEY_COMMENT_PREFIX = 'hostdeck-server-';

/** 1 to 50 distinct Linux user names (linuxUserSchema). */
export const sshKeyUsersSchema = z
  .array(linuxUserSchema, { error: SSH_KEY_MESSAGES.users })
  .min(1, { error: SSH_KEY_MESSAGES.users })
  .max(50, { error: SSH_KEY_MESSAGES.users })
  .refine((users) => new Set(users).size === users.length, { message: SSH_KEY_MESSAGES.userTwice });

/** A name for the key: written as its comment (one word, the grammar of a key comment). */
export const sshKeyNameSchema = z.string().regex(/^[A-Za-z0-9@._+=:,/-]{1,64}$/, SSH_KEY_MESSAGES.name);

/** POST api/servers/{server}/ssh-keys. */
export const addSshKeyRequestSchema = z.strictObject({
  public_key: sshPublicKeySchema,
  users: sshKeyUsersSchema,
  name: sshKeyNameSchema.optional(),
});
export type AddSshKeyRequest = z.input<typeof addSshKeyRequestSchema>;

/** DELETE api/servers/{server}/ssh-keys. */
export const removeSshKeyRequestSchema = z.strictObject({
  fingerprint: sshFingerprintSchema,
  users: sshKeyUsersSchema,
});
export type RemoveSshKeyRequest = z.input<typeof removeSshKeyRequestSchema>;

/** POST api/servers/{server}/grant-root: the key goes to root's authorized_keys. */
export const grantRootRequestSchema = z.strictObject({ public_key: sshPublicKeySchema });

/** One key of one user (a key in two users' files is two items). */
export const sshKeySchema = z.object({
  user: z.string(),
  fingerprint: z.string(),
  type: z.string(),
  comment: z.string().nullable(),
  /** The names of the line's options (`command`, `from`…): shown, never written by the panel. */
  options: z.array(z.string()),
  /** `TYPE BLOB [COMMENT]`. */
  public_key: z.string(),
  /** The panel's own key: locked, it cannot be removed. */
  panel: z.boolean(),
});
export type SshKey = z.infer<typeof sshKeySchema>;

export const sshKeysSection = defineServerSection({
  name: 'ssh-keys',
  updateKey: UPDATE_KEYS.sshKeys,
  list: { path: '/api/servers/:server/ssh-keys', query: z.object({}), item: sshKeySchema },
  actions: {
    add: { method: 'POST', path: '/api/servers/:server/ssh-keys', body: addSshKeyRequestSchema },
    remove: { method: 'DELETE', path: '/api/servers/:server/ssh-keys', body: removeSshKeyRequestSchema },
    grantRoot: { method: 'POST', path: '/api/servers/:server/grant-root', body: grantRootRequestSchema },
  },
});

/** GET api/servers/{server}/ssh-keys/users: the users a key can be added to (root and uid ≥ 1000). */
export const sshKeyUsersRoute = {
  method: 'GET',
  path: '/api/servers/:server/ssh-keys/users',
  params: z.object({ server: idParamSchema }),
  response: z.object({ data: z.array(z.object({ name: z.string(), uid: z.number().int() })) }),
} as const;

/**
 * POST api/servers/{server}/ssh-key-github: makes (once) the server's GitHub key as its default
 * user and answers its public key, also kept as the server's `ssh_key_github`.
 */
export const sshKeyGithubRoute = {
  method: 'POST',
  path: '/api/servers/:server/ssh-key-github',
  params: z.object({ server: idParamSchema }),
  response: z.object({ data: z.object({ ssh_key_github: z.string() }) }),
} as const;

/** The descriptions of the section's events (events.ts AreaEventDescriptions), English. */
export const SSH_KEY_EVENT_DESCRIPTIONS = defineEventDescriptions({
  addServerSshKey: 'Add the SSH key {fingerprint} to {users}',
  removeServerSshKey: 'Remove the SSH key {fingerprint} from {users}',
  grantRootSshKey: 'Grant root access to the SSH key {fingerprint}',
});
export type SshKeyEventDescriptionId = keyof typeof SSH_KEY_EVENT_DESCRIPTIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    'ssh-keys': typeof SSH_KEY_EVENT_DESCRIPTIONS;
  }
}
