import { expect } from 'vitest';
import { gitProviderRoutes, type GitProviderSlug } from '@hostdeck/contracts/git-providers';
import type { SignedInUser } from '../../policy/testing/policy-fixtures.js';
import type { GitProviderFake } from './git-provider-fake.js';

/**
 * Connects `user`'s account at `provider` through the whole OAuth dance against the fake: connect,
 * the provider's authorize page (which approves at once), the panel's callback with the code.
 */
export async function connectGitProvider(
  user: Pick<SignedInUser, 'api'>,
  fake: GitProviderFake,
  provider: GitProviderSlug,
) {
  const started = await user.api.post(gitProviderRoutes.connect.path, { provider });
  expect(started.statusCode, started.body).toBe(200);
  const authorize = new URL(started.json<{ data: { url: string } }>().data.url);
  expect(authorize.toString().startsWith(fake.oauthUrl(provider))).toBe(true);
  const approved = await fetch(authorize, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get('location')!);
  const callback = await user.api.get(`${back.pathname}${back.search}`);
  expect(callback.statusCode, callback.body).toBe(302);
  expect(callback.headers.location).toBe(`/user/git?connected=${provider}`);
}
