import type { GitProviderSlug } from '@hostdeck/contracts/git-providers';
import type { GitProviderAdapter } from '../git-provider.js';
import type { OauthClient, OauthTokens } from '../oauth.js';

/** A provider: its OAuth endpoints and how a token becomes its API adapter (providers/index.ts). */
export interface GitProviderDefinition {
  slug: GitProviderSlug;
  name: string;
  authorizeUrl(client: OauthClient, redirectUri: string, state: string): string;
  exchangeCode(client: OauthClient, code: string, redirectUri: string): Promise<OauthTokens>;
  /** GitLab's documented refresh request repeats the redirect URI; the others ignore it. */
  refresh(client: OauthClient, refreshToken: string, redirectUri: string): Promise<OauthTokens>;
  createAdapter(options: { apiUrl: string; accessToken: string; account: string }): GitProviderAdapter;
}
