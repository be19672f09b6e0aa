import type { z } from 'zod';
import {
  OLS_EVENT_PREFIX,
  type olsAdminPasswordRequestSchema,
  type OlsIndex,
  type olsPhpIniRequestSchema,
} from '@hostdeck/contracts/openlitespeed';
import {
  openlitespeedAdminPassword,
  openlitespeedInventory,
  openlitespeedPhpIniRead,
  openlitespeedPhpIniWrite,
  openlitespeedRestart,
  parseOlsPhpIni,
  parseOpenlitespeedInventory,
} from '@hostdeck/recipes/openlitespeed';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { ServerReader } from '../default-page/server-read.js';

/** What Applications' section service offers this area: its own install (application_install). */
export interface ApplicationInstaller {
  startAction(
    name: 'install',
    caller: Caller,
    request: { serverId: number; params: Record<string, never>; body: { name: 'openlitespeed' } },
  ): Promise<{ data: { id: number } }>;
}

export interface OpenlitespeedServiceDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  reader: Pick<ServerReader, 'read'>;
  events: Pick<EventsService, 'startRecipe'>;
  applications: ApplicationInstaller;
}

const INVENTORY_LIMIT = 64 * 1024;
/** The php.ini (512 KiB at most, checked on the server) and its header line. */
const PHP_INI_LIMIT = 512 * 1024 + 4096;

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

/**
 * OpenLiteSpeed on a server (issue 16 point 7; spec/000 §7): the index and a php.ini are read
 * while the request waits; the install (Applications' `application-install` of `openlitespeed`),
 * the WebAdmin password, a php.ini save and a graceful restart are events.
 */
export function createOpenlitespeedService(dependencies: OpenlitespeedServiceDependencies) {
  const { policy, reader, events } = dependencies;

  async function start(
    caller: Caller,
    serverId: number,
    recipe: typeof openlitespeedAdminPassword | typeof openlitespeedPhpIniWrite | typeof openlitespeedRestart,
    input: Record<string, unknown>,
    type: string,
    description: Parameters<EventsService['startRecipe']>[0]['description'],
  ) {
    await policy.authorizeServer(caller, serverId, 'manage');
    const event = await events.startRecipe({
      userId: caller.id,
      serverId,
      recipeId: recipe.id,
      input,
      type: `${OLS_EVENT_PREFIX}${type}`,
      description,
    });
    return { data: { id: event.id } };
  }

  return {
    /** GET openlitespeed: the installation, and `infos.ols_php` (its lsphp versions). */
    async index(caller: Caller, serverId: number): Promise<{ data: OlsIndex; infos: { ols_php: string[] } }> {
      const inventory = await reader.read(
        caller,
        serverId,
        openlitespeedInventory,
        {},
        parseOpenlitespeedInventory,
        INVENTORY_LIMIT,
      );
      return {
        data: {
          installed: inventory.installed,
          version: inventory.version,
          status: inventory.status,
          os: inventory.os,
          needs_ubuntu: inventory.os.startsWith('debian-'),
          php: inventory.php.map((php) => ({ version: php.version, ini_path: php.iniPath })),
          admin_users: inventory.adminUsers,
        },
        infos: { ols_php: inventory.php.map((php) => php.version) },
      };
    },

    /** GET openlitespeed/php-ini?version=X.Y */
    async phpIni(caller: Caller, serverId: number, version: string) {
      const ini = await reader.read(
        caller,
        serverId,
        openlitespeedPhpIniRead,
        { version },
        parseOlsPhpIni,
        PHP_INI_LIMIT,
      );
      return { data: { version, path: ini.path, content: ini.content } };
    },

    /** POST openlitespeed/install: Applications' own install of `openlitespeed`, nothing else. */
    install(caller: Caller, serverId: number) {
      return dependencies.applications.startAction('install', caller, {
        serverId,
        params: {},
        body: { name: 'openlitespeed' },
      });
    },

    /** PUT openlitespeed/admin-password {username, password}: the password only on stdin. */
    adminPassword(caller: Caller, serverId: number, body: z.output<typeof olsAdminPasswordRequestSchema>) {
      return start(
        caller,
        serverId,
        openlitespeedAdminPassword,
        { username: body.username, password_hex: hex(body.password) },
        'admin_password',
        { id: 'changeOlsAdminPassword', values: { user: body.username } },
      );
    },

    /** POST openlitespeed/php-ini {version, content}: checked by lsphp, restarted gracefully. */
    savePhpIni(caller: Caller, serverId: number, body: z.output<typeof olsPhpIniRequestSchema>) {
      return start(
        caller,
        serverId,
        openlitespeedPhpIniWrite,
        { version: body.version, content_hex: hex(body.content) },
        'php_ini',
        { id: 'saveOlsPhpIni', values: { version: body.version } },
      );
    },

    /** POST openlitespeed/restart: `lswsctrl restart`, graceful in OpenLiteSpeed. */
    restart(caller: Caller, serverId: number) {
      return start(caller, serverId, openlitespeedRestart, {}, 'restart', { id: 'restartOls' });
    },
  };
}
export type OpenlitespeedService = ReturnType<typeof createOpenlitespeedService>;
