import { defineArea } from '../area.js';
import { createAdminPolicy } from '../admin/admin-policy.js';
import { createAdminRepository } from '../admin/admin.repository.js';
import { generateSshKeyPair } from '../remote/ssh-keys.js';
import { createFavoritesRepository } from '../servers/favorites.repository.js';
import { createServerConnectService } from '../servers/server-connect.service.js';
import { createServerManagementService } from '../servers/server-management.service.js';
import type { ServerServiceDependencies } from '../servers/server-operations.js';
import { createServerRemote } from '../servers/server-remote.js';
import { createPartnerRepository } from './partner.repository.js';
import { partnerRoutesPlugin } from './partner.routes.js';
import { createPartnerService } from './partner.service.js';
import { partnerVi } from './partner.vi.js';

/**
 * The partner API and the other public endpoints of spec/000 §7 (issue 23 point 7,
 * docs/partner-api.md). Servers are connected and deleted by the servers area's own services,
 * built here from the same panel services, acting as the server's owner (the customer).
 */
export const partnerArea = defineArea({
  name: 'partner',
  services: (panel) => {
    const dependencies: ServerServiceDependencies = {
      repository: panel.servers,
      favorites: createFavoritesRepository(panel.db),
      policy: panel.policy,
      events: panel.events,
      remote: createServerRemote(panel.executor),
      secretBox: panel.secretBox,
      generateKeyPair: generateSshKeyPair,
      publish: panel.publish,
    };
    return {
      partner: createPartnerService({
        db: panel.db,
        repository: createPartnerRepository(panel.db),
        connect: createServerConnectService(dependencies),
        management: createServerManagementService(dependencies),
        adminPolicy: createAdminPolicy(createAdminRepository(panel.db), panel.config.adminEmails),
        mailer: panel.mailer,
        appKey: panel.config.appKey,
        appUrl: panel.config.appUrl,
        brand: panel.config.brand,
        agentPublicKeyPem: panel.agentSigner.publicKeyPem,
        log: panel.appLog,
      }),
    };
  },
  routes: partnerRoutesPlugin,
  messages: partnerVi,
});
