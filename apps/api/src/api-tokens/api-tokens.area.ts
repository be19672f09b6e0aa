import { defineArea } from '../area.js';
import { createApiTokensRepository } from './api-tokens.repository.js';
import { apiTokensRoutes } from './api-tokens.routes.js';
import { createApiTokensService } from './api-tokens.service.js';
import { apiTokensVi } from './api-tokens.vi.js';

/**
 * Personal API tokens (`/user/api-tokens`, issue 23 point 5). Presented tokens are checked by the
 * authentication hook (auth/authentication.ts with token-auth.ts here): scopes, expiry, rate limit.
 */
export const apiTokensArea = defineArea({
  name: 'api-tokens',
  services: (panel) => ({
    apiTokens: createApiTokensService({
      repository: createApiTokensRepository(panel.db),
      policy: panel.policy,
    }),
  }),
  routes: apiTokensRoutes,
  messages: apiTokensVi,
});
