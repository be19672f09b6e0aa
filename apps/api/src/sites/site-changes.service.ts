import { NotFoundError } from '../domain/errors.js';
import type { Caller } from '../policy/server-policy.js';
import { fieldError, ServerError } from '../servers/server-errors.js';
import { phpVersionsOf, type SiteCreateService } from './site-create.service.js';
import {
  announceSites,
  requireSettled,
  startedEvent,
  type SiteServiceDependencies,
} from './site-dependencies.js';
import { describeSiteEvent, SITE_EVENTS, SITE_STATUS } from './site-events.js';
import { SITE_MESSAGES } from './site-messages.js';
import type { DeleteTaskInput, SiteTaskChanges, UpdateTaskInput } from './site-tasks.js';
import type { SiteRow } from './sites.repository.js';

/**
 * Changes of a site that live on its server (spec/000 §7 Sites: toggle, php_version, proxy_port,
 * directory, owner, alias, lockdown, bindings, chmod, chown, delete). Each is an event; a change of
 * the vhost runs `site-apply` as `site_update` and reaches the site's row only once the server
 * took it (site-tasks.ts): a refused config never shows as the site's state.
 */
export function createSiteChangesService(
  dependencies: SiteServiceDependencies & { creation: Pick<SiteCreateService, 'createAlias'> },
) {
  const { access, repository, events } = dependencies;

  /** A parent site the caller may manage, not busy being created or deleted. */
  async function manageable(caller: Caller, siteId: number) {
    const authorized = await access.authorize(caller, siteId, 'manage');
    requireSettled(authorized.site);
    return authorized;
  }

  /** The vhost of an alias is its parent's: changes go to the parent. */
  async function refuseAlias(site: SiteRow) {
    if (site.siteId === null) return;
    const parent = await repository.findById(site.siteId);
    throw new ServerError(SITE_MESSAGES.aliasReadOnly, { parent: parent?.name ?? '' });
  }

  async function startUpdate(caller: Caller, site: SiteRow, input: Omit<UpdateTaskInput, 'site_id'>) {
    const event = await events.startTask({
      userId: caller.id,
      serverId: site.serverId,
      siteId: site.id,
      task: SITE_EVENTS.update.task,
      input: { site_id: site.id, ...input } satisfies UpdateTaskInput,
      type: SITE_EVENTS.update.type,
      description: describeSiteEvent(SITE_EVENTS.update.description, site.name),
    });
    return startedEvent(event);
  }

  async function update(caller: Caller, siteId: number, changes: SiteTaskChanges) {
    const { site } = await manageable(caller, siteId);
    await refuseAlias(site);
    return startUpdate(caller, site, { changes });
  }

  return {
    /** Sets `enabled` when given, otherwise flips it (a disabled site's vhost is unlinked). */
    async toggle(caller: Caller, siteId: number, wanted: boolean | undefined) {
      const { site } = await manageable(caller, siteId);
      await refuseAlias(site);
      return startUpdate(caller, site, { changes: { enabled: wanted ?? !site.enabled } });
    },

    async phpVersion(caller: Caller, siteId: number, version: string | null) {
      const { site, server } = await manageable(caller, siteId);
      await refuseAlias(site);
      if (version !== null && !phpVersionsOf(server).includes(version)) {
        throw fieldError('php_version', SITE_MESSAGES.phpNotInstalled, { version });
      }
      return startUpdate(caller, site, { changes: { php_version: version } });
    },

    proxyPort: (caller: Caller, siteId: number, port: number | null) =>
      update(caller, siteId, { proxy_port: port }),

    directory: (caller: Caller, siteId: number, directory: string) => update(caller, siteId, { directory }),

    lockdown: (caller: Caller, siteId: number, enabled: boolean) =>
      update(caller, siteId, { lockdown: enabled }),

    bindings: (caller: Caller, siteId: number, ips: string[]) =>
      update(caller, siteId, { bindings: [...new Set(ips)] }),

    /**
     * A new owner: the site's home moves to /home/{linux_user}/{site}. The server's default user
     * makes the site shared (not isolated); any other user isolates it.
     */
    async owner(caller: Caller, siteId: number, linuxUser: string, password: string | undefined) {
      const { site, server } = await manageable(caller, siteId);
      await refuseAlias(site);
      if (linuxUser === site.linuxUser) return startUpdate(caller, site, { changes: {} });
      return startUpdate(caller, site, {
        changes: { linux_user: linuxUser, isolated: linuxUser !== server.defaultLinuxUser },
        previous_linux_user: site.linuxUser,
        ...(password === undefined ? {} : { password }),
      });
    },

    async alias(caller: Caller, siteId: number, name: string) {
      const { site } = await manageable(caller, siteId);
      const created = await dependencies.creation.createAlias(caller, site, name);
      return { data: { id: created.event_id } };
    },

    /** chown -R to the site's user, or directories 755 and files 644 (site-permissions recipe). */
    async permissions(caller: Caller, siteId: number, action: 'chmod' | 'chown') {
      const { site } = await manageable(caller, siteId);
      await refuseAlias(site);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId: site.serverId,
        siteId: site.id,
        recipeId: SITE_EVENTS.permissions.recipeId,
        input: { site: site.name, linux_user: site.linuxUser, action },
        type: SITE_EVENTS.permissions.type,
        description: describeSiteEvent(SITE_EVENTS.permissions.description, site.name),
      });
      return startedEvent(event);
    },

    /**
     * DELETE api/sites/{site}. A protected site is refused. An alias: its parent is applied again
     * without it, then its row goes. A parent: vhost, pool, home (and its isolated user when no
     * other site uses it) are removed, its database only when asked; its rows go once the server
     * is clean (site-tasks.ts).
     */
    async delete(caller: Caller, siteId: number, deleteDatabase: boolean) {
      const { site } = await access.authorize(caller, siteId, 'delete');
      if (site.protected) throw new ServerError(SITE_MESSAGES.protected);
      if (site.status === SITE_STATUS.deleting) throw new ServerError(SITE_MESSAGES.busy);
      if (await repository.isBalancer(site.id)) throw new ServerError(SITE_MESSAGES.balancing);
      if (site.siteId !== null) {
        const parent = await repository.findById(site.siteId);
        if (!parent) throw new NotFoundError();
        requireSettled(parent);
        await repository.update(site.id, { status: SITE_STATUS.deleting });
        try {
          return await startUpdate(caller, parent, { changes: {}, removed_alias_id: site.id });
        } catch (error) {
          await repository.update(site.id, { status: site.status });
          throw error;
        }
      }
      await repository.setStatusWithAliases(site.id, SITE_STATUS.deleting);
      try {
        const input: DeleteTaskInput = { site_id: site.id, delete_database: deleteDatabase };
        const event = await events.startTask({
          userId: caller.id,
          serverId: site.serverId,
          siteId: site.id,
          task: SITE_EVENTS.delete.task,
          input,
          type: SITE_EVENTS.delete.type,
          description: describeSiteEvent(SITE_EVENTS.delete.description, site.name),
        });
        await announceSites(dependencies, site.serverId);
        return startedEvent(event);
      } catch (error) {
        await repository.setStatusWithAliases(site.id, site.status);
        throw error;
      }
    },
  };
}
export type SiteChangesService = ReturnType<typeof createSiteChangesService>;
