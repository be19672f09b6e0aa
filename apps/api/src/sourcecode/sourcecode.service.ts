import { AGENT_PORT } from '@hostdeck/contracts';
import { GIT_PROVIDER_NAMES, type GitProviderSlug } from '@hostdeck/contracts/git-providers';
import { repositoryUrlSchema } from '@hostdeck/contracts/site-deployments';
import { SOURCECODE_MESSAGES, type SourcecodeSource } from '@hostdeck/contracts/sourcecode';
import type { DeploymentsRepository } from '../deployments/deployments.repository.js';
import type { DeploymentsService, NamedCaller } from '../deployments/deployments.service.js';
import { ConflictError, ValidationError } from '../domain/errors.js';
import { GitProviderError } from '../git-providers/git-provider.js';
import type { GitProvidersService } from '../git-providers/git-providers.service.js';
import type { SiteAccess } from '../sites/site-access.js';
import { requireSettled } from '../sites/site-dependencies.js';

export interface SourcecodeServiceDependencies {
  access: Pick<SiteAccess, 'authorize'>;
  deployments: Pick<DeploymentsService, 'newDeployKey' | 'deployToken' | 'settings' | 'deployNow'>;
  repository: Pick<DeploymentsRepository, 'updateSite'>;
  gitProviders: Pick<GitProvidersService, 'withAdapter'>;
}

export interface SourcecodeRequest {
  repository: string;
  branch: string;
}

/**
 * Install Source Code (issue 21 point 2, docs/sourcecode.md): a repository becomes a site's code
 * through the deployment machinery (deployments/), and its first deployment starts at once.
 * - From a provider, the panel checks the repository and branch with the caller's own connection,
 *   makes a fresh deploy key, adds it (read-only) and a push webhook signed with the site's deploy
 *   token through the provider's API, and turns auto deploy on: a push deploys with no manual
 *   step. The site's settings and key change only once the provider took both.
 * - From any git URL, the site keeps the deploy key it has (or gets one); the Deployments page
 *   shows the key and webhook URL to add at the git host.
 * The site's code type becomes the source (github, gitlab, bitbucket or git), which hides Install
 * Source Code; the repository is changed from then on on the Deployments page. `manage` is needed;
 * another user's site answers 404 before any provider call.
 */
export function createSourcecodeService({
  access,
  deployments,
  repository,
  gitProviders,
}: SourcecodeServiceDependencies) {
  async function installable(caller: NamedCaller, siteId: number) {
    const found = await access.authorize(caller, siteId, 'manage');
    const { site } = found;
    requireSettled(site);
    if (site.siteId !== null) throw new ConflictError(SOURCECODE_MESSAGES.alias);
    if (site.proxyPort === AGENT_PORT) throw new ConflictError(SOURCECODE_MESSAGES.agent);
    if (site.codeType) throw new ConflictError(SOURCECODE_MESSAGES.installed, { codeType: site.codeType });
    return found;
  }

  async function configureAndDeploy(
    caller: NamedCaller,
    siteId: number,
    source: SourcecodeSource,
    values: {
      repository: string;
      branch: string;
      autoDeploy?: boolean;
      deployPublicKey?: string;
      sealedDeployKey?: string;
    },
  ) {
    await repository.updateSite(siteId, { ...values, codeType: source });
    return deployments.deployNow(caller, siteId);
  }

  return {
    /** POST api/sites/{site}/code/git */
    async installFromGit(caller: NamedCaller, siteId: number, request: SourcecodeRequest) {
      const { site } = await installable(caller, siteId);
      // The key the site has (the user may have added it at the git host already), or a new one.
      const key = site.deployPublicKey ? {} : deployments.newDeployKey(site);
      return configureAndDeploy(caller, site.id, 'git', { ...request, ...key });
    },

    /** POST api/sites/{site}/code/{github|gitlab|bitbucket} */
    async installFromProvider(
      caller: NamedCaller,
      siteId: number,
      provider: GitProviderSlug,
      request: SourcecodeRequest,
    ) {
      const { site } = await installable(caller, siteId);
      const installed = await gitProviders.withAdapter(caller, provider, async (adapter) => {
        const owner = request.repository.slice(0, request.repository.lastIndexOf('/'));
        const wanted = request.repository.toLowerCase();
        const found = (await adapter.listRepositories(owner)).find(
          (item) => item.full_name.toLowerCase() === wanted,
        );
        if (!found) throw new GitProviderError('not-found', request.repository);
        // The provider's answer is input too: an address outside the repository grammar is treated
        // as no address, before any key or webhook is added.
        if (!found.ssh_url || !repositoryUrlSchema.safeParse(found.ssh_url).success) {
          throw new ConflictError(SOURCECODE_MESSAGES.noSshUrl, { provider: GIT_PROVIDER_NAMES[provider] });
        }
        const branches = await adapter.listBranches(found.full_name);
        if (!branches.some((branch) => branch.name === request.branch)) {
          throw new ValidationError({ branch: [SOURCECODE_MESSAGES.noBranch] }, { branch: request.branch });
        }
        // A fresh key each time (a provider refuses a key it already has, so a retry after a
        // failed webhook would otherwise fail on the key), stored only once the provider took it
        // and the webhook: until then the site keeps the key its deployments use.
        const key = deployments.newDeployKey(site);
        await adapter.addDeployKey(found.full_name, {
          title: `HostDeck ${site.name}`,
          key: key.deployPublicKey,
        });
        // The token first (made once and kept), then the URL that carries it.
        const { token } = await deployments.deployToken(site);
        const settings = await deployments.settings(caller, site.id);
        await adapter.addPushWebhook(found.full_name, { url: settings.data.webhook_url, secret: token });
        return { sshUrl: found.ssh_url, key };
      });
      return configureAndDeploy(caller, site.id, provider, {
        repository: installed.sshUrl,
        branch: request.branch,
        autoDeploy: true,
        ...installed.key,
      });
    },
  };
}
export type SourcecodeService = ReturnType<typeof createSourcecodeService>;
