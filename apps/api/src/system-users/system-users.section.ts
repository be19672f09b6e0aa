import { SYSTEM_USER_EVENT_DESCRIPTIONS, systemUsersSection } from '@hostdeck/contracts/system-users';
import {
  parseSystemUsersInventory,
  systemUserCreate,
  systemUserDelete,
  systemUserPassword,
  systemUserRecipes,
  systemUsersInventory,
  systemUsersSync,
  toPasswordHex,
  type SystemUsersInventory,
} from '@hostdeck/recipes/system-users';
import { defineRecipeSection } from '../server-sections/recipe-section.js';
import { presentSystemUsers } from './system-users-presenter.js';
import { createSystemUsersRepository } from './system-users.repository.js';

/** Event types of the section (spec/000 §3 Event `type`): `system_user_create`, … */
export const SYSTEM_USER_EVENT_PREFIX = 'system_user_';

/**
 * A server's system users (spec/000 §2 /servers/{server}/users, §7): the accounts the
 * `system-users-inventory` recipe reads from the server each time (never cached), with the
 * panel's sites running as each; create, password, delete and sync, each a `system_user_*` event.
 * The checks that need the panel's data before an event starts (a site using the user, the
 * default user, a name taken) are the area's (system-users.area.ts).
 */
export const systemUsersRecipeSection = defineRecipeSection(
  systemUsersSection,
  {
    eventPrefix: SYSTEM_USER_EVENT_PREFIX,
    recipes: systemUserRecipes,
    eventDescriptions: SYSTEM_USER_EVENT_DESCRIPTIONS,
  },
  ({ db }) => {
    const repository = createSystemUsersRepository(db);
    return {
      inventory: { recipe: systemUsersInventory, parse: parseSystemUsersInventory },
      async list(inventory: SystemUsersInventory, { serverId }) {
        const [sites, defaultUser] = await Promise.all([
          repository.sites(serverId),
          repository.defaultLinuxUser(serverId),
        ]);
        return presentSystemUsers(inventory, sites, defaultUser);
      },
      actions: {
        create: {
          recipe: systemUserCreate,
          input: ({ body }) => ({
            name: body.name,
            // An SFTP-only user never gets a shell.
            shell: body.sftp_only ? 'nologin' : body.shell,
            ...(body.password === undefined ? {} : { password_hex: toPasswordHex(body.password) }),
            sudo: body.sudo,
            sftp_only: body.sftp_only,
          }),
          eventType: 'create',
          description: ({ body }) => ({ id: 'createSystemUser', values: { user: body.name } }),
        },
        sync: {
          recipe: systemUsersSync,
          input: () => ({}),
          eventType: 'sync',
          description: () => ({ id: 'syncSystemUsers' }),
        },
        password: {
          recipe: systemUserPassword,
          input: ({ params, body }) => ({ name: params.user, password_hex: toPasswordHex(body.password) }),
          eventType: 'password',
          description: ({ params }) => ({ id: 'changeSystemUserPassword', values: { user: params.user } }),
        },
        remove: {
          recipe: systemUserDelete,
          input: ({ params }) => ({ name: params.user }),
          eventType: 'delete',
          description: ({ params }) => ({ id: 'deleteSystemUser', values: { user: params.user } }),
        },
      },
    };
  },
);
