import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { defineRoutes } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';

/**
 * The 8G firewall of a site (spec/000 §7 Sites: `8gfirewall` POST and DELETE; issue 21 §7): Jeff
 * Starr's 8G rules for nginx (bad query strings, request URIs, user agents, referrers and methods
 * answer 403/405) turned on or off for one site. POST turns them on, DELETE off, each an event that
 * validates with `nginx -t` before reloading and rolls back when nginx refuses. GET (the panel's
 * own, for the toggle) says whether they are on. Only sites served by nginx; an alias shares its
 * parent's vhost, so it is turned on or off on the parent.
 */

export const FIREWALL_8G_MESSAGES = {
  notNginx: 'The 8G firewall is only available for sites served by nginx.',
  alias: "An alias shares its parent site's web server configuration: turn the 8G firewall on or off there.",
} as const;

export const firewall8gStateSchema = z.object({
  /** The rules are included in the site's vhost (as the last finished event left it). */
  enabled: z.boolean(),
  /** nginx serves the site (the firewall exists for nginx only). */
  available: z.boolean(),
  web_server: z.string(),
});
export type Firewall8gState = z.infer<typeof firewall8gStateSchema>;

export const firewall8gRoutes = defineRoutes({
  show: {
    method: 'GET',
    path: '/api/sites/:site/8gfirewall',
    response: z.object({ data: firewall8gStateSchema }),
  },
  enable: {
    method: 'POST',
    path: '/api/sites/:site/8gfirewall',
    response: startedEventResponseSchema,
  },
  disable: {
    method: 'DELETE',
    path: '/api/sites/:site/8gfirewall',
    response: startedEventResponseSchema,
  },
});

/** The event types (spec/000 §3 Event `type`); the prefix is what the finished-event handler matches. */
export const FIREWALL_8G_EVENT_PREFIX = 'firewall_8g_';
export const FIREWALL_8G_EVENT_TYPES = {
  enable: 'firewall_8g_enable',
  disable: 'firewall_8g_disable',
} as const;

export const FIREWALL_8G_EVENT_DESCRIPTIONS = defineEventDescriptions({
  enableFirewall8g: 'Turn on the 8G firewall of {site}',
  disableFirewall8g: 'Turn off the 8G firewall of {site}',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    'firewall-8g': typeof FIREWALL_8G_EVENT_DESCRIPTIONS;
  }
}
