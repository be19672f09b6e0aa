import { MAILSERVER_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/mailserver';
import { mailserverRecipes } from '@hostdeck/recipes/mailserver';
import { defineArea } from '../area.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { createMailResolver } from './mailserver-dns.js';
import { MAILSERVER_UPDATE_KEYS, registerMailserverEventHandlers } from './mailserver.events.js';
import { createMailserverRepository } from './mailserver.repository.js';
import { mailserverRoutes } from './mailserver.routes.js';
import { createMailserverService } from './mailserver.service.js';
import { mailserverVi } from './mailserver.vi.js';

/**
 * The mail server of a server (issue 19, `/servers/{server}/mailserver`): Postfix, Dovecot and
 * OpenDKIM installed from Applications; domains, accounts, aliases, settings and the certificate
 * read live from the server and changed by `mailserver-*` recipe events. docs/mailserver.md.
 */
export const mailserverArea = defineArea({
  name: 'mailserver',
  services: (panel) => ({
    mailserver: createMailserverService({
      repository: createMailserverRepository(panel.db),
      policy: panel.policy,
      servers: panel.servers,
      events: panel.events,
      inventory: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
      resolver: createMailResolver,
    }),
  }),
  routes: mailserverRoutes,
  onFinished: (hooks) => registerMailserverEventHandlers(hooks),
  updateKeys: MAILSERVER_UPDATE_KEYS,
  recipes: mailserverRecipes,
  eventDescriptions: MAILSERVER_EVENT_DESCRIPTIONS,
  messages: mailserverVi,
});
