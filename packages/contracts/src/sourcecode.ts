import { z } from 'zod';
import { gitBranchSchema, gitProviderSlugSchema, gitRepositorySchema } from './git-providers.js';
import { defineRoutes, idParamSchema } from './route-contract.js';
import { branchSchema, deploymentStartedSchema, repositoryUrlSchema } from './site-deployments.js';

/**
 * Install Source Code (issue 21 point 2; spec/000 §2 `/sites/{site}/sourcecode`, §7 code install
 * POST for github, gitlab, bitbucket and git): a repository becomes the site's code through the
 * deployment machinery. From a connected provider, the panel adds the site's deploy key and a
 * push webhook through the provider's API, so auto deploy needs no manual step; from any git URL,
 * the page shows the deploy key and webhook to add by hand. Either sets the site's code type and
 * starts the first deployment. Import as `@hostdeck/contracts/sourcecode`. docs/sourcecode.md.
 */

export const SOURCECODE_SOURCES = ['github', 'gitlab', 'bitbucket', 'git'] as const;
export type SourcecodeSource = (typeof SOURCECODE_SOURCES)[number];

/** English messages (i18n keys); Vietnamese in apps/api/src/sourcecode/sourcecode.vi.ts. */
export const SOURCECODE_MESSAGES = {
  alias: 'An alias shares its parent site’s code: install the source code on the parent site',
  agent: 'The agent’s site serves the agent: it takes no source code',
  installed: 'This site already has its code ({codeType}): change it on the Deployments page',
  noSshUrl: '{provider} gives no SSH address for this repository',
  noBranch: 'The repository has no branch {branch}',
} as const;

/** From a provider: `owner/name` as the provider's pickers list it. */
export const sourcecodeProviderRequestSchema = z.strictObject({
  repository: gitRepositorySchema,
  branch: gitBranchSchema,
});
/** From any git URL (the Deployments grammar: scp-like SSH, ssh:// or https://). */
export const sourcecodeGitRequestSchema = z.strictObject({
  repository: repositoryUrlSchema,
  branch: branchSchema,
});

export const sourcecodeRoutes = defineRoutes({
  installFromGit: {
    method: 'POST',
    path: '/api/sites/:site/code/git',
    body: sourcecodeGitRequestSchema,
    response: deploymentStartedSchema,
  },
  installFromProvider: {
    method: 'POST',
    path: '/api/sites/:site/code/:provider',
    params: z.object({ site: idParamSchema, provider: gitProviderSlugSchema }),
    body: sourcecodeProviderRequestSchema,
    response: deploymentStartedSchema,
  },
});
