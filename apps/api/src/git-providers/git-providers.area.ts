import { defineArea } from '../area.js';
import type { PanelServices } from '../composition.js';
import { createGitConnectionsRepository } from './git-connections.repository.js';
import { gitProvidersRoutes } from './git-providers.routes.js';
import { createGitProvidersService } from './git-providers.service.js';
import { gitProvidersVi } from './git-providers.vi.js';
import { GIT_PROVIDERS } from './providers/index.js';

/** The caller's provider connections over the panel's services (Install Source Code uses them too). */
export function gitProvidersServiceOf(panel: PanelServices) {
  return createGitProvidersService({
    repository: createGitConnectionsRepository(panel.db, panel.secretBox),
    providers: GIT_PROVIDERS,
    settings: panel.config.gitProviders,
    appUrl: panel.config.appUrl,
  });
}

/**
 * The account's GitHub, GitLab and Bitbucket connections (`/user/git`, issue 21,
 * docs/git-providers.md): OAuth, sealed tokens, and the organization, repository and branch
 * pickers. No events: every call goes to the provider's API and answers at once.
 */
export const gitProvidersArea = defineArea({
  name: 'git-providers',
  services: (panel) => ({ gitProviders: gitProvidersServiceOf(panel) }),
  routes: gitProvidersRoutes,
  messages: gitProvidersVi,
});
