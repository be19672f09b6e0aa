import { z } from 'zod';
import { linuxUserSchema } from '@hostdeck/contracts';
import { PANEL_KEY_COMMENT_PREFIX, sshKeyUsersSchema } from '@hostdeck/contracts/ssh-keys';
import { sshFingerprintSchema, sshPublicKeySchema } from '@hostdeck/contracts/ssh-public-key';
import { defineRecipe } from '../recipe.js';

/**
 * Adds one public key to the `authorized_keys` of each user (issue 17; used by the server's SSH keys
 * page, grant-root and account keys). Per user: the user must exist, `~/.ssh` is 0700 and
 * `authorized_keys` 0600, both the user's own (made as the user, so a link planted in the home
 * never makes root write elsewhere); the key, checked with `ssh-keygen -l` first, is appended only
 * when its fingerprint is not there yet: a second run changes nothing.
 */
export const sshKeysAdd = defineRecipe({
  id: 'ssh-keys-add',
  input: z.strictObject({ public_key: sshPublicKeySchema, users: sshKeyUsersSchema }),
  steps: [
    {
      id: 'add',
      title: 'Add the key to authorized_keys',
      script: 'ssh-keys/add.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_PUBLIC_KEY: input.public_key, HD_USERS: input.users.join(' ') }),
  example: {
    public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDqOdFzYCt3O98IFWo94zzHIxtcWUvuOC0l1EB+4eTRw me@laptop',
    users: ['root', 'hostdeck'],
  },
});

/**
 * Removes every `authorized_keys` line with this fingerprint from each user (a user or key that is
 * not there is fine). The panel's own key (comment `hostdeck-server-<id>`) is never removed: the
 * step refuses before changing anything.
 */
export const sshKeysRemove = defineRecipe({
  id: 'ssh-keys-remove',
  input: z.strictObject({ fingerprint: sshFingerprintSchema, users: sshKeyUsersSchema }),
  steps: [
    {
      id: 'remove',
      title: 'Remove the key from authorized_keys',
      script: 'ssh-keys/remove.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_FINGERPRINT: input.fingerprint,
    HD_USERS: input.users.join(' '),
    HD_PANEL_COMMENT: PANEL_KEY_COMMENT_PREFIX,
  }),
  example: { fingerprint: 'SHA256:/1CyoqQA6TgELee2bFr5uvlKITkdkEc8tb15f6VQbhM', users: ['hostdeck'] },
});

/**
 * Read-only: root and every user with uid 1000 or more and a home folder, and each
 * `authorized_keys` line with its fingerprint (scripts/ssh-keys/inventory.sh).
 */
export const sshKeysInventory = defineRecipe({
  id: 'ssh-keys-inventory',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read the SSH keys',
      script: 'ssh-keys/inventory.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});

/**
 * The server's own key for GitHub (deploy keys): makes once, as `user`, an Ed25519 key
 * `~/.ssh/id_ed25519_github` and a `Host github.com` entry in `~/.ssh/config` using it, then
 * prints the public key (`github-key<TAB>LINE`).
 */
export const sshKeyGithub = defineRecipe({
  id: 'ssh-key-github',
  input: z.strictObject({ user: linuxUserSchema, comment: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/) }),
  steps: [
    {
      id: 'make',
      title: 'Make the GitHub key',
      script: 'ssh-keys/github.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_USER: input.user, HD_COMMENT: input.comment }),
  example: { user: 'hostdeck', comment: 'hostdeck-github-1' },
});
