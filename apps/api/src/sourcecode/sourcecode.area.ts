import { defineArea } from '../area.js';
import { deploymentsServiceOf } from '../deployments/deployments.area.js';
import { createDeploymentsRepository } from '../deployments/deployments.repository.js';
import { gitProvidersServiceOf } from '../git-providers/git-providers.area.js';
import { sourcecodeRoutesPlugin } from './sourcecode.routes.js';
import { createSourcecodeService } from './sourcecode.service.js';
import { sourcecodeVi } from './sourcecode.vi.js';

/**
 * Install Source Code (`/sites/{site}/sourcecode`, issue 21 point 2, docs/sourcecode.md): from a
 * connected git provider or any git URL, through the deployments area's machinery. Its deploys are
 * the deployments area's events.
 */
export const sourcecodeArea = defineArea({
  name: 'sourcecode',
  services: (panel) => {
    const repository = createDeploymentsRepository(panel.db);
    return {
      sourcecode: createSourcecodeService({
        access: panel.siteAccess,
        deployments: deploymentsServiceOf(panel, repository),
        repository,
        gitProviders: gitProvidersServiceOf(panel),
      }),
    };
  },
  routes: sourcecodeRoutesPlugin,
  messages: sourcecodeVi,
});
