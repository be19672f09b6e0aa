import { GitProviderError } from './git-provider.js';
import { providerMessage } from './provider-http.js';

/**
 * The token half of the OAuth 2 authorization-code flow (RFC 6749 §4.1.3, §6), as the three
 * providers take it: form-encoded, client credentials in the body (GitHub, GitLab) or as HTTP Basic
 * (Bitbucket). A refusal is `refused` with the provider's `error_description`.
 */
export interface OauthClient {
  /** The provider's web root (https://github.com, https://gitlab.com, https://bitbucket.org). */
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface OauthTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds the access token lives, when the provider says. */
  expiresIn: number | null;
  scope: string | null;
}

export async function requestToken(
  url: string,
  params: Record<string, string>,
  client: OauthClient,
  style: 'body' | 'basic',
): Promise<OauthTokens> {
  const form = new URLSearchParams(params);
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/x-www-form-urlencoded',
    'user-agent': 'HostDeck',
  };
  if (style === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
  } else {
    form.set('client_id', client.clientId);
    form.set('client_secret', client.clientSecret);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: form.toString(),
      signal: AbortSignal.timeout(20_000),
      redirect: 'error',
    });
  } catch (error) {
    const reason =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
    throw new GitProviderError('unreachable', reason);
  }
  const text = await response.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = null;
  }
  // GitHub answers a refused code with 200 and {"error": "bad_verification_code", …}.
  if (!response.ok || !body || typeof body.error === 'string' || typeof body.access_token !== 'string') {
    const message =
      typeof body?.error_description === 'string'
        ? body.error_description
        : providerMessage(body, response.status);
    throw new GitProviderError(response.status >= 500 ? 'unreachable' : 'refused', message);
  }
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresIn: typeof body.expires_in === 'number' ? body.expires_in : null,
    scope: typeof body.scope === 'string' ? body.scope : typeof body.scopes === 'string' ? body.scopes : null,
  };
}

export function joinUrl(root: string, path: string): string {
  return `${root.replace(/\/+$/, '')}${path}`;
}
