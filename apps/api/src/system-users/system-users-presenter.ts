import type { SiteUsage, SystemUser } from '@hostdeck/contracts/system-users';
import { isSpecialLinuxUser } from '@hostdeck/contracts';
import type { SystemUsersInventory } from '@hostdeck/recipes/system-users';
import type { PanelSite } from './system-users.repository.js';

/** The list's rows: the server's accounts, each with the panel's sites that run as it. */
export function presentSystemUsers(
  inventory: SystemUsersInventory,
  panelSites: readonly PanelSite[],
  defaultUser: string | null,
): SystemUser[] {
  return inventory.users.map((user) => {
    const used = panelSites
      .filter((site) => site.linuxUser === user.name)
      .map((site) => ({ id: site.id, name: site.name }));
    const isDefault = user.name === defaultUser;
    return {
      name: user.name,
      uid: user.uid,
      home: user.home,
      shell: user.shell,
      sudo: user.sudo,
      sudo_managed: user.sudoManaged,
      sftp_only: user.sftpOnly,
      disk_usage: user.diskUsage,
      is_default: isDefault,
      sites: used,
      deletable:
        !isDefault &&
        used.length === 0 &&
        user.uid >= 1000 &&
        !isSpecialLinuxUser(user.name) &&
        user.name !== 'hostdeck',
    };
  });
}

/**
 * Each site's disk usage: its folder /home/{linux_user}/{name} as measured in that user's home (an
 * alias shares its parent's folder). null when the user or the folder is not on the server.
 */
export function presentSitesUsage(
  inventory: SystemUsersInventory,
  panelSites: readonly PanelSite[],
): SiteUsage[] {
  const byId = new Map(panelSites.map((site) => [site.id, site]));
  const users = new Map(inventory.users.map((user) => [user.name, user]));
  return panelSites.map((site) => {
    const owner = (site.siteId !== null ? byId.get(site.siteId) : undefined) ?? site;
    const user = users.get(owner.linuxUser);
    const measured = user && user.home === `/home/${user.name}` ? user.folders.get(owner.name) : undefined;
    return { id: site.id, name: site.name, linux_user: site.linuxUser, disk_usage: measured ?? null };
  });
}
