import { createHash, randomBytes } from 'node:crypto';
import { ERROR_IDS, type ErrorId } from '@hostdeck/contracts';
import {
  GIT_PROVIDER_MESSAGES,
  GIT_PROVIDER_SLUGS,
  gitTokenExpiredMessage,
  type GitConnection,
  type GitOauthError,
  type GitProviderSlug,
} from '@hostdeck/contracts/git-providers';
import { DomainError, UnauthenticatedError } from '../domain/errors.js';
import type { Caller } from '../policy/server-policy.js';
import { GitProviderError, type GitProviderAdapter } from './git-provider.js';
import type { GitConnectionRow, GitConnectionsRepository, GitTokens } from './git-connections.repository.js';
import type { OauthClient, OauthTokens } from './oauth.js';
import type { GitProviderDefinition } from './providers/index.js';

/** What a provider answered, as the user sees it (409 expired, 422 refused, 429, 404, 502). */
export class GitProviderFailure extends DomainError {
  constructor(
    readonly status: number,
    readonly id: ErrorId,
    message: string,
    parameters: Record<string, string | number> = {},
  ) {
    super(message, parameters);
  }
}

/** An OAuth state lives this long: the time to sign in at the provider and approve the panel. */
export const OAUTH_STATE_LIFETIME_MS = 10 * 60_000;
/** A token this close to its expiry is refreshed before it is used. */
const REFRESH_MARGIN_MS = 60_000;

export interface GitProviderSettings {
  oauthUrl: string;
  apiUrl: string;
  client: { id: string; secret: string } | null;
}

export interface GitProvidersDependencies {
  repository: GitConnectionsRepository;
  providers: Record<GitProviderSlug, GitProviderDefinition>;
  settings: Record<GitProviderSlug, GitProviderSettings>;
  /** The panel's address (config APP_URL): the OAuth callback is built from it, never from Host. */
  appUrl: string;
  now?: () => Date;
}

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** A provider's failure in the API's terms, always a translated sentence naming the provider. */
export function providerFailure(error: unknown, provider: GitProviderDefinition): unknown {
  if (!(error instanceof GitProviderError)) return error;
  const values = { provider: provider.name, message: error.message };
  switch (error.kind) {
    case 'expired':
      return new GitProviderFailure(409, ERROR_IDS.conflict, gitTokenExpiredMessage(provider.slug));
    case 'rate-limited':
      return new GitProviderFailure(429, ERROR_IDS.tooManyRequests, GIT_PROVIDER_MESSAGES.rateLimited, {
        ...values,
        seconds: error.retryAfterSeconds ?? 60,
      });
    case 'not-found':
      return new GitProviderFailure(404, ERROR_IDS.notFound, GIT_PROVIDER_MESSAGES.notFound, values);
    case 'refused':
      return new GitProviderFailure(422, ERROR_IDS.validation, GIT_PROVIDER_MESSAGES.refused, values);
    case 'unreachable':
      return new GitProviderFailure(502, ERROR_IDS.internal, GIT_PROVIDER_MESSAGES.unreachable, values);
  }
}

/**
 * The account's git provider connections (issue 21, `/user/git`, docs/git-providers.md). A
 * connection is its owner's alone: it is found by the caller's id and the provider, so no other
 * account can see or use it. Tokens are refreshed when they are about to expire or are refused; a
 * token the provider still refuses marks the connection expired (§8 'Bitbucket access token
 * expired!'), and the page offers to reconnect.
 */
export function createGitProvidersService({
  repository,
  providers,
  settings,
  appUrl,
  now = () => new Date(),
}: GitProvidersDependencies) {
  // One callback for every provider: the state says which one it is for.
  const redirectUri = () => `${appUrl.replace(/\/+$/, '')}/api/git/oauth/callback`;

  function clientOf(slug: GitProviderSlug): OauthClient | null {
    const setting = settings[slug];
    return setting.client
      ? { oauthUrl: setting.oauthUrl, clientId: setting.client.id, clientSecret: setting.client.secret }
      : null;
  }

  function tokensOf(tokens: OauthTokens, previousRefresh: string | null = null): GitTokens {
    return {
      accessToken: tokens.accessToken,
      // A refresh answer without a new refresh token keeps the old one (GitLab rotates it, Bitbucket may not).
      refreshToken: tokens.refreshToken ?? previousRefresh,
      expiresAt: tokens.expiresIn === null ? null : new Date(now().getTime() + tokens.expiresIn * 1000),
      scopes: tokens.scope,
    };
  }

  function present(slug: GitProviderSlug, row: GitConnectionRow | undefined): GitConnection {
    return {
      provider: slug,
      name: providers[slug].name,
      configured: settings[slug].client !== null,
      connected: row !== undefined,
      account_name: row?.accountName ?? null,
      expired: row?.expiredAt != null,
      connected_at: row?.createdAt.toISOString() ?? null,
    };
  }

  function notConfigured(slug: GitProviderSlug) {
    return new GitProviderFailure(422, ERROR_IDS.validation, GIT_PROVIDER_MESSAGES.notConfigured, {
      provider: providers[slug].name,
    });
  }

  function expired(slug: GitProviderSlug) {
    return new GitProviderFailure(409, ERROR_IDS.conflict, gitTokenExpiredMessage(slug));
  }

  /** The connection's tokens renewed with its refresh token, or the connection marked expired. */
  async function refreshed(row: GitConnectionRow): Promise<GitConnectionRow> {
    const slug = row.provider as GitProviderSlug;
    const client = clientOf(slug);
    const refreshToken = repository.openRefreshToken(row);
    if (!client || !refreshToken) {
      await repository.markExpired(row.id, now());
      throw expired(slug);
    }
    let tokens: OauthTokens;
    try {
      tokens = await providers[slug].refresh(client, refreshToken, redirectUri());
    } catch (error) {
      if (error instanceof GitProviderError && error.kind === 'refused') {
        // invalid_grant: the refresh token was revoked or has expired too.
        await repository.markExpired(row.id, now());
        throw expired(slug);
      }
      throw providerFailure(error, providers[slug]);
    }
    return repository.updateTokens(row.id, tokensOf(tokens, refreshToken));
  }

  /**
   * Runs work with the caller's adapter for a provider: refreshes a token about to expire first,
   * and once more when the provider refuses it; a refusal after that marks the connection expired.
   */
  async function withAdapter<T>(
    caller: Caller,
    slug: GitProviderSlug,
    work: (adapter: GitProviderAdapter) => Promise<T>,
  ): Promise<T> {
    const definition = providers[slug];
    let row = await repository.findOwned(caller.id, slug);
    if (!row) {
      // The caller's connection does not exist (never made, or another account's): 404.
      throw new GitProviderFailure(404, ERROR_IDS.notFound, GIT_PROVIDER_MESSAGES.notConnected, {
        provider: definition.name,
      });
    }
    if (row.expiredAt) throw expired(slug);
    let renewed = false;
    if (row.tokenExpiresAt && row.tokenExpiresAt.getTime() - REFRESH_MARGIN_MS <= now().getTime()) {
      row = await refreshed(row);
      renewed = true;
    }
    for (;;) {
      const adapter = definition.createAdapter({
        apiUrl: settings[slug].apiUrl,
        accessToken: repository.openAccessToken(row),
        account: row.accountName,
      });
      try {
        return await work(adapter);
      } catch (error) {
        if (!(error instanceof GitProviderError && error.kind === 'expired')) {
          throw providerFailure(error, definition);
        }
        if (renewed || !row.sealedRefreshToken) {
          await repository.markExpired(row.id, now());
          throw expired(slug);
        }
        row = await refreshed(row);
        renewed = true;
      }
    }
  }

  return {
    withAdapter,

    async connections(caller: Caller): Promise<GitConnection[]> {
      const rows = await repository.listOwned(caller.id);
      return GIT_PROVIDER_SLUGS.map((slug) =>
        present(
          slug,
          rows.find((row) => row.provider === slug),
        ),
      );
    },

    /** The provider's authorization address, with a fresh state bound to this user and session. */
    async startConnect(caller: Caller, sessionId: string | null, slug: GitProviderSlug): Promise<string> {
      const client = clientOf(slug);
      if (!client) throw notConfigured(slug);
      // The state is bound to the browser session that will come back with it.
      if (!sessionId) throw new UnauthenticatedError();
      const state = randomBytes(32).toString('base64url');
      await repository.saveState({
        stateHash: hashState(state),
        userId: caller.id,
        sessionId,
        provider: slug,
        expiresAt: new Date(now().getTime() + OAUTH_STATE_LIFETIME_MS),
      });
      return providers[slug].authorizeUrl(client, redirectUri(), state);
    },

    /**
     * The provider's answer: the state must be one this user's session started, unused and
     * unexpired (it is taken whatever happens next), and names the provider; then the code is
     * exchanged, the account read and the connection kept. Answers where to send the browser.
     */
    async finishConnect(input: {
      caller: Caller;
      sessionId: string | null;
      code?: string | undefined;
      state?: string | undefined;
      error?: string | undefined;
    }): Promise<string> {
      const stored = input.state ? await repository.takeState(hashState(input.state)) : undefined;
      if (
        !stored ||
        stored.userId !== input.caller.id ||
        stored.sessionId !== input.sessionId ||
        stored.expiresAt.getTime() <= now().getTime() ||
        !(GIT_PROVIDER_SLUGS as readonly string[]).includes(stored.provider)
      ) {
        return '/user/git?git_error=state';
      }
      const slug = stored.provider as GitProviderSlug;
      const back = (error: GitOauthError | null) =>
        error ? `/user/git?git_error=${error}&provider=${slug}` : `/user/git?connected=${slug}`;
      if (input.error || !input.code) return back('denied');
      const client = clientOf(slug);
      if (!client) return back('not-configured');
      const definition = providers[slug];
      try {
        const tokens = await definition.exchangeCode(client, input.code, redirectUri());
        const account = await definition
          .createAdapter({ apiUrl: settings[slug].apiUrl, accessToken: tokens.accessToken, account: '' })
          .currentAccount();
        await repository.save({
          userId: input.caller.id,
          provider: slug,
          accountId: account.id,
          accountName: account.login,
          tokens: tokensOf(tokens),
        });
      } catch (error) {
        if (error instanceof GitProviderError) return back('exchange');
        throw error;
      }
      return back(null);
    },

    /** Forgets the caller's connection (the authorization at the provider stays until revoked there). */
    async disconnect(caller: Caller, slug: GitProviderSlug): Promise<void> {
      if (!(await repository.remove(caller.id, slug))) {
        throw new GitProviderFailure(404, ERROR_IDS.notFound, GIT_PROVIDER_MESSAGES.notConnected, {
          provider: providers[slug].name,
        });
      }
    },

    organizations(caller: Caller, slug: GitProviderSlug) {
      return withAdapter(caller, slug, (adapter) => adapter.listOrganizations());
    },

    repositories(caller: Caller, slug: GitProviderSlug, organization?: string) {
      return withAdapter(caller, slug, (adapter) => adapter.listRepositories(organization));
    },

    branches(caller: Caller, slug: GitProviderSlug, repository: string) {
      return withAdapter(caller, slug, (adapter) => adapter.listBranches(repository));
    },
  };
}
export type GitProvidersService = ReturnType<typeof createGitProvidersService>;
