import { defineArea } from '../area.js';
import { createScriptsRepository } from '../scripts/scripts.repository.js';
import { createAdminPolicy } from './admin-policy.js';
import { createAdminRepository } from './admin.repository.js';
import { adminRoutes } from './admin.routes.js';
import { createAdminService } from './admin.service.js';
import { adminVi } from './admin.vi.js';
import { runShellcheck } from './shellcheck.js';

/**
 * The panel administrators' area (`/admin`, docs/scripts.md): shared scripts' review, users and
 * servers. (The operator's command line, `npm run admin`, lives beside it: admin-command.ts.)
 */
export const adminArea = defineArea({
  name: 'admin',
  services: (panel) => {
    const repository = createAdminRepository(panel.db);
    return {
      admin: createAdminService({
        policy: createAdminPolicy(repository, panel.config.adminEmails),
        repository,
        scripts: createScriptsRepository(panel.db),
        shellcheck: (content) => runShellcheck(content),
      }),
    };
  },
  routes: adminRoutes,
  messages: adminVi,
});
