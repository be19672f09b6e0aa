/**
 * The local fake of GitHub, GitLab and Bitbucket for the browser tests (apps/api/src/git-providers/
 * testing/git-provider-fake.ts: their OAuth servers and recorded API answers): a fixed port, so the
 * panel, started before any test, is given the providers' URLs and OAuth clients in its
 * environment (playwright.config.ts).
 */
import { FAKE_CLIENTS } from '@hostdeck/api/git-providers/testing/git-provider-fake.js';

export const E2E_GIT_FAKE_PORT = Number(process.env.E2E_GIT_FAKE_PORT ?? 18_160);
export const E2E_GIT_FAKE_ROOT = `http://127.0.0.1:${E2E_GIT_FAKE_PORT}`;
export const E2E_GIT_FAKE_HEALTH = `${E2E_GIT_FAKE_ROOT}/health`;

/** The panel's settings for the fake (GITHUB_API_URL, GITHUB_OAUTH_URL, GITHUB_CLIENT_ID, …). */
export const E2E_GIT_PROVIDER_ENV: Record<string, string> = {
  GITHUB_API_URL: `${E2E_GIT_FAKE_ROOT}/github/api`,
  GITHUB_OAUTH_URL: `${E2E_GIT_FAKE_ROOT}/github`,
  GITHUB_CLIENT_ID: FAKE_CLIENTS.github.id,
  GITHUB_CLIENT_SECRET: FAKE_CLIENTS.github.secret,
  GITLAB_API_URL: `${E2E_GIT_FAKE_ROOT}/gitlab/api/v4`,
  GITLAB_OAUTH_URL: `${E2E_GIT_FAKE_ROOT}/gitlab`,
  GITLAB_CLIENT_ID: FAKE_CLIENTS.gitlab.id,
  GITLAB_CLIENT_SECRET: FAKE_CLIENTS.gitlab.secret,
  BITBUCKET_API_URL: `${E2E_GIT_FAKE_ROOT}/bitbucket/api/2.0`,
  BITBUCKET_OAUTH_URL: `${E2E_GIT_FAKE_ROOT}/bitbucket`,
  BITBUCKET_CLIENT_ID: FAKE_CLIENTS.bitbucket.id,
  BITBUCKET_CLIENT_SECRET: FAKE_CLIENTS.bitbucket.secret,
};

/** Makes the provider refuse every token it issued, refresh tokens included (revoked access). */
export async function revokeGitTokens(provider: 'github' | 'gitlab' | 'bitbucket'): Promise<void> {
  const response = await fetch(`${E2E_GIT_FAKE_ROOT}/__control/revoke/${provider}`, { method: 'POST' });
  if (response.status !== 204) throw new Error(`git provider fake: ${response.status}`);
}
