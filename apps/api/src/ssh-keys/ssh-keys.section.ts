import { createHash } from 'node:crypto';
import {
  PANEL_KEY_COMMENT_PREFIX,
  SSH_KEY_EVENT_DESCRIPTIONS,
  sshKeysSection,
  type SshKey,
} from '@hostdeck/contracts/ssh-keys';
import { parseSshPublicKey } from '@hostdeck/contracts/ssh-public-key';
import {
  parseSshKeysInventory,
  sshKeyRecipes,
  sshKeysAdd,
  sshKeysInventory,
  sshKeysRemove,
  type SshKeysInventory,
} from '@hostdeck/recipes/ssh-keys';
import type { Database } from '../database/database.js';
import { defineRecipeSection } from '../server-sections/recipe-section.js';
import { createSshKeysRepository } from './ssh-keys.repository.js';

/** Event types of the section (spec/000 §3 Event `type`): `ssh_key_add`, `ssh_key_remove`, `ssh_key_grant_root`. */
export const SSH_KEY_EVENT_PREFIX = 'ssh_key_';

/** `SHA256:` and the unpadded base64 of the blob's SHA-256, as `ssh-keygen -l` prints it; null for no key. */
export function sshFingerprint(publicKey: string | null | undefined): string | null {
  if (!publicKey) return null;
  const parsed = parseSshPublicKey(publicKey);
  if ('error' in parsed) return null;
  const digest = createHash('sha256').update(Buffer.from(parsed.blob, 'base64')).digest('base64');
  return `SHA256:${digest.replace(/=+$/, '')}`;
}

/** The fingerprint of the panel's own key on the server (servers.public_key), null before it is installed. */
export async function panelKeyFingerprint(db: Database, serverId: number): Promise<string | null> {
  return sshFingerprint(await createSshKeysRepository(db).panelPublicKey(serverId));
}

/** The list: one item per user and key; the panel's key (by fingerprint or by its comment) locked. */
export function presentSshKeys(inventory: SshKeysInventory, panelFingerprint: string | null): SshKey[] {
  return inventory.keys.map((key) => ({
    user: key.user,
    fingerprint: key.fingerprint,
    type: key.type,
    comment: key.comment,
    options: key.options,
    public_key: key.publicKey,
    panel:
      key.fingerprint === panelFingerprint ||
      (key.comment !== null && key.comment.startsWith(PANEL_KEY_COMMENT_PREFIX)),
  }));
}

/** The key as written: its comment replaced by the name, when one is given. */
export function namedKey(publicKey: string, name: string | undefined): string {
  if (!name) return publicKey;
  const [type, blob] = publicKey.split(' ');
  return `${type} ${blob} ${name}`;
}

/**
 * A server's SSH keys (issue 17, spec/000 §2 servers.ssh-keys): the `authorized_keys` lines the
 * `ssh-keys-inventory` recipe reads each time, and add, remove and grant-root, each an `ssh_key_*`
 * event. The checks that need the server or the panel's key first are the area's (ssh-keys.area.ts).
 */
export const sshKeysRecipeSection = defineRecipeSection(
  sshKeysSection,
  {
    eventPrefix: SSH_KEY_EVENT_PREFIX,
    recipes: sshKeyRecipes,
    eventDescriptions: SSH_KEY_EVENT_DESCRIPTIONS,
  },
  ({ db }) => ({
    inventory: { recipe: sshKeysInventory, parse: parseSshKeysInventory, cacheMs: 2_000 },
    async list(inventory: SshKeysInventory, { serverId }) {
      return presentSshKeys(inventory, await panelKeyFingerprint(db, serverId));
    },
    actions: {
      add: {
        recipe: sshKeysAdd,
        input: ({ body }) => ({ public_key: namedKey(body.public_key, body.name), users: body.users }),
        eventType: 'add',
        description: ({ body }) => ({
          id: 'addServerSshKey',
          values: { fingerprint: sshFingerprint(body.public_key) ?? '', users: body.users.join(', ') },
        }),
      },
      remove: {
        recipe: sshKeysRemove,
        input: ({ body }) => ({ fingerprint: body.fingerprint, users: body.users }),
        eventType: 'remove',
        description: ({ body }) => ({
          id: 'removeServerSshKey',
          values: { fingerprint: body.fingerprint, users: body.users.join(', ') },
        }),
      },
      grantRoot: {
        recipe: sshKeysAdd,
        input: ({ body }) => ({ public_key: body.public_key, users: ['root'] }),
        eventType: 'grant_root',
        description: ({ body }) => ({
          id: 'grantRootSshKey',
          values: { fingerprint: sshFingerprint(body.public_key) ?? '' },
        }),
      },
    },
  }),
);
