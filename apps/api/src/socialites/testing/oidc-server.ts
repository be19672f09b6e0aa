import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/** The account the next sign-in at the local OIDC server approves as (the test says who signs in). */
export interface OidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface LocalOidcServer {
  /** The issuer (what GOOGLE_ISSUER_URL takes). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The panel's settings to use this server for Google. */
  env: Record<string, string>;
  /** Who the next authorization signs in as. */
  signInAs(account: OidcAccount): void;
  close(): Promise<void>;
}

/** The OAuth client the panel is given in tests (GOOGLE_CLIENT_ID/SECRET). */
export const LOCAL_OIDC_CLIENT = {
  id: 'hostdeck-test.apps.googleusercontent.com',
  secret: 'local-oidc-client-secret-for-tests',
};

/**
 * A real OpenID Connect provider (`oidc-provider`) on a local port, standing in for Google:
 * discovery, authorization with PKCE, signed ID tokens carrying the nonce, single-use codes. Its
 * login and consent pages approve at once as the account the test chose (`signInAs`), so a
 * browser (or `fetch` following redirects) comes straight back to the panel with a code.
 */
export async function startLocalOidcServer(options: {
  /** The panel's address: its callback `…/auth/google/callback` is the client's redirect URI. */
  appUrl: string;
  port?: number;
}): Promise<LocalOidcServer> {
  const accounts = new Map<string, OidcAccount>();
  let next: OidcAccount | null = null;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: LOCAL_OIDC_CLIENT.id,
        client_secret: LOCAL_OIDC_CLIENT.secret,
        redirect_uris: [`${options.appUrl.replace(/\/+$/, '')}/auth/google/callback`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts the email in the ID token; so does this server.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['local-oidc-cookie-key-for-tests'] },
    findAccount: (_context, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();

  async function interaction(request: IncomingMessage, response: ServerResponse) {
    const details = await provider.interactionDetails(request, response);
    const account = next;
    if (!account) {
      response.statusCode = 500;
      response.end('the test did not say who signs in (signInAs)');
      return;
    }
    accounts.set(account.sub, account);
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith('/interaction/')) {
      interaction(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    handle(request, response);
  });
  return {
    issuer,
    clientId: LOCAL_OIDC_CLIENT.id,
    clientSecret: LOCAL_OIDC_CLIENT.secret,
    env: {
      GOOGLE_ISSUER_URL: issuer,
      GOOGLE_CLIENT_ID: LOCAL_OIDC_CLIENT.id,
      GOOGLE_CLIENT_SECRET: LOCAL_OIDC_CLIENT.secret,
    },
    signInAs: (account) => {
      next = account;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser at a provider: follows its redirects, keeping its cookies, until it is sent to the
 * panel (`stopAt`); answers that address (path and query).
 */
export async function followToPanel(start: string, stopAt: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    const location = answer.headers.get('location');
    if (!location)
      throw new Error(`${url} answered ${answer.status} without a redirect: ${await answer.text()}`);
    const next = new URL(location, url);
    if (next.toString().startsWith(stopAt)) return next;
    url = next.toString();
  }
  throw new Error('too many redirects at the provider');
}
