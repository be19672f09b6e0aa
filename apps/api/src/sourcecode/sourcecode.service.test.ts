import { describe, expect, it } from 'vitest';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { SOURCECODE_MESSAGES } from '@hostdeck/contracts/sourcecode';
import type { GitProviderAdapter } from '../git-providers/git-provider.js';
import { createSourcecodeService, type SourcecodeServiceDependencies } from './sourcecode.service.js';

/**
 * The provider's answer is input too (SECURITY.md: every input has a grammar): a repository whose
 * SSH address is outside the repository grammar is refused as "no SSH address" before any key or
 * webhook is added and before the site changes. The adapter is a stand-in here: the recorded
 * answers of the real APIs (sourcecode.test.ts) carry only well-formed addresses.
 */
describe('Install Source Code from a provider that answers a hostile SSH address', () => {
  const caller = { id: 1, name: 'Olga' };
  const site = {
    id: 7,
    name: 'shop.example.com',
    siteId: null,
    proxyPort: null,
    codeType: null,
    status: 'active',
  };

  function serviceAnswering(sshUrl: string) {
    const calls: string[] = [];
    const adapter = {
      listRepositories: async () => [{ full_name: 'octocat/Hello-World', ssh_url: sshUrl }],
      listBranches: async () => [{ name: 'master' }],
      addDeployKey: async () => void calls.push('addDeployKey'),
      addPushWebhook: async () => void calls.push('addPushWebhook'),
    } as unknown as GitProviderAdapter;
    const dependencies = {
      access: { authorize: async () => ({ site }) },
      deployments: {
        newDeployKey: () => ({ deployPublicKey: 'ssh-ed25519 AAAA', sealedDeployKey: 'sealed' }),
        deployToken: async () => ({ token: 't' }),
        settings: async () => ({ data: { webhook_url: 'https://panel.example/deploy' } }),
        deployNow: async () => void calls.push('deployNow'),
      },
      repository: { updateSite: async () => void calls.push('updateSite') },
      gitProviders: {
        withAdapter: async (
          _caller: unknown,
          _slug: unknown,
          work: (adapter: GitProviderAdapter) => unknown,
        ) => work(adapter),
      },
    } as unknown as SourcecodeServiceDependencies;
    return { service: createSourcecodeService(dependencies), calls };
  }

  // A payload with a shell metacharacter, a space or a control character, inside an address that is
  // otherwise GitHub's; and an address that is an option.
  const hostile = [
    ...SHELL_INJECTION_PAYLOADS.filter((payload) => /[^\w.~/-]/.test(payload)).map(
      (payload) => `git@github.com:octocat/${payload}.git`,
    ),
    '--upload-pack=touch /tmp/x',
    '-oProxyCommand=id',
  ];

  it.each(hostile)('refuses %j', async (sshUrl) => {
    const { service, calls } = serviceAnswering(sshUrl);
    await expect(
      service.installFromProvider(caller, site.id, 'github', {
        repository: 'octocat/Hello-World',
        branch: 'master',
      }),
    ).rejects.toMatchObject({ message: SOURCECODE_MESSAGES.noSshUrl });
    expect(calls).toEqual([]);
  });

  it('accepts a well-formed address', async () => {
    const { service, calls } = serviceAnswering('git@github.com:octocat/Hello-World.git');
    await service.installFromProvider(caller, site.id, 'github', {
      repository: 'octocat/Hello-World',
      branch: 'master',
    });
    expect(calls).toEqual(['addDeployKey', 'addPushWebhook', 'updateSite', 'deployNow']);
  });
});
