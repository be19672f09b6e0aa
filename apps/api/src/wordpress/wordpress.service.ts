import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  WORDPRESS_EVENT_TYPES,
  WORDPRESS_MESSAGES,
  wordpressItemSchema,
  wordpressSearchItemSchema,
  wordpressUserSchema,
  type WordpressInfo,
  type WordpressInstallRequest,
  type WordpressItemType,
} from '@hostdeck/contracts/wordpress';
import type { WORDPRESS_ACTIONS } from '@hostdeck/recipes/wordpress';
import { parseWordpressOutput, wordpressCoreUpdate, wordpressRun } from '@hostdeck/recipes/wordpress';
import type { DatabasesRepository } from '../databases/databases.repository.js';
import { DATABASE_PASSWORD_PURPOSE, DATABASE_ROW_STATUS } from '../databases/database-events.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { ConflictError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { createInventoryReader } from '../server-sections/inventory-reader.js';
import type { SiteAccess, SiteRow, SiteServerRow } from '../sites/site-access.js';
import { requireSettled } from '../sites/site-dependencies.js';
import {
  WORDPRESS_INSTALL_TASK,
  WORDPRESS_REVOKE_TASK,
  type WordpressInstallTaskInput,
} from './wordpress-tasks.js';
import type { WordpressRepository } from './wordpress.repository.js';

/** How long a sign-in link lives, in seconds. */
export const WORDPRESS_LOGIN_TTL_SECONDS = 30;

export interface WordpressSettings {
  downloadUrl: string;
  sha256: string | null;
  apiUrl: string;
}

export interface WordpressServiceDependencies {
  access: Pick<SiteAccess, 'authorize'>;
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  events: Pick<EventsService, 'startRecipe' | 'startTask'>;
  reader: ReturnType<typeof createInventoryReader>;
  repository: WordpressRepository;
  databases: Pick<DatabasesRepository, 'findByName' | 'findUserByName' | 'insertDatabase' | 'insertUser'>;
  secretBox: SecretBox;
  settings: WordpressSettings;
}

/** The site fields every WordPress recipe takes. */
export function wordpressSiteInput(site: SiteRow, settings: WordpressSettings) {
  return {
    site: site.name,
    linux_user: site.linuxUser,
    php_version: site.phpVersion ?? '',
    url: `${site.certificateId === null ? 'http' : 'https'}://${site.name}`,
    directory_api: settings.apiUrl,
  };
}

/** Letters and digits only: the password is written into wp-config.php as it is. */
const alnumPassword = () =>
  Array.from(
    randomBytes(32),
    (byte) => 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'[byte % 57],
  ).join('');

const infoSchema = z.object({
  version: z.string(),
  url: z.string(),
  title: z.string(),
  admins: z.array(z.string()),
});

/**
 * WordPress on a site (issue 21 point 3, docs/wordpress.md). `manage` of the site is needed for
 * everything (another user's site answers 404 first). Reads (info, lists, search, a sign-in link)
 * run the panel's tool while the user waits; every change is an event on the site's server.
 */
export function createWordpressService(dependencies: WordpressServiceDependencies) {
  const { access, events, reader, repository, settings } = dependencies;

  async function wordpressSite(caller: Caller, siteId: number) {
    const found = await access.authorize(caller, siteId, 'manage');
    requireSettled(found.site);
    if (found.site.codeType !== 'wordpress') throw new ConflictError(WORDPRESS_MESSAGES.notInstalled);
    if (!found.site.phpVersion) throw new ConflictError(WORDPRESS_MESSAGES.noPhp);
    return found;
  }

  const run = (
    found: { site: SiteRow; server: SiteServerRow },
    input: {
      action: (typeof WORDPRESS_ACTIONS)[number];
      type?: WordpressItemType;
      slug?: string;
      query?: string;
      user?: string;
      email?: string;
      role?: string;
      ttl?: number;
    },
  ): Promise<Record<string, unknown>> =>
    reader.read(
      found.server.id,
      wordpressRun,
      { ...wordpressSiteInput(found.site, settings), ...input },
      parseWordpressOutput,
    );

  async function startItemEvent(
    caller: Caller,
    found: { site: SiteRow; server: SiteServerRow },
    action: 'install-item' | 'update' | 'delete' | 'toggle' | 'auto-update',
    description: string,
    fields: { type: WordpressItemType; slug: string; on?: boolean },
  ) {
    const event = await events.startRecipe({
      userId: caller.id,
      serverId: found.server.id,
      recipeId: wordpressRun.id,
      // `*` (every item) is the API's word; the recipe takes it as `all`, its slug a real one only.
      input: {
        ...wordpressSiteInput(found.site, settings),
        action,
        ...(fields.slug === '*' ? { type: fields.type, on: fields.on, all: true } : fields),
      },
      type: WORDPRESS_EVENT_TYPES.item,
      description: {
        id: description as never,
        values: { site: found.site.name, slug: fields.slug === '*' ? 'all' : fields.slug, type: fields.type },
      },
      siteId: found.site.id,
    });
    return { data: { id: event.id } };
  }

  return {
    /** POST api/sites/{site}/code/wordpress */
    async install(caller: Caller, siteId: number, request: WordpressInstallRequest) {
      const { site, server } = await access.authorize(caller, siteId, 'manage');
      requireSettled(site);
      if (site.siteId !== null) throw new ConflictError(WORDPRESS_MESSAGES.alias);
      if (site.proxyPort !== null || !site.phpVersion) {
        throw new ConflictError(WORDPRESS_MESSAGES.noPhp);
      }
      if (site.codeType) throw new ConflictError(WORDPRESS_MESSAGES.installed, { codeType: site.codeType });
      const provision = server.provision as { database?: string };
      const engine = provision.database === 'mysql' ? 'mysql' : 'mariadb';
      if (provision.database && provision.database !== 'mysql' && provision.database !== 'mariadb') {
        throw new ConflictError(WORDPRESS_MESSAGES.noMysql);
      }
      // A database and user of the site, named after it, recorded as the databases area records them.
      const suffix = randomBytes(3).toString('hex');
      const name = `wp_${site.id}_${suffix}`;
      const password = alnumPassword();
      const database = await dependencies.databases.insertDatabase({
        serverId: server.id,
        type: engine,
        name,
        siteId: site.id,
        status: DATABASE_ROW_STATUS.creating,
        managed: true,
      });
      const user = await dependencies.databases.insertUser({
        serverId: server.id,
        type: engine,
        name,
        host: 'localhost',
        status: DATABASE_ROW_STATUS.creating,
        managed: true,
        sealedPassword: dependencies.secretBox.seal(password, DATABASE_PASSWORD_PURPOSE),
      });
      if (!database || !user) throw new ConflictError(WORDPRESS_MESSAGES.busy);
      // The code type at once: a second install is refused while this one runs (and cleared if it fails).
      await repository.setCodeType(site.id, 'wordpress');
      const input: WordpressInstallTaskInput = {
        site_id: site.id,
        database_id: database.id,
        database_user_id: user.id,
        engine,
        name,
        password,
        title: request.title ?? site.name,
        admin_user: request.admin_user,
        admin_email: request.admin_email,
      };
      try {
        const event = await events.startTask({
          userId: caller.id,
          serverId: server.id,
          task: WORDPRESS_INSTALL_TASK,
          input,
          type: WORDPRESS_EVENT_TYPES.install,
          description: { id: 'installWordpress' as never, values: { site: site.name } },
          siteId: site.id,
        });
        return { data: { id: event.id } };
      } catch (error) {
        await repository.setCodeType(site.id, null);
        throw error;
      }
    },

    /** GET api/sites/{site}/wordpress: version, URL, title, administrators. */
    async index(caller: Caller, siteId: number): Promise<WordpressInfo> {
      const found = await access.authorize(caller, siteId, 'manage');
      if (found.site.codeType !== 'wordpress' || !found.site.phpVersion) {
        return { installed: false, version: null, url: null, title: null, admins: [] };
      }
      const info = infoSchema.parse(await run(found, { action: 'info' }));
      return { installed: true, ...info };
    },

    async items(caller: Caller, siteId: number, type: WordpressItemType) {
      const found = await wordpressSite(caller, siteId);
      const output = await run(found, { action: 'list', type });
      return z.array(wordpressItemSchema).parse(output.items);
    },

    async search(caller: Caller, siteId: number, type: WordpressItemType, query: string) {
      const found = await wordpressSite(caller, siteId);
      const output = await run(found, { action: 'search', type, query });
      return z.array(wordpressSearchItemSchema).parse(output.items);
    },

    async installItem(caller: Caller, siteId: number, type: WordpressItemType, slug: string) {
      const found = await wordpressSite(caller, siteId);
      return startItemEvent(caller, found, 'install-item', 'installWordpressItem', { type, slug });
    },

    async update(caller: Caller, siteId: number, type: WordpressItemType, slug: string) {
      const found = await wordpressSite(caller, siteId);
      return startItemEvent(caller, found, 'update', 'updateWordpressItem', { type, slug });
    },

    async remove(caller: Caller, siteId: number, type: WordpressItemType, slug: string) {
      const found = await wordpressSite(caller, siteId);
      return startItemEvent(caller, found, 'delete', 'deleteWordpressItem', { type, slug });
    },

    async toggle(caller: Caller, siteId: number, type: WordpressItemType, slug: string, active: boolean) {
      const found = await wordpressSite(caller, siteId);
      return startItemEvent(
        caller,
        found,
        'toggle',
        active ? 'activateWordpressItem' : 'deactivateWordpressItem',
        { type, slug, on: active },
      );
    },

    async autoUpdate(
      caller: Caller,
      siteId: number,
      type: WordpressItemType,
      slug: string,
      enabled: boolean,
    ) {
      const found = await wordpressSite(caller, siteId);
      return startItemEvent(
        caller,
        found,
        'auto-update',
        enabled ? 'autoUpdateWordpressOn' : 'autoUpdateWordpressOff',
        { type, slug, on: enabled },
      );
    },

    /**
     * POST api/sites/{site}/wordpress/core/update: to what the download setting serves (its SHA-256
     * checked when set), with a snapshot of the core files and the database, rolled back on failure.
     */
    async updateCore(caller: Caller, siteId: number) {
      const found = await wordpressSite(caller, siteId);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId: found.server.id,
        recipeId: wordpressCoreUpdate.id,
        input: {
          ...wordpressSiteInput(found.site, settings),
          download_url: settings.downloadUrl,
          ...(settings.sha256 ? { sha256: settings.sha256 } : {}),
        },
        type: WORDPRESS_EVENT_TYPES.core,
        description: { id: 'updateWordpressCore' as never, values: { site: found.site.name } },
        siteId: found.site.id,
      });
      return { data: { id: event.id } };
    },

    /** POST …/wordpress/optimization, …/wprocket, …/search-replace: events on the site's server. */
    async maintenance(
      caller: Caller,
      siteId: number,
      request:
        | { action: 'optimize' }
        | { action: 'wprocket'; enabled: boolean }
        | { action: 'search-replace'; from: string; to: string },
    ) {
      const found = await wordpressSite(caller, siteId);
      const site = found.site.name;
      const [input, description] =
        request.action === 'optimize'
          ? [{ action: 'optimize' }, { id: 'optimizeWordpress', values: { site } }]
          : request.action === 'wprocket'
            ? [
                { action: 'wprocket', on: request.enabled },
                { id: request.enabled ? 'wprocketOn' : 'wprocketOff', values: { site } },
              ]
            : [
                { action: 'search-replace', from: request.from, to: request.to },
                { id: 'searchReplaceWordpress', values: { site, from: request.from, to: request.to } },
              ];
      const event = await events.startRecipe({
        userId: caller.id,
        serverId: found.server.id,
        recipeId: wordpressRun.id,
        input: { ...wordpressSiteInput(found.site, settings), ...input },
        type: WORDPRESS_EVENT_TYPES.maintenance,
        description: description as never,
        siteId: found.site.id,
      });
      return { data: { id: event.id } };
    },

    /** GET api/sites/{site}/wordpress/users */
    async users(caller: Caller, siteId: number) {
      const found = await wordpressSite(caller, siteId);
      return z.array(wordpressUserSchema).parse((await run(found, { action: 'users' })).users);
    },

    /** POST api/sites/{site}/wordpress/users: a random password nobody keeps (reset link next). */
    async createUser(caller: Caller, siteId: number, body: { login: string; email: string; role: string }) {
      const found = await wordpressSite(caller, siteId);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId: found.server.id,
        recipeId: wordpressRun.id,
        input: {
          ...wordpressSiteInput(found.site, settings),
          action: 'user-create',
          user: body.login,
          email: body.email,
          role: body.role,
        },
        type: WORDPRESS_EVENT_TYPES.user,
        description: {
          id: 'createWordpressUser' as never,
          values: { site: found.site.name, login: body.login, role: body.role },
        },
        siteId: found.site.id,
      });
      return { data: { id: event.id } };
    },

    async setUserRole(caller: Caller, siteId: number, body: { login: string; role: string }) {
      const found = await wordpressSite(caller, siteId);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId: found.server.id,
        recipeId: wordpressRun.id,
        input: {
          ...wordpressSiteInput(found.site, settings),
          action: 'user-role',
          user: body.login,
          role: body.role,
        },
        type: WORDPRESS_EVENT_TYPES.user,
        description: {
          id: 'setWordpressUserRole' as never,
          values: { site: found.site.name, login: body.login, role: body.role },
        },
        siteId: found.site.id,
      });
      return { data: { id: event.id } };
    },

    /** POST api/sites/{site}/wordpress/users/reset: WordPress's own reset link, answered once. */
    async resetUserPassword(caller: Caller, siteId: number, login: string) {
      const found = await wordpressSite(caller, siteId);
      const output = await run(found, { action: 'user-reset', user: login });
      return { url: z.string().parse(output.url) };
    },

    /**
     * POST api/sites/{site}/wordpress/login: the server mints a random token, keeps only its hash
     * and expiry (WordPress option), and the browser gets the link. The panel keeps nothing.
     */
    async login(caller: Caller, siteId: number, user?: string) {
      const found = await wordpressSite(caller, siteId);
      const output = await run(found, {
        action: 'login-token',
        ttl: WORDPRESS_LOGIN_TTL_SECONDS,
        ...(user === undefined ? {} : { user }),
      });
      return { url: z.string().parse(output.url), expires_in: WORDPRESS_LOGIN_TTL_SECONDS };
    },

    /** DELETE api/servers/{server}/wordpress/auto-login: every outstanding link of its sites. */
    async revokeLogins(caller: Caller, serverId: number) {
      await dependencies.policy.authorizeServer(caller, serverId, 'manage');
      const event = await events.startTask({
        userId: caller.id,
        serverId,
        task: WORDPRESS_REVOKE_TASK,
        input: { server_id: serverId },
        type: WORDPRESS_EVENT_TYPES.revoke,
        description: { id: 'revokeWordpressLogins' as never, values: { server: String(serverId) } },
      });
      return { data: { id: event.id } };
    },
  };
}
export type WordpressService = ReturnType<typeof createWordpressService>;
