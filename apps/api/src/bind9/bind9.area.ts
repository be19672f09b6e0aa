import { BIND9_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/bind9';
import { bind9Recipes } from '@hostdeck/recipes/bind9';
import { defineArea } from '../area.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { BIND9_UPDATE_KEYS } from './bind9-events.js';
import { registerBind9EventHandlers, registerBind9Tasks } from './bind9-tasks.js';
import { bind9Routes } from './bind9.routes.js';
import { createBind9Service, type Bind9Service } from './bind9.service.js';
import { bind9Vi } from './bind9.vi.js';

export interface Bind9AreaServices {
  bind9: Bind9Service;
}

/**
 * The bind9 DNS server (`/servers/{server}/dns`, issue 19): the panel's zones and records on a
 * server, read live from it and changed as events; zones made by hand listed and kept; DNSSEC per
 * zone with its DS record. Other areas reach the zones through bind9-zone-store.ts. docs/bind9.md.
 */
export const bind9Area = defineArea<Bind9AreaServices>({
  name: 'bind9',
  services: (panel) => ({
    bind9: createBind9Service({
      policy: panel.policy,
      servers: panel.servers,
      inventory: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
      events: panel.events,
    }),
  }),
  routes: bind9Routes,
  tasks: (hooks) => registerBind9Tasks(hooks),
  onFinished: (hooks) => registerBind9EventHandlers(hooks),
  updateKeys: BIND9_UPDATE_KEYS,
  recipes: bind9Recipes,
  eventDescriptions: BIND9_EVENT_DESCRIPTIONS,
  messages: bind9Vi,
});
