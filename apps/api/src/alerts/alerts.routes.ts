import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertRoutes as routes } from '@hostdeck/contracts/alerts';
import { route } from '../http/route.js';
import type { AlertChannelsService } from './alert-channels.service.js';

const WEBHOOK_RATE_LIMIT = { max: 120, timeWindow: 60_000 };
/**
 * Test messages and new channels, per user: a channel may name any email address or URL, so the
 * panel must not become a way to send many messages to someone else.
 */
const SEND_RATE_LIMIT = {
  max: 10,
  timeWindow: 60_000,
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `alerts|${request.user?.id ?? request.ip}`,
} as const;

/**
 * The notification settings (contracts `alertRoutes`, docs/alerts.md), and Telegram's webhook:
 * public because Telegram calls it, authenticated by its secret-token header, no CSRF, rate-limited.
 */
export const alertsRoutes: FastifyPluginAsyncZod<{ alertChannels: AlertChannelsService }> = async (
  app,
  { alertChannels },
) => {
  route(app, routes.list, {}, ({ user }) => alertChannels.list(user));
  route(app, routes.create, { status: 201, config: { rateLimit: SEND_RATE_LIMIT } }, ({ user, body }) =>
    alertChannels.create(user, body),
  );
  route(app, routes.update, {}, ({ user, params, body }) => alertChannels.update(user, params.channel, body));
  route(app, routes.remove, {}, ({ user, params }) => alertChannels.remove(user, params.channel));
  route(app, routes.test, { config: { rateLimit: SEND_RATE_LIMIT } }, ({ user, params }) =>
    alertChannels.test(user, params.channel),
  );
  route(app, routes.telegramLink, {}, ({ user, params }) => alertChannels.telegramLink(user, params.channel));
  route(
    app,
    routes.telegramWebhook,
    { public: true, config: { csrf: false, rateLimit: WEBHOOK_RATE_LIMIT } },
    ({ request, body }) => {
      const header = request.headers['x-telegram-bot-api-secret-token'];
      return alertChannels.telegramWebhook(typeof header === 'string' ? header : undefined, body);
    },
  );
};
