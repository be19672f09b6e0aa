import { defineArea } from '../area.js';
import { createGitConnectionsRepository } from './git-connections.repository.js';
import { gitProvidersRoutes } from './git-providers.routes.js';
import { createGitProvidersService } from './git-providers.service.js';
import { gitProvidersVi } from './git-providers.vi.js';
import { GIT_PROVIDERS } from './providers/index.js';

/**
 * The account's GitHub, GitLab and Bitbucket connections (`/user/git`, issue 21,
 * docs/git-providers.md): OAuth, sealed tokens, and the organization, repository and branch
 * pickers. No events: every call goes to the provider's API and answers at once.
 */
export const gitProvidersArea = defineArea({
  name: 'git-providers',
  services: (panel) => {
    const repository = createGitConnectionsRepository(panel.db, panel.secretBox);
    return {
      gitProviders: createGitProvidersService({
        repository,
        providers: GIT_PROVIDERS,
        settings: panel.config.gitProviders,
        appUrl: panel.config.appUrl,
      }),
    };
  },
  routes: gitProvidersRoutes,
  messages: gitProvidersVi,
});
