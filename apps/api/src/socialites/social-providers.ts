import * as oidc from 'openid-client';
import type { SocialProvider } from '@hostdeck/contracts/socialites';
import { joinUrl, requestToken } from '../git-providers/oauth.js';
import { GitProviderError } from '../git-providers/git-provider.js';
import { providerMessage } from '../git-providers/provider-http.js';
import { requestJson } from '../outbound/json-request.js';

/** The account a provider vouched for. Tokens stop here: nothing of them is kept. */
export interface SocialIdentity {
  id: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** A provider's refusal or silence, in its own words. */
export class SocialProviderError extends Error {}

export interface SocialProviderAdapter {
  authorizeUrl(input: {
    redirectUri: string;
    state: string;
    verifier: string;
    nonce: string;
  }): Promise<string>;
  /** Exchanges the code (PKCE verifier; Google: ID token verified, nonce checked) for the identity. */
  identify(input: {
    redirectUri: string;
    code: string;
    state: string;
    verifier: string;
    nonce: string;
    issuer?: string | undefined;
  }): Promise<SocialIdentity>;
}

export interface SocialProviderSettings {
  github: { oauthUrl: string; apiUrl: string; client: { id: string; secret: string } | null };
  google: { issuerUrl: string; client: { id: string; secret: string } | null };
}

/**
 * GitHub has no OpenID Connect: OAuth 2 with PKCE (the repository's token request,
 * git-providers/oauth.ts), then `/user` and `/user/emails` for the verified primary email.
 */
function githubAdapter(settings: SocialProviderSettings['github'], client: { id: string; secret: string }) {
  const oauthClient = { oauthUrl: settings.oauthUrl, clientId: client.id, clientSecret: client.secret };
  async function get(path: string, token: string): Promise<unknown> {
    const answer = await requestJson(
      joinUrl(settings.apiUrl, path),
      {
        method: 'GET',
        headers: { authorization: `Bearer ${token}`, 'user-agent': 'HostDeck' },
        timeoutMs: 20_000,
      },
      (reason) => new SocialProviderError(reason),
    );
    if (answer.status !== 200) throw new SocialProviderError(providerMessage(answer.parsed, answer.status));
    return answer.parsed;
  }
  return {
    authorizeUrl({ redirectUri, state, verifier }) {
      const url = new URL(joinUrl(settings.oauthUrl, '/login/oauth/authorize'));
      url.searchParams.set('client_id', client.id);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', 'read:user user:email');
      url.searchParams.set('state', state);
      return oidc.calculatePKCECodeChallenge(verifier).then((challenge) => {
        url.searchParams.set('code_challenge', challenge);
        url.searchParams.set('code_challenge_method', 'S256');
        return url.toString();
      });
    },
    async identify({ redirectUri, code, verifier }) {
      let accessToken: string;
      try {
        accessToken = (
          await requestToken(
            joinUrl(settings.oauthUrl, '/login/oauth/access_token'),
            { code, redirect_uri: redirectUri, code_verifier: verifier },
            oauthClient,
            'body',
          )
        ).accessToken;
      } catch (error) {
        if (error instanceof GitProviderError) throw new SocialProviderError(error.message);
        throw error;
      }
      const user = (await get('/user', accessToken)) as { id?: unknown; login?: unknown; name?: unknown };
      if (typeof user?.id !== 'number' && typeof user?.id !== 'string')
        throw new SocialProviderError('GitHub answered no account');
      const emails = (await get('/user/emails', accessToken)) as
        { email?: unknown; primary?: unknown; verified?: unknown }[] | null;
      const primary = Array.isArray(emails) ? emails.find((entry) => entry?.primary === true) : undefined;
      return {
        id: String(user.id),
        email: typeof primary?.email === 'string' ? primary.email : null,
        emailVerified: primary?.verified === true,
        name:
          typeof user.name === 'string' && user.name
            ? user.name
            : typeof user.login === 'string'
              ? user.login
              : null,
      };
    },
  } satisfies SocialProviderAdapter;
}

/**
 * Google over OpenID Connect (openid-client): discovery from the issuer, PKCE, state and nonce,
 * the ID token's signature, issuer, audience, expiry and nonce verified by the library.
 */
function googleAdapter(settings: SocialProviderSettings['google'], client: { id: string; secret: string }) {
  let discovered: Promise<oidc.Configuration> | null = null;
  // An http issuer is only ever a test's local server (production's default is https).
  const insecure = settings.issuerUrl.startsWith('http://');
  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuerUrl),
        client.id,
        client.secret,
        undefined,
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = null;
        throw new SocialProviderError(error instanceof Error ? error.message : String(error));
      });
    return discovered;
  }
  return {
    async authorizeUrl({ redirectUri, state, verifier, nonce }) {
      const config = await configuration();
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: 'openid email profile',
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        })
        .toString();
    },
    async identify({ redirectUri, code, state, verifier, nonce, issuer }) {
      const config = await configuration();
      const current = new URL(redirectUri);
      current.searchParams.set('code', code);
      current.searchParams.set('state', state);
      if (issuer !== undefined) current.searchParams.set('iss', issuer);
      try {
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: verifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new SocialProviderError('Google sent no ID token');
        return {
          id: claims.sub,
          email: typeof claims.email === 'string' ? claims.email : null,
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === 'string' ? claims.name : null,
        };
      } catch (error) {
        if (error instanceof SocialProviderError) throw error;
        const description =
          error instanceof oidc.ResponseBodyError
            ? (error.error_description ?? error.error)
            : error instanceof Error
              ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
              : String(error);
        throw new SocialProviderError(description);
      }
    },
  } satisfies SocialProviderAdapter;
}

/** The configured providers; one without a client is off. */
export function createSocialProviders(
  settings: SocialProviderSettings,
): Partial<Record<SocialProvider, SocialProviderAdapter>> {
  const providers: Partial<Record<SocialProvider, SocialProviderAdapter>> = {};
  if (settings.github.client) providers.github = githubAdapter(settings.github, settings.github.client);
  if (settings.google.client) providers.google = googleAdapter(settings.google, settings.google.client);
  return providers;
}
