import { promises as dns } from 'node:dns';
import { defineArea } from '../area.js';
import { createFreeDomains } from '../free-domains/free-domains.wiring.js';
import { createSiteChangesService } from './site-changes.service.js';
import { registerSiteCloneTask } from './site-clone-task.js';
import { createSiteCreateService } from './site-create.service.js';
import { announceSites, type SiteServiceDependencies } from './site-dependencies.js';
import { SITE_UPDATE_KEYS } from './site-events.js';
import { registerSiteTasks } from './site-tasks.js';
import { sitesVi } from './sites.vi.js';
import { sitesRoutes } from './sites.routes.js';
import { createSitesRepository } from './sites.repository.js';
import { createSitesService } from './sites.service.js';

/** A–AAAA lookup through the system resolver (getaddrinfo: /etc/hosts, then DNS). */
async function systemResolve(name: string): Promise<string[]> {
  const found = await dns.lookup(name, { all: true, verbatim: true });
  return [...new Set(found.map((entry) => entry.address))];
}

/** Sites (spec/000 §7 api/sites…): create, change, clone and delete, each change an event. */
export const sitesArea = defineArea({
  name: 'sites',
  services: (panel) => {
    const dependencies: SiteServiceDependencies = {
      db: panel.db,
      repository: createSitesRepository(panel.db),
      servers: panel.servers,
      access: panel.siteAccess,
      policy: panel.policy,
      events: panel.events,
      secretBox: panel.secretBox,
      resolveAddresses: systemResolve,
      publish: panel.publish,
      freeDomains: createFreeDomains(panel),
      warn: (message, details) => panel.appLog.warn({ ...details }, message),
    };
    const creation = createSiteCreateService(dependencies);
    return {
      siteDependencies: dependencies,
      sites: createSitesService(dependencies),
      creation,
      changes: createSiteChangesService({ ...dependencies, creation }),
    };
  },
  routes: sitesRoutes,
  tasks: (hooks, { siteDependencies, db, secretBox, executor, connections }) => {
    const { repository } = siteDependencies;
    registerSiteTasks(hooks, {
      db,
      repository,
      secretBox,
      announce: (serverId) => announceSites(siteDependencies, serverId),
    });
    registerSiteCloneTask(hooks, { db, repository, executor, connections });
  },
  updateKeys: SITE_UPDATE_KEYS,
  messages: sitesVi,
});
