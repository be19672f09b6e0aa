import { z } from 'zod';
import { siteOwnerSchema, siteUserSchema } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import { flag, passwordBytes, passwordHexSchema } from '../sites/site-inputs.js';

/**
 * The actions on a server's system users (apps/api/src/system-users), each one event. Names are
 * grammar-checked here again (never special: `siteUserSchema`), the shell is one of three, and a
 * password travels as hex in the (sealed) event input and reaches the script on stdin only.
 * Scripts: scripts/system-users/*.sh (docs/system-users.md).
 */

const MINUTE = 60_000;

/** The shells a recipe may set: `nologin` is Debian's and Ubuntu's /usr/sbin/nologin. */
export const SYSTEM_USER_SHELL_PATHS = {
  '/bin/bash': '/bin/bash',
  '/bin/sh': '/bin/sh',
  nologin: '/usr/sbin/nologin',
} as const;
export const shellInputSchema = z.enum(['/bin/bash', '/bin/sh', 'nologin'], { error: 'Invalid value' });

export const systemUserCreateInputSchema = z
  .strictObject({
    name: siteUserSchema,
    shell: shellInputSchema,
    password_hex: passwordHexSchema.optional(),
    sudo: z.boolean(),
    sftp_only: z.boolean(),
  })
  .refine((input) => !(input.sftp_only && (input.sudo || input.shell !== 'nologin')), {
    message: 'An SFTP-only user cannot use sudo',
    path: ['sftp_only'],
  });

/**
 * Creates a system user (or brings an existing regular one to the given shell): the account and
 * its password, the panel's sudo rule (visudo-checked), and membership of the SFTP jail (sshd -t,
 * reload, rolled back on failure). Every step is idempotent.
 */
export const systemUserCreate = defineRecipe({
  id: 'system-user-create',
  input: systemUserCreateInputSchema,
  steps: [
    {
      id: 'user',
      title: 'Create the user',
      script: 'system-users/user.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
    {
      id: 'sudo',
      title: 'Set up sudo for the user',
      script: 'system-users/sudo.sh',
      timeoutMs: 5 * MINUTE,
      idempotent: true,
    },
    {
      id: 'sftp',
      title: 'Jail the user to SFTP only',
      script: 'system-users/sftp.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_USER: input.name,
    HD_SHELL: SYSTEM_USER_SHELL_PATHS[input.shell],
    HD_SUDO: flag(input.sudo),
    HD_SFTP_ONLY: flag(input.sftp_only),
  }),
  secrets: (input) => passwordBytes(input.password_hex),
  example: {
    name: 'deploy',
    shell: '/bin/bash',
    password_hex: '736563726574313233',
    sudo: true,
    sftp_only: false,
  },
});

/** Sets a regular account's password (chpasswd, stdin). */
export const systemUserPassword = defineRecipe({
  id: 'system-user-password',
  input: z.strictObject({ name: siteOwnerSchema, password_hex: passwordHexSchema }),
  steps: [
    {
      id: 'password',
      title: 'Set the password',
      script: 'system-users/password.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_USER: input.name }),
  secrets: (input) => passwordBytes(input.password_hex),
  example: { name: 'deploy', password_hex: '736563726574313233' },
});

/** Deletes a regular account, its home, its processes and the panel's sudo rule for it. */
export const systemUserDelete = defineRecipe({
  id: 'system-user-delete',
  input: z.strictObject({ name: siteUserSchema }),
  steps: [
    {
      id: 'delete',
      title: 'Delete the user and its home',
      script: 'system-users/delete.sh',
      timeoutMs: 5 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_USER: input.name }),
  example: { name: 'deploy' },
});

/**
 * Brings the panel's own files back in shape: sudo rules of users that are gone are removed (the
 * rest checked by visudo), and the SFTP jail is rewritten when it has members.
 */
export const systemUsersSync = defineRecipe({
  id: 'system-users-sync',
  input: z.strictObject({}),
  steps: [
    {
      id: 'sudo',
      title: 'Check the sudo rules',
      script: 'system-users/sync.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
    {
      id: 'sftp',
      title: 'Check the SFTP jail',
      script: 'system-users/sftp.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});
