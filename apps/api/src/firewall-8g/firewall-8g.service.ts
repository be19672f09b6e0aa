import { EVENT_STATUS, UPDATE_KEYS, type UpdateKey } from '@hostdeck/contracts';
import {
  FIREWALL_8G_EVENT_TYPES,
  FIREWALL_8G_MESSAGES,
  type Firewall8gState,
} from '@hostdeck/contracts/firewall-8g';
import { firewall8gDisable, firewall8gEnable } from '@hostdeck/recipes/firewall-8g';
import type { EventsService } from '../events/events.service.js';
import type { EventRow } from '../events/events.repository.js';
import type { Caller } from '../policy/server-policy.js';
import { ServerError } from '../servers/server-errors.js';
import type { SiteAccess, SiteRow } from '../sites/site-access.js';
import { requireSettled } from '../sites/site-dependencies.js';
import type { Firewall8gRepository } from './firewall-8g.repository.js';

export interface Firewall8gServiceDependencies {
  access: Pick<SiteAccess, 'authorize'>;
  events: Pick<EventsService, 'startRecipe'>;
  repository: Firewall8gRepository;
}

const isNginx = (site: SiteRow) => site.webServer === 'nginx';

/**
 * The 8G firewall of a site (spec/000 §7 `8gfirewall` POST and DELETE; docs/firewall-8g.md). Each
 * change is an event running `firewall-8g-enable` or `-disable` (recipes/src/firewall-8g: written
 * atomically, `nginx -t`, rolled back when refused); the site's row says "on" only once the server
 * took it (`settleFinished`). Reading needs `view`, changing `manage`; another user's site answers
 * 404 before anything runs. Sites served by another web server and aliases (whose vhost is their
 * parent's) are refused with a message saying why.
 */
export function createFirewall8gService({ access, events, repository }: Firewall8gServiceDependencies) {
  async function start(caller: Caller, siteId: number, enable: boolean) {
    const { site } = await access.authorize(caller, siteId, 'manage');
    requireSettled(site);
    if (site.siteId !== null) throw new ServerError(FIREWALL_8G_MESSAGES.alias);
    if (!isNginx(site)) throw new ServerError(FIREWALL_8G_MESSAGES.notNginx);
    const recipe = enable ? firewall8gEnable : firewall8gDisable;
    const event = await events.startRecipe({
      userId: caller.id,
      serverId: site.serverId,
      siteId: site.id,
      recipeId: recipe.id,
      input: { site: site.name },
      type: enable ? FIREWALL_8G_EVENT_TYPES.enable : FIREWALL_8G_EVENT_TYPES.disable,
      description: { id: enable ? 'enableFirewall8g' : 'disableFirewall8g', values: { site: site.name } },
    });
    return { data: { id: event.id } };
  }

  return {
    /** GET 8gfirewall: the state the last finished event left. */
    async show(caller: Caller, siteId: number): Promise<{ data: Firewall8gState }> {
      const { site } = await access.authorize(caller, siteId, 'view');
      return { data: { enabled: site.firewall8g, available: isNginx(site), web_server: site.webServer } };
    },

    /** POST 8gfirewall */
    enable: (caller: Caller, siteId: number) => start(caller, siteId, true),

    /** DELETE 8gfirewall */
    disable: (caller: Caller, siteId: number) => start(caller, siteId, false),

    /** A finished event: the row follows what the server now is (only a success changed it). */
    async settleFinished(event: EventRow): Promise<readonly UpdateKey[]> {
      if (event.siteId !== null && event.status === EVENT_STATUS.finished) {
        await repository.setEnabled(event.siteId, event.type === FIREWALL_8G_EVENT_TYPES.enable);
      }
      return [UPDATE_KEYS.site];
    },
  };
}
export type Firewall8gService = ReturnType<typeof createFirewall8gService>;
