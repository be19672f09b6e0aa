import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { hasControlCharacters, siteOwnerSchema, siteUserSchema } from './grammars.js';
import { idParamSchema } from './route-contract.js';
import { defineServerSection } from './server-sections.js';
import { UPDATE_KEYS } from './update-keys.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * A server's system users (spec/000 §2 /servers/{server}/users, §7 "System users (usage, sync,
 * CRUD)" and "sites usage"): the people accounts of the server, read from it each time (uid ≥
 * UID_MIN and the panel's default user), created, given a password and deleted as events.
 * docs/system-users.md says what lives where on the server.
 */

/** English messages (i18n keys) of the section; Vietnamese in apps/api/src/system-users/system-users.vi.ts. */
export const SYSTEM_USER_MESSAGES = {
  passwordTooShort: 'The password must be at least 8 characters',
  passwordTooLong: 'The password may not be longer than 128 characters',
  sudoAndSftp: 'An SFTP-only user cannot use sudo',
  exists: 'A user of this name already exists on the server',
  notFound: 'There is no such user on the server',
  usedBySites: 'This user is used by these sites: {sites}',
  defaultUser: 'The default Linux user of the server cannot be deleted',
} as const;

export const SYSTEM_USER_PASSWORD_MIN_LENGTH = 8;
export const SYSTEM_USER_PASSWORD_MAX_LENGTH = 128;

/**
 * A system user's password: 8-128 characters, no control character (so no line break can ever add
 * a second `user:password` line to chpasswd's input). It reaches the server on stdin, never argv
 * or the environment, and is never stored by the panel.
 */
export const systemUserPasswordSchema = z
  .string()
  .min(SYSTEM_USER_PASSWORD_MIN_LENGTH, SYSTEM_USER_MESSAGES.passwordTooShort)
  .max(SYSTEM_USER_PASSWORD_MAX_LENGTH, SYSTEM_USER_MESSAGES.passwordTooLong)
  .refine((value) => !hasControlCharacters(value), VALIDATION_MESSAGES.invalid);

/** The login shells a new user may get; `nologin` is /usr/sbin/nologin (SFTP-only users get it). */
export const SYSTEM_USER_SHELLS = ['/bin/bash', '/bin/sh', 'nologin'] as const;
export type SystemUserShell = (typeof SYSTEM_USER_SHELLS)[number];
export const systemUserShellSchema = z.enum(SYSTEM_USER_SHELLS);

/** A system user as read from the server (never as hoped for), with the panel's sites using it. */
export const systemUserSchema = z.object({
  name: z.string(),
  uid: z.number().int(),
  /** null when the account's home is not a plain path. */
  home: z.string().nullable(),
  shell: z.string().nullable(),
  /** May run commands as root: the panel's sudo rule, or the sudo group. */
  sudo: z.boolean(),
  /** The sudo rule is the panel's (/etc/sudoers.d/hostdeck-NAME). */
  sudo_managed: z.boolean(),
  /** A member of hostdeck-sftp: SFTP only, jailed, no shell. */
  sftp_only: z.boolean(),
  /** Bytes in the home (du), null when it could not be measured in time. */
  disk_usage: z.number().int().nonnegative().nullable(),
  /** The server's default Linux user (sites that are not isolated run as it). */
  is_default: z.boolean(),
  /** The panel's sites running as this user: it cannot be deleted while there is one. */
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The panel may delete it: not special, not the default user, no site. */
  deletable: z.boolean(),
});
export type SystemUser = z.infer<typeof systemUserSchema>;

/**
 * POST api/servers/{server}/users. The name may not be a special user ('You can not use special
 * user'), nor the panel's default user. SFTP-only users get the `nologin` shell and no sudo.
 */
export const createSystemUserRequestSchema = z
  .strictObject({
    name: siteUserSchema,
    shell: systemUserShellSchema.default('/bin/bash'),
    password: systemUserPasswordSchema.optional(),
    sudo: z.boolean().default(false),
    sftp_only: z.boolean().default(false),
  })
  .refine((body) => !(body.sudo && body.sftp_only), {
    message: SYSTEM_USER_MESSAGES.sudoAndSftp,
    path: ['sudo'],
  });
export type CreateSystemUserRequest = z.input<typeof createSystemUserRequestSchema>;

/** PUT api/servers/{server}/users/{user}/password. */
export const systemUserPasswordRequestSchema = z.strictObject({ password: systemUserPasswordSchema });

/** The `{user}` of a password change: any account a site may own (the default user included). */
export const systemUserParamsSchema = z.object({ user: siteOwnerSchema });
/** The `{user}` of a deletion: never special, never the panel's shared default user. */
export const deleteSystemUserParamsSchema = z.object({ user: siteUserSchema });

/**
 * The section's contract: the list (from the server), create, password, delete and sync, each
 * 201 with its event. Its events publish `server` (the server's detail carries `systemUsers`).
 */
export const systemUsersSection = defineServerSection({
  name: 'system-users',
  updateKey: UPDATE_KEYS.server,
  list: {
    path: '/api/servers/:server/users',
    query: z.object({}),
    item: systemUserSchema,
  },
  actions: {
    create: {
      method: 'POST',
      path: '/api/servers/:server/users',
      body: createSystemUserRequestSchema,
    },
    sync: {
      method: 'POST',
      path: '/api/servers/:server/users/sync',
    },
    password: {
      method: 'PUT',
      path: '/api/servers/:server/users/:user/password',
      params: systemUserParamsSchema,
      body: systemUserPasswordRequestSchema,
    },
    remove: {
      method: 'DELETE',
      path: '/api/servers/:server/users/:user',
      params: deleteSystemUserParamsSchema,
    },
  },
});
export const systemUserListSchema = systemUsersSection.list.response;

/** Disk usage of one of the panel's sites on the server (its folder /home/{linux_user}/{name}). */
export const siteUsageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  linux_user: z.string(),
  /** Bytes, null when the folder is missing or could not be measured in time. */
  disk_usage: z.number().int().nonnegative().nullable(),
});
export type SiteUsage = z.infer<typeof siteUsageSchema>;

/** GET api/servers/{server}/sites-usage (spec/000 §7 "sites usage"): read from the server. */
export const sitesUsageRoute = {
  method: 'GET',
  path: '/api/servers/:server/sites-usage',
  params: z.object({ server: idParamSchema }),
  response: z.object({ data: z.array(siteUsageSchema) }),
} as const;

/** The descriptions of the section's events (events.ts AreaEventDescriptions), English. */
export const SYSTEM_USER_EVENT_DESCRIPTIONS = defineEventDescriptions({
  createSystemUser: 'Create the system user {user}',
  changeSystemUserPassword: 'Change the password of the system user {user}',
  deleteSystemUser: 'Delete the system user {user}',
  syncSystemUsers: 'Sync the system users',
});
export type SystemUserEventDescriptionId = keyof typeof SYSTEM_USER_EVENT_DESCRIPTIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    'system-users': typeof SYSTEM_USER_EVENT_DESCRIPTIONS;
  }
}
