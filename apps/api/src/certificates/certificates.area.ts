import { defineArea } from '../area.js';
import { aliasNamesOf } from '../sites/site-state.js';
import { createAcmeAccounts } from './acme-account.js';
import { CERTIFICATE_UPDATE_KEYS } from './certificate-events.js';
import { createAddressLookup, createNameCheck, defaultNameCheckMode } from './certificate-name-check.js';
import { registerCertificateFinishedHandler, startRenewalSchedule } from './certificate-renewal.js';
import { registerCertificateTasks } from './certificate-tasks.js';
import { certificatesRoutes } from './certificates.routes.js';
import { createCertificatesRepository } from './certificates.repository.js';
import { createCertificatesService } from './certificates.service.js';
import { certificatesVi } from './certificates.vi.js';

/** The SSL certificates of a site (spec/000 §7 certificates): issued, imported, renewed. */
export const certificatesArea = defineArea({
  name: 'certificates',
  services: (panel) => {
    const { db, config, servers } = panel;
    const repository = createCertificatesRepository(db);
    /** Update-data to everyone who may view the server (spec/000 §4). */
    const publishCertificates = async (serverId: number) =>
      panel.publish(await panel.connections.usersWithAccess(serverId), CERTIFICATE_UPDATE_KEYS);
    const checkNames = createNameCheck({
      mode: config.acme.nameCheck ?? defaultNameCheckMode(config.acme.directoryUrl),
      lookup: createAddressLookup(config.acme.dnsResolver),
    });
    const certificates = createCertificatesService({
      access: panel.siteAccess,
      repository,
      events: panel.events,
      secretBox: panel.secretBox,
      aliasNames: (site) => aliasNamesOf(db, site),
      serverOwner: async (serverId) => (await servers.findRow(serverId))?.userId ?? null,
      checkNames: async (domains, site) => {
        const server = await servers.findRow(site.serverId);
        if (server) await checkNames(domains, server.ip);
      },
      publish: publishCertificates,
      appUrl: config.appUrl,
    });
    return { certificateRepository: repository, certificates, publishCertificates };
  },
  routes: certificatesRoutes,
  tasks: (hooks, { db, secretBox, config, certificateRepository }) =>
    registerCertificateTasks({
      hooks,
      db,
      secretBox,
      repository: certificateRepository,
      acme: createAcmeAccounts({ ...config.acme, dataDir: config.dataDir }, secretBox),
    }),
  onFinished: (hooks, { certificateRepository, publishCertificates, alerts }) =>
    registerCertificateFinishedHandler({
      hooks,
      alerts,
      repository: certificateRepository,
      publish: publishCertificates,
    }),
  schedules: (app, { certificates }) =>
    startRenewalSchedule(app, (now) =>
      certificates.renewDue(now, (message, details) => app.log.warn(details, message)),
    ),
  updateKeys: CERTIFICATE_UPDATE_KEYS,
  messages: certificatesVi,
});
