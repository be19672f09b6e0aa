import { defineArea } from '../area.js';
import { startFreeDomainCleanup } from './free-domain-cleanup.js';
import { createFreeDomains } from './free-domains.wiring.js';
import { freeDomainsVi } from './free-domains.vi.js';

/**
 * Free subdomains (issue 19, docs/free-domains.md): `{generated}.{zone}` in the operator's zone
 * for a new site (made by the sites area), its A record at the operator's DNS credential, deleted
 * after FREE_DOMAIN_DNS_LIFETIME_DAYS by the scheduled cleanup started here.
 */
export const freeDomainsArea = defineArea({
  name: 'free-domains',
  services: (panel) => ({ freeDomains: createFreeDomains(panel) }),
  // Always on: free domains made before the operator turned them off still expire.
  schedules: (app, { freeDomains }) =>
    startFreeDomainCleanup(app, (now) =>
      freeDomains.cleanupDue(now, (message, details) => app.log.warn(details, message)),
    ),
  messages: freeDomainsVi,
});
