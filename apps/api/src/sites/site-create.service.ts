import {
  AGENT_PORT,
  databaseUserSchema,
  generatePassword,
  GRAMMAR_MESSAGES,
  isSpecialLinuxUser,
  SITE_MESSAGES as CONTRACT_MESSAGES,
  storedProvisionOptionsSchema,
  type CreateSiteValues,
  VALIDATION_MESSAGES,
} from '@hostdeck/contracts';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import {
  FREE_DOMAIN_MESSAGES,
  FreeDomainRecordError,
  type FreeDomainsService,
} from '../free-domains/free-domains.service.js';
import type { Caller } from '../policy/server-policy.js';
import { fieldError } from '../servers/server-errors.js';
import type { ServerRow } from '../servers/servers.repository.js';
import { announceSites, SITE_SECRET_PURPOSE, type SiteServiceDependencies } from './site-dependencies.js';
import { describeSiteEvent, SITE_EVENTS, SITE_STATUS } from './site-events.js';
import { SITE_MESSAGES } from './site-messages.js';
import type { CreateTaskInput, UpdateTaskInput } from './site-tasks.js';
import type { SiteRow, SitesRepository } from './sites.repository.js';

/** The web server a new site is served by: apache2 when the server was provisioned with it. */
export function webServerOf(server: Pick<ServerRow, 'provision'>): 'nginx' | 'apache2' {
  return storedProvisionOptionsSchema.safeParse(server.provision).data?.web_server === 'apache2'
    ? 'apache2'
    : 'nginx';
}

/** The database engine sites of this server get, or null when provisioning installed none. */
export function databaseTypeOf(
  server: Pick<ServerRow, 'provision'>,
): 'mysql' | 'mariadb' | 'postgresql' | null {
  const engine = storedProvisionOptionsSchema.safeParse(server.provision).data?.database;
  return engine === 'mysql' || engine === 'mariadb' || engine === 'postgresql' ? engine : null;
}

/** PHP versions the server has: the ones provisioned, and its default. */
export function phpVersionsOf(server: Pick<ServerRow, 'provision' | 'defaultPhp'>): string[] {
  const provisioned = storedProvisionOptionsSchema.safeParse(server.provision).data?.php_versions ?? [];
  return server.defaultPhp ? [...new Set([...provisioned, server.defaultPhp])] : provisioned;
}

/** A unique-index violation (the same domain inserted twice at once). */

/** A write refused by a unique index (PostgreSQL 23505): the driver puts the code on a cause. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23505') return true;
  }
  return false;
}

/**
 * Stores a new site of `server` with the server's defaults (its Linux user, default PHP, web
 * server), `creating`, for work that then applies it in its own event and settles it as a clone
 * does (issue 20: a deleted site restored from a backup into a new site). The name must be free on
 * the server and the server's user not a special one; a refusal is a field error on `field`.
 */
export async function insertSiteWithServerDefaults(
  repository: Pick<SitesRepository, 'takenNames' | 'insert'>,
  server: Pick<ServerRow, 'id' | 'defaultLinuxUser' | 'defaultPhp' | 'provision'>,
  values: { userId: number; name: string; field: string },
): Promise<SiteRow> {
  if (isSpecialLinuxUser(server.defaultLinuxUser))
    throw fieldError(values.field, GRAMMAR_MESSAGES.specialUser);
  if ((await repository.takenNames(server.id, [values.name])).length > 0) {
    throw fieldError(values.field, SITE_MESSAGES.nameTaken);
  }
  try {
    return await repository.insert({
      serverId: server.id,
      userId: values.userId,
      name: values.name,
      linuxUser: server.defaultLinuxUser,
      isolated: false,
      phpVersion: server.defaultPhp,
      webServer: webServerOf(server),
      status: SITE_STATUS.creating,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(values.field, SITE_MESSAGES.nameTaken);
    throw error;
  }
}

/**
 * Creating sites (spec/000 §5 site creation; §7 POST api/sites, alias, clone): every rule is
 * checked before anything is stored or started, so a refused request leaves nothing behind. The
 * site is stored `creating`, then ONE event (`site_create`, task site-tasks.ts) applies it on the
 * server and creates its database; the event's end makes it `active` or `failed`.
 */
export function createSiteCreateService(dependencies: SiteServiceDependencies) {
  const { repository, policy, events, secretBox } = dependencies;

  /** An installed server the caller may manage; an invisible one is a field error like a missing one. */
  async function targetServer(caller: Caller, serverId: number, field = 'server_id'): Promise<ServerRow> {
    // One read of the row, checked as it is (and remembered as managed: its event starts unchecked).
    let server: ServerRow;
    try {
      server = await policy.authorizeServerRow(
        caller,
        await dependencies.servers.findRow(serverId),
        'manage',
      );
    } catch (error) {
      if (error instanceof NotFoundError) throw fieldError(field, 'Invalid value');
      throw error;
    }
    if (!server.installed || !server.hostKeyFingerprint)
      throw fieldError(field, SITE_MESSAGES.serverNotInstalled);
    return server;
  }

  /** Field errors for domains already used on the server (the site's name or its aliases). */
  async function checkNamesFree(serverId: number, name: string, aliases: readonly string[]) {
    const errors: Record<string, string[]> = {};
    const taken = new Set(await repository.takenNames(serverId, [name, ...aliases]));
    if (taken.has(name)) errors.name = [SITE_MESSAGES.nameTaken];
    aliases.forEach((alias, index) => {
      if (taken.has(alias)) errors[`aliases.${index}`] = [SITE_MESSAGES.nameTaken];
      else if (alias === name || aliases.indexOf(alias) !== index)
        errors[`aliases.${index}`] = ['Invalid value'];
    });
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  }

  async function insertSite(values: Parameters<typeof repository.insert>[0]): Promise<SiteRow> {
    try {
      return await repository.insert(values);
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('name', SITE_MESSAGES.nameTaken);
      throw error;
    }
  }

  /** An alias site of `parent` (spec/000 §3 site_id), applied with the parent by a site_update event. */
  async function createAlias(caller: Caller, parent: SiteRow, name: string) {
    if (parent.siteId !== null) throw fieldError('site_id', SITE_MESSAGES.aliasOfAlias);
    await checkNamesFree(parent.serverId, name, []);
    const alias = await insertSite({
      serverId: parent.serverId,
      siteId: parent.id,
      userId: caller.id,
      name,
      linuxUser: parent.linuxUser,
      isolated: parent.isolated,
      directory: parent.directory,
      phpVersion: parent.phpVersion,
      webServer: parent.webServer,
      status: SITE_STATUS.creating,
    });
    const input: UpdateTaskInput = { site_id: parent.id, changes: {}, added_alias_id: alias.id };
    try {
      const event = await events.startTask({
        userId: caller.id,
        serverId: parent.serverId,
        siteId: parent.id,
        task: SITE_EVENTS.update.task,
        input,
        type: SITE_EVENTS.update.type,
        description: describeSiteEvent(SITE_EVENTS.update.description, parent.name),
      });
      await repository.update(alias.id, { createEventId: event.id });
      await announceSites(dependencies, parent.serverId);
      return { id: alias.id, event_id: event.id };
    } catch (error) {
      await repository.deleteWithAliases(alias.id, false);
      throw error;
    }
  }

  /** A fresh `{label}.{zone}` that no site of the server has. */
  async function pickFreeHostname(freeDomains: FreeDomainsService, serverId: number): Promise<string> {
    const hostname = await freeDomains.pickHostname(
      async (candidate) => (await repository.takenNames(serverId, [candidate])).length > 0,
    );
    if (!hostname)
      throw fieldError('use_free_domain', FREE_DOMAIN_MESSAGES.noName, { zone: freeDomains.zone ?? '' });
    return hostname;
  }

  /** The free domain's row and DNS record; the provider's refusal is the toggle's field error. */
  async function makeFreeDomain(freeDomains: FreeDomainsService, hostname: string, server: ServerRow) {
    try {
      return await freeDomains.create({
        hostname,
        serverId: server.id,
        address: server.ip,
        ipv6: server.ip.includes(':'),
      });
    } catch (error) {
      if (error instanceof FreeDomainRecordError)
        throw fieldError(
          'use_free_domain',
          error.messageId,
          Object.fromEntries(Object.entries(error.parameters).map(([key, value]) => [key, String(value)])),
        );
      if (isUniqueViolation(error))
        throw fieldError('use_free_domain', FREE_DOMAIN_MESSAGES.noName, {
          zone: freeDomains.zone ?? '',
        });
      throw error;
    }
  }

  return {
    createAlias,

    async create(caller: Caller, values: CreateSiteValues) {
      // Without the operator's zone and credential the toggle is hidden (app info); the API refuses.
      const freeDomains = values.use_free_domain ? dependencies.freeDomains : undefined;
      if (values.use_free_domain && !freeDomains?.zone)
        throw fieldError('use_free_domain', CONTRACT_MESSAGES.freeDomainUnavailable);
      const server = await targetServer(caller, values.server_id);

      // The schema makes `name` present unless use_free_domain, and refuses site_id with it.
      if (values.site_id !== undefined && values.name !== undefined) {
        const parent = await repository.findById(values.site_id);
        if (!parent || parent.serverId !== server.id)
          throw fieldError('site_id', CONTRACT_MESSAGES.aliasParentMismatch);
        return createAlias(caller, parent, values.name);
      }
      const name = freeDomains ? await pickFreeHostname(freeDomains, server.id) : values.name;
      if (name === undefined) throw fieldError('name', VALIDATION_MESSAGES.required);

      const errors: Record<string, string[]> = {};
      if (values.isolation && values.username === server.defaultLinuxUser) {
        errors.username = [GRAMMAR_MESSAGES.specialUser];
      }
      // A server connected before the special-user rule may still have root (or www-data…) as its
      // default user: a shared site would run its PHP as that account.
      if (!values.isolation && isSpecialLinuxUser(server.defaultLinuxUser)) {
        errors.server_id = [GRAMMAR_MESSAGES.specialUser];
      }
      if (values.php_version !== null && !phpVersionsOf(server).includes(values.php_version)) {
        errors.php_version = [SITE_MESSAGES.phpNotInstalled];
      }
      // Port 2022 marks the agent's own site (spec/000 §3): a user's site cannot claim it.
      if (values.proxy_port === AGENT_PORT) errors.proxy_port = ['Invalid value'];
      const databaseType = databaseTypeOf(server);
      let databaseUser: string | undefined;
      if (values.database_name !== undefined) {
        databaseUser = values.database_name.slice(0, 32);
        if (!databaseType) errors.database_name = [SITE_MESSAGES.noDatabaseServer];
        else if (!databaseUserSchema.safeParse(databaseUser).success) {
          errors.database_name = [SITE_MESSAGES.databaseUserInvalid];
        } else if (await repository.databaseExists(server.id, databaseType, values.database_name)) {
          errors.database_name = [SITE_MESSAGES.databaseTaken];
        }
      }
      if (Object.keys(errors).length > 0) {
        throw new ValidationError(errors, { version: values.php_version ?? '' });
      }
      await checkNamesFree(server.id, name, values.aliases);
      // The record is made last, once every rule passed: a refused request leaves no record.
      const freeDomain = freeDomains ? await makeFreeDomain(freeDomains, name, server) : null;

      const linuxUser = values.isolation ? values.username! : server.defaultLinuxUser;
      let site: SiteRow;
      try {
        site = await insertSite({
          serverId: server.id,
          userId: caller.id,
          name,
          linuxUser,
          isolated: values.isolation,
          directory: values.directory,
          phpVersion: values.php_version,
          proxyPort: values.proxy_port ?? null,
          wildcard: values.wildcards,
          webServer: webServerOf(server),
          status: SITE_STATUS.creating,
        });
      } catch (error) {
        if (freeDomain) await freeDomains!.release(freeDomain, dependencies.warn);
        throw error;
      }
      let databasePassword: string | undefined;
      try {
        for (const alias of values.aliases) {
          await insertSite({
            serverId: server.id,
            siteId: site.id,
            userId: caller.id,
            name: alias,
            linuxUser,
            isolated: values.isolation,
            directory: values.directory,
            phpVersion: values.php_version,
            webServer: site.webServer,
            status: SITE_STATUS.creating,
          });
        }
        if (values.database_name !== undefined && databaseType && databaseUser) {
          databasePassword = generatePassword();
          await repository.insertDatabase({
            serverId: server.id,
            siteId: site.id,
            type: databaseType,
            name: values.database_name,
            username: databaseUser,
            sealedPassword: secretBox.seal(databasePassword, SITE_SECRET_PURPOSE.databasePassword),
          });
        }
        const input: CreateTaskInput = {
          site_id: site.id,
          password: values.isolation ? values.password! : '',
        };
        const event = await events.startTask({
          userId: caller.id,
          serverId: server.id,
          server,
          siteId: site.id,
          task: SITE_EVENTS.create.task,
          input,
          type: SITE_EVENTS.create.type,
          description: describeSiteEvent(SITE_EVENTS.create.description, site.name),
        });
        await repository.update(site.id, { createEventId: event.id });
        if (freeDomain) await freeDomains!.attachSite(freeDomain.id, site.id);
        await announceSites(dependencies, server.id, event.audience);
        return {
          id: site.id,
          event_id: event.id,
          ...(databasePassword ? { database_password: databasePassword } : {}),
        };
      } catch (error) {
        // Nothing was started: the request leaves no row (and no free domain's record) behind.
        await repository.deleteWithAliases(site.id, true);
        if (freeDomain) await freeDomains!.release(freeDomain, dependencies.warn);
        throw error;
      }
    },

    /**
     * The same site on another installed server the caller may manage, its files copied from
     * this one (site_clone event, site-clone-task.ts). Its database is not copied.
     */
    async clone(caller: Caller, source: SiteRow, targetServerId: number) {
      if (source.siteId !== null) throw fieldError('server_id', SITE_MESSAGES.aliasOfAlias);
      if (targetServerId === source.serverId) throw fieldError('server_id', SITE_MESSAGES.sameServer);
      const server = await targetServer(caller, targetServerId);
      if ((await repository.takenNames(server.id, [source.name])).length > 0) {
        throw fieldError('server_id', SITE_MESSAGES.cloneTaken);
      }
      const isolated = source.isolated && source.linuxUser !== server.defaultLinuxUser;
      if (!isolated && isSpecialLinuxUser(server.defaultLinuxUser)) {
        throw fieldError('server_id', GRAMMAR_MESSAGES.specialUser);
      }
      const phpVersion =
        source.phpVersion && phpVersionsOf(server).includes(source.phpVersion)
          ? source.phpVersion
          : server.defaultPhp;
      const site = await insertSite({
        serverId: server.id,
        userId: caller.id,
        name: source.name,
        displayName: source.displayName,
        linuxUser: isolated ? source.linuxUser : server.defaultLinuxUser,
        isolated,
        directory: source.directory,
        phpVersion: source.phpVersion === null ? null : phpVersion,
        proxyPort: source.proxyPort,
        wildcard: source.wildcard,
        webServer: webServerOf(server),
        status: SITE_STATUS.creating,
      });
      try {
        const event = await events.startTask({
          userId: caller.id,
          serverId: server.id,
          siteId: site.id,
          task: SITE_EVENTS.clone.task,
          input: { site_id: site.id, source_site_id: source.id },
          type: SITE_EVENTS.clone.type,
          description: describeSiteEvent(SITE_EVENTS.clone.description, site.name),
        });
        await repository.update(site.id, { createEventId: event.id });
        await announceSites(dependencies, server.id);
        return { id: site.id, event_id: event.id };
      } catch (error) {
        await repository.deleteWithAliases(site.id, false);
        throw error;
      }
    },
  };
}
export type SiteCreateService = ReturnType<typeof createSiteCreateService>;
