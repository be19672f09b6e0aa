import { describe, expect, it } from 'vitest';
import {
  GIT_PROVIDER_MESSAGES,
  gitBranchSchema,
  gitOrganizationSchema,
  gitProviderRoutes,
  gitProviderSlugSchema,
  gitRepositorySchema,
  gitTokenExpiredMessage,
} from './git-providers.js';
import { SHELL_INJECTION_PAYLOADS } from './testing/injection-payloads.js';

describe('git provider contracts', () => {
  it('takes the providers, organizations, repositories and branches the providers name', () => {
    for (const provider of ['github', 'gitlab', 'bitbucket'])
      expect(gitProviderSlugSchema.parse(provider)).toBe(provider);
    for (const organization of ['octocat', 'hostdeck-labs', 'acme/platform', 'john_smith', 'my.org'])
      expect(gitOrganizationSchema.safeParse(organization).success, organization).toBe(true);
    for (const repository of [
      'octocat/Hello-World',
      'acme/platform/api',
      'tutorials/markdowndemo',
      'a/b.c_d-e',
    ])
      expect(gitRepositorySchema.safeParse(repository).success, repository).toBe(true);
    for (const branch of ['main', 'feature/billing', 'release/1.2', 'v1.0.0', 'fix_issue-21'])
      expect(gitBranchSchema.safeParse(branch).success, branch).toBe(true);
  });

  it('refuses what is not a name: one segment for a repository, dot-dot, .lock, trailing slash', () => {
    for (const repository of ['octocat', 'octocat/', '/octocat/x', 'a//b', 'a/../b', 'a/.hidden', 'a/-x'])
      expect(gitRepositorySchema.safeParse(repository).success, repository).toBe(false);
    for (const branch of [
      '-b',
      'a..b',
      'a//b',
      'a/',
      'a.',
      'x.lock',
      'a/.b',
      '.hidden',
      'a b',
      'a~1',
      'a^',
      'a:b',
    ])
      expect(gitBranchSchema.safeParse(branch).success, branch).toBe(false);
    expect(gitProviderSlugSchema.safeParse('gitea').error?.issues[0]?.message).toBe(
      GIT_PROVIDER_MESSAGES.unknownProvider,
    );
  });

  it('refuses every injection payload in every name', () => {
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      expect(gitProviderSlugSchema.safeParse(payload).success, payload).toBe(false);
      expect(gitOrganizationSchema.safeParse(payload).success, payload).toBe(false);
      expect(gitRepositorySchema.safeParse(payload).success, payload).toBe(false);
      expect(gitBranchSchema.safeParse(payload).success, payload).toBe(false);
      expect(gitProviderRoutes.branches.query.safeParse({ repository: payload }).success, payload).toBe(
        false,
      );
      expect(gitProviderRoutes.repositories.query.safeParse({ organization: payload }).success, payload).toBe(
        false,
      );
    }
  });

  it("says spec/000 §8's sentence for Bitbucket, and the same for the others", () => {
    expect(gitTokenExpiredMessage('bitbucket')).toBe('Bitbucket access token expired!');
    expect(gitTokenExpiredMessage('github')).toBe('GitHub access token expired!');
    expect(gitTokenExpiredMessage('gitlab')).toBe('GitLab access token expired!');
  });
});
