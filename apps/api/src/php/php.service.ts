import { PHP_VERSIONS } from '@hostdeck/contracts';
import type { z } from 'zod';
import {
  PHP_EVENT_PREFIX,
  PHP_MESSAGES,
  phpSettingsOf,
  type PhpEventDescriptionId,
  type PhpSapi,
  type PhpVersionItem,
  type phpSection,
} from '@hostdeck/contracts/php';
import { parsePhpInventory, phpInventory, type PhpInventory } from '@hostdeck/recipes/php';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { InventoryReader } from '../server-sections/inventory-reader.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import { PHP_TASK, type PhpTaskInput } from './php-tasks.js';
import type { PhpRepository } from './php.repository.js';

type Actions = (typeof phpSection)['actions'];
export type PhpActionName = keyof Actions;
/** An action's path parameters (besides `server`) and body, as the routes parsed them. */
export interface PhpActionRequest {
  version?: string;
  body?: Record<string, unknown>;
}

export interface PhpServiceDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  servers: Pick<ServersRepository, 'findRow'>;
  inventory: Pick<InventoryReader, 'read'>;
  readIni(serverId: number, version: string, sapi: PhpSapi): Promise<string | null>;
  events: Pick<EventsService, 'startTask'>;
  repository: PhpRepository;
}

/** The event of each action: its type (after `php_`), its description, and the task's input. */
function plan(
  name: PhpActionName,
  version: string,
  body: Record<string, unknown>,
): {
  type: string;
  description: PhpEventDescriptionId;
  values: Record<string, string | number>;
  input: PhpTaskInput;
} {
  const v = version as (typeof PHP_VERSIONS)[number];
  switch (name) {
    case 'install':
      return {
        type: 'install',
        description: 'installPhp',
        values: {},
        input: { action: 'install', version: v },
      };
    case 'remove':
      return {
        type: 'remove',
        description: 'removePhp',
        values: {},
        input: { action: 'remove', version: v },
      };
    case 'setDefault':
      return {
        type: 'default',
        description: 'setDefaultPhp',
        values: {},
        input: { action: 'default', version: v },
      };
    case 'setCli':
      return { type: 'cli', description: 'setCliPhp', values: {}, input: { action: 'cli', version: v } };
    case 'enableOpcache':
    case 'disableOpcache': {
      const enabled = name === 'enableOpcache';
      return {
        type: 'opcache',
        description: name,
        values: {},
        input: { action: 'opcache', version: v, enabled },
      };
    }
    case 'resetOpcache':
      return {
        type: 'opcache_reset',
        description: 'resetOpcache',
        values: {},
        input: { action: 'opcache-reset', version: v },
      };
    case 'setUploadSize': {
      const size = Number(body.size_mb);
      return {
        type: 'upload_size',
        description: 'setPhpUploadSize',
        values: { size },
        input: { action: 'upload-size', version: v, size_mb: size },
      };
    }
    case 'setExecutionTime': {
      const seconds = Number(body.seconds);
      return {
        type: 'execution_time',
        description: 'setPhpExecutionTime',
        values: { seconds },
        input: { action: 'execution-time', version: v, seconds },
      };
    }
    case 'writeIni': {
      const sapi = body.sapi as PhpSapi;
      return {
        type: 'ini',
        description: 'writePhpIni',
        values: { sapi: sapi === 'fpm' ? 'FPM' : 'CLI' },
        input: { action: 'ini', version: v, sapi, content: String(body.content) },
      };
    }
    case 'enableIoncube':
    case 'disableIoncube': {
      const enabled = name === 'enableIoncube';
      return {
        type: 'ioncube',
        description: name,
        values: {},
        input: { action: 'ioncube', version: v, enabled },
      };
    }
  }
}

/**
 * A server's PHP (issue 16 §1): the list read live from the server (php-inventory) joined with the
 * panel's data, and every change a `php_*` event running the `php-change` task (php-tasks.ts).
 * Listing needs `view`, changing `manage`, reading a php.ini `manage` (it may hold secrets).
 */
export function createPhpService(dependencies: PhpServiceDependencies) {
  const { repository } = dependencies;

  async function reachable(serverId: number) {
    const server = await dependencies.servers.findRow(serverId);
    if (!server) throw new NotFoundError();
    if (!(server.sealedPrivateKey ?? server.sealedPassword))
      throw new ServerError(SERVER_MESSAGES.notConnected);
  }

  async function list(caller: Caller, serverId: number): Promise<{ data: PhpVersionItem[] }> {
    await dependencies.policy.authorizeServer(caller, serverId, 'view');
    await reachable(serverId);
    const inventory = await dependencies.inventory.read(serverId, phpInventory, {}, parsePhpInventory);
    return { data: await present(serverId, inventory) };
  }

  async function present(serverId: number, inventory: PhpInventory): Promise<PhpVersionItem[]> {
    const server = await repository.server(serverId);
    const sitesByVersion = await repository.sitesByVersion(serverId);
    const found = new Map(inventory.versions.map((entry) => [entry.version, entry]));
    const others = [...found.keys()]
      .filter((version) => !(PHP_VERSIONS as readonly string[]).includes(version))
      .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
    return [...PHP_VERSIONS, ...others].map((version) => {
      const entry = found.get(version);
      const settings = phpSettingsOf(server?.phpSettings, version);
      return {
        version,
        installed: entry !== undefined,
        fpm: entry?.fpm ?? 'inactive',
        is_default: server?.defaultPhp === version,
        is_cli: inventory.cli === version,
        upload_size_mb: settings.upload_size_mb,
        execution_time: settings.execution_time,
        opcache: settings.opcache,
        ioncube: entry?.ioncube ?? false,
        sites: sitesByVersion.get(version) ?? [],
      };
    });
  }

  /** Refusals the panel can name before anything runs (422). */
  async function refuse(name: PhpActionName, serverId: number, version: string) {
    if (name !== 'remove') return;
    const users = (await repository.sitesByVersion(serverId)).get(version) ?? [];
    if (users.length > 0) {
      throw new ValidationError(
        { version: [PHP_MESSAGES.versionInUse] },
        { version, sites: users.map((site) => site.name).join(', ') },
      );
    }
    const server = await repository.server(serverId);
    if (server?.defaultPhp === version) {
      throw new ValidationError({ version: [PHP_MESSAGES.versionIsDefault] }, { version });
    }
  }

  async function start(name: PhpActionName, caller: Caller, serverId: number, request: PhpActionRequest) {
    await dependencies.policy.authorizeServer(caller, serverId, 'manage');
    await reachable(serverId);
    const body = request.body ?? {};
    const version = request.version ?? String(body.version);
    await refuse(name, serverId, version);
    const event = plan(name, version, body);
    const started = await dependencies.events.startTask({
      userId: caller.id,
      serverId,
      task: PHP_TASK,
      input: event.input,
      type: `${PHP_EVENT_PREFIX}${event.type}`,
      description: { id: event.description, values: { version, ...event.values } },
    });
    return { data: { id: started.id } };
  }

  async function readIni(caller: Caller, serverId: number, version: string, sapi: PhpSapi) {
    await dependencies.policy.authorizeServer(caller, serverId, 'manage');
    await reachable(serverId);
    const content = await dependencies.readIni(serverId, version, sapi);
    if (content === null) throw new NotFoundError();
    return { data: { content } };
  }

  return { list, start, readIni };
}
export type PhpService = ReturnType<typeof createPhpService>;
export type PhpBody<Name extends PhpActionName> = Actions[Name] extends { body: z.ZodType }
  ? z.output<Actions[Name]['body']>
  : undefined;
