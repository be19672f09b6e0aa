import { defineArea } from '../area.js';
import { outboxRoutes } from './outbox.routes.js';

/**
 * The development outbox: only a panel without MAIL_URL keeps mail, so only such a panel has the
 * route (production sets MAIL_URL).
 */
export const outboxArea = defineArea({
  name: 'outbox',
  services: ({ config }) => ({ everyone: config.devOutbox }),
  routes: async (app, options) => {
    if (!options.config.mailUrl) await app.register(outboxRoutes, options);
  },
});
