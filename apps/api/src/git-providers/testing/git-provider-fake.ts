import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GitProviderSlug } from '@hostdeck/contracts/git-providers';

/**
 * A local HTTP fake of GitHub, GitLab and Bitbucket (issue 21), for tests that cannot reach the
 * real ones: their APIs answer the recorded responses of testing/fixtures (bodies and headers in
 * the providers' documented shapes, pages linked the providers' own way), and their OAuth servers
 * run the authorization-code flow: `authorize` approves at once and redirects back with a code
 * (single use, bound to the client and redirect URI), `token` exchanges it or a refresh token.
 *
 * Layout: the web root of a provider at `/{provider}` (GITHUB_OAUTH_URL…), its API at
 * `/github/api`, `/gitlab/api/v4`, `/bitbucket/api/2.0` (GITHUB_API_URL…). A call without a token
 * the fake issued (or one of the FAKE_TOKENS) answers the recorded 401; a path with no recording
 * answers the recorded 404; `failNext` answers a recorded error on demand.
 */

const FIXTURES = new URL('./fixtures/', import.meta.url);

interface RecordedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** A body that is not JSON (GitLab's and Bitbucket's 429). */
  text?: string;
}
interface Recording extends RecordedAnswer {
  method: string;
  path: string;
}
interface ProviderFixture {
  headers: Record<string, string>;
  recordings: Recording[];
  errors: Record<'unauthorized' | 'rateLimited' | 'notFound' | 'keyInUse', RecordedAnswer>;
  oauth: { token: RecordedAnswer; refused: RecordedAnswer };
}

export function gitFixture(provider: GitProviderSlug): ProviderFixture {
  return JSON.parse(readFileSync(new URL(`${provider}.json`, FIXTURES), 'utf8')) as ProviderFixture;
}

/** The hosts the recordings name, rewritten to the fake's. */
const REAL_API_ROOTS: Record<GitProviderSlug, string> = {
  github: 'https://api.github.com',
  gitlab: 'https://gitlab.com/api/v4',
  bitbucket: 'https://api.bitbucket.org/2.0',
};
const API_PREFIX: Record<GitProviderSlug, string> = {
  github: '/github/api',
  gitlab: '/gitlab/api/v4',
  bitbucket: '/bitbucket/api/2.0',
};
const TOKEN_PATH: Record<GitProviderSlug, string> = {
  github: '/github/login/oauth/access_token',
  gitlab: '/gitlab/oauth/token',
  bitbucket: '/bitbucket/site/oauth2/access_token',
};
const AUTHORIZE_PATH: Record<GitProviderSlug, string> = {
  github: '/github/login/oauth/authorize',
  gitlab: '/gitlab/oauth/authorize',
  bitbucket: '/bitbucket/site/oauth2/authorize',
};
const PROVIDERS: GitProviderSlug[] = ['github', 'gitlab', 'bitbucket'];

/** Tokens the fake always accepts, for adapter tests that skip the OAuth dance. */
export const FAKE_TOKENS: Record<GitProviderSlug, string> = {
  github: 'gho_16C7e42F292c6912E7710c838347Ae178B4a',
  gitlab: 'de6780bc506a0446309bd9362820ba8aed28aa506c71eedbe1c5c4f9dd350e54',
  bitbucket: 'Ue3H2q-recorded-bitbucket-access-token',
};
/** The OAuth applications the fake knows (what tests give the panel as *_CLIENT_ID/SECRET). */
export const FAKE_CLIENTS: Record<GitProviderSlug, { id: string; secret: string }> = {
  github: { id: 'Iv1.8a61f9b3a7aba766', secret: 'github-client-secret-recorded' },
  gitlab: { id: 'gitlab-application-id-recorded', secret: 'gloas-gitlab-client-secret' },
  bitbucket: { id: 'bbConsumerKeyRecorded', secret: 'bbConsumerSecretRecorded' },
};

export interface FakeGitRequest {
  provider: GitProviderSlug;
  method: string;
  /** The path after the provider's API or web root, query string included. */
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeGitFailure {
  provider: GitProviderSlug;
  method?: string;
  path?: RegExp;
  error: keyof ProviderFixture['errors'];
  times?: number;
}

/**
 * A GitHub account the next authorization signs in as (social sign-in, socialites): tokens issued
 * for it answer `/user` and `/user/emails` with it, in GitHub's documented shapes.
 */
export interface FakeGithubIdentity {
  id: number;
  login: string;
  name: string | null;
  email: string;
  verified: boolean;
}

export interface GitProviderFake {
  /**
   * Who the next GitHub authorization approves as (once; the others: the recorded account). With
   * `redirectUri`, only an authorization returning there takes it: the browser tests share one fake
   * between files running at once, and another file's repository connection must stay octocat.
   */
  signInAs(identity: FakeGithubIdentity, redirectUri?: string): void;
  url: string;
  /** The settings a panel takes to use this fake (the config variables, by name). */
  env: Record<string, string>;
  apiUrl(provider: GitProviderSlug): string;
  oauthUrl(provider: GitProviderSlug): string;
  /** API calls and token requests, in order. */
  requests: FakeGitRequest[];
  failNext(failure: FakeGitFailure): void;
  /** The provider refuses every access token it issued (expired or revoked); refresh tokens still work. */
  expireAccessTokens(provider: GitProviderSlug): void;
  /** The provider refuses the refresh tokens too (the user revoked the application). */
  revokeRefreshTokens(provider: GitProviderSlug): void;
  /** The next authorize answers access_denied (the user clicked Cancel). */
  denyNext(provider: GitProviderSlug): void;
  close(): Promise<void>;
}

const random = (bytes = 20) => randomBytes(bytes).toString('hex');

function fill(value: string, now: number): string {
  return value
    .replace(/\{reset\+(\d+)\}/g, (_, seconds: string) => String(Math.floor(now / 1000) + Number(seconds)))
    .replace(/\{resettime\+(\d+)\}/g, (_, seconds: string) =>
      new Date(now + Number(seconds) * 1000).toUTCString(),
    );
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startGitProviderFake(
  options: {
    port?: number;
    host?: string;
    /**
     * Runs before an API call is answered, as the provider acts before it answers: a test puts a
     * deploy key the panel adds where its git server reads it, so the first deploy can use it.
     */
    beforeAnswer?: (request: FakeGitRequest) => Promise<void>;
  } = {},
): Promise<GitProviderFake> {
  const fixtures = Object.fromEntries(
    PROVIDERS.map((provider) => [provider, gitFixture(provider)]),
  ) as Record<GitProviderSlug, ProviderFixture>;
  const requests: FakeGitRequest[] = [];
  const failures: FakeGitFailure[] = [];
  const accessTokens = new Map<GitProviderSlug, Set<string>>(
    PROVIDERS.map((provider) => [provider, new Set([FAKE_TOKENS[provider]])]),
  );
  const refreshTokens = new Map<GitProviderSlug, Set<string>>(
    PROVIDERS.map((provider) => [provider, new Set()]),
  );
  const codes = new Map<string, { provider: GitProviderSlug; clientId: string; redirectUri: string }>();
  const denied = new Set<GitProviderSlug>();
  let nextIdentity: { identity: FakeGithubIdentity; redirectUri?: string } | null = null;
  const identityOfCode = new Map<string, FakeGithubIdentity>();
  const identityOfToken = new Map<string, FakeGithubIdentity>();
  let root = '';

  function send(
    response: ServerResponse,
    provider: GitProviderSlug,
    answer: RecordedAnswer,
    withDefaults: boolean,
    values: Record<string, string> = {},
  ) {
    const now = Date.now();
    const rewrite = (text: string) =>
      fill(text.split(REAL_API_ROOTS[provider]).join(`${root}${API_PREFIX[provider]}`), now);
    const headers = { ...(withDefaults ? fixtures[provider].headers : {}), ...answer.headers };
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, rewrite(value));
    response.statusCode = answer.status;
    if (answer.text !== undefined) {
      response.end(answer.text);
      return;
    }
    let json = rewrite(JSON.stringify(answer.body ?? null));
    for (const [name, value] of Object.entries(values)) json = json.split(`{${name}}`).join(value);
    if (!response.hasHeader('content-type')) response.setHeader('content-type', 'application/json');
    response.end(json);
  }

  function issueTokens(provider: GitProviderSlug): Record<string, string> {
    const access = `${provider}-access-${random()}`;
    const refresh = `${provider}-refresh-${random()}`;
    accessTokens.get(provider)!.add(access);
    refreshTokens.get(provider)!.add(refresh);
    return { access_token: access, refresh_token: refresh };
  }

  function authorize(provider: GitProviderSlug, url: URL, response: ServerResponse) {
    const clientId = url.searchParams.get('client_id');
    const redirectUri = url.searchParams.get('redirect_uri');
    const state = url.searchParams.get('state');
    if (clientId !== FAKE_CLIENTS[provider].id || !redirectUri) {
      response.statusCode = 400;
      response.end('unknown client or redirect_uri');
      return;
    }
    const target = new URL(redirectUri);
    if (denied.delete(provider)) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set(
        'error_description',
        'The resource owner or authorization server denied the request.',
      );
    } else {
      const code = random(10);
      codes.set(code, { provider, clientId, redirectUri });
      if (
        provider === 'github' &&
        nextIdentity &&
        (nextIdentity.redirectUri === undefined || nextIdentity.redirectUri === redirectUri)
      ) {
        identityOfCode.set(code, nextIdentity.identity);
        nextIdentity = null;
      }
      target.searchParams.set('code', code);
    }
    if (state !== null) target.searchParams.set('state', state);
    response.statusCode = 302;
    response.setHeader('location', target.toString());
    response.end();
  }

  function token(provider: GitProviderSlug, request: IncomingMessage, raw: string, response: ServerResponse) {
    const form = new URLSearchParams(raw);
    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      clientId = id ?? null;
      clientSecret = secret ?? null;
    }
    const fixture = fixtures[provider].oauth;
    const client = FAKE_CLIENTS[provider];
    const clientOk = clientId === client.id && clientSecret === client.secret;
    const grant = form.get('grant_type') ?? (provider === 'github' ? 'authorization_code' : null);
    if (clientOk && grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      const issued = codes.get(code);
      codes.delete(code);
      if (issued && issued.provider === provider && issued.redirectUri === form.get('redirect_uri')) {
        const tokens = issueTokens(provider);
        const identity = identityOfCode.get(code);
        if (identity) identityOfToken.set(tokens.access_token!, identity);
        send(response, provider, fixture.token, false, tokens);
        return;
      }
    }
    if (clientOk && grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      if (refreshTokens.get(provider)!.delete(refresh)) {
        send(response, provider, fixture.token, false, issueTokens(provider));
        return;
      }
    }
    send(response, provider, fixture.refused, false);
  }

  function api(
    provider: GitProviderSlug,
    request: IncomingMessage,
    path: string,
    raw: string,
    response: ServerResponse,
  ) {
    const fixture = fixtures[provider];
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !accessTokens.get(provider)!.has(bearer)) {
      send(response, provider, fixture.errors.unauthorized, true);
      return;
    }
    const failure = failures.find(
      (candidate) =>
        candidate.provider === provider &&
        (!candidate.method || candidate.method === request.method) &&
        (!candidate.path || candidate.path.test(path)),
    );
    if (failure) {
      failure.times = (failure.times ?? 1) - 1;
      if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
      send(response, provider, fixture.errors[failure.error], true);
      return;
    }
    const identity = identityOfToken.get(bearer);
    if (identity && request.method === 'GET' && (path === '/user' || path === '/user/emails')) {
      const recorded = fixture.recordings.find((candidate) => candidate.path === '/user')!;
      const body =
        path === '/user'
          ? {
              ...(recorded.body as object),
              id: identity.id,
              login: identity.login,
              name: identity.name,
              email: identity.verified ? identity.email : null,
            }
          : [{ email: identity.email, primary: true, verified: identity.verified, visibility: 'private' }];
      send(response, provider, { status: 200, body }, true);
      return;
    }
    const recording = fixture.recordings.find(
      (candidate) => candidate.method === request.method && candidate.path === path,
    );
    send(response, provider, recording ?? fixture.errors.notFound, true);
  }

  const server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://fake');
      // The raw path keeps %2F as GitLab's project ids need it.
      const rawPath = (request.url ?? '/').split('?')[0]!;
      if (rawPath === '/health') {
        response.end('ok');
        return;
      }
      // The browser tests drive the fake from another process: POST /__control/{action}/{provider}.
      if (rawPath === '/__control/identity/github' && request.method === 'POST') {
        const { redirect_uri: redirectUri, ...identity } = JSON.parse(raw) as FakeGithubIdentity & {
          redirect_uri?: string;
        };
        nextIdentity = { identity, ...(redirectUri === undefined ? {} : { redirectUri }) };
        response.statusCode = 204;
        response.end();
        return;
      }
      const control = /^\/__control\/(expire|revoke|deny)\/(github|gitlab|bitbucket)$/.exec(rawPath);
      if (control && request.method === 'POST') {
        const provider = control[2] as GitProviderSlug;
        if (control[1] === 'expire') accessTokens.get(provider)!.clear();
        if (control[1] === 'revoke') {
          accessTokens.get(provider)!.clear();
          refreshTokens.get(provider)!.clear();
        }
        if (control[1] === 'deny') denied.add(provider);
        response.statusCode = 204;
        response.end();
        return;
      }
      for (const provider of PROVIDERS) {
        let body: unknown = raw;
        try {
          body = raw ? (JSON.parse(raw) as unknown) : null;
        } catch {
          body = raw;
        }
        if (rawPath.startsWith(`${API_PREFIX[provider]}/`)) {
          const path = (request.url ?? '/').slice(API_PREFIX[provider].length);
          const recorded: FakeGitRequest = {
            provider,
            method: request.method ?? 'GET',
            path,
            authorization: request.headers.authorization,
            body,
          };
          requests.push(recorded);
          await options.beforeAnswer?.(recorded);
          api(provider, request, path, raw, response);
          return;
        }
        if (rawPath === AUTHORIZE_PATH[provider] && request.method === 'GET') {
          authorize(provider, url, response);
          return;
        }
        if (rawPath === TOKEN_PATH[provider] && request.method === 'POST') {
          requests.push({
            provider,
            method: 'POST',
            path: rawPath.slice(provider.length + 1),
            authorization: request.headers.authorization,
            body: Object.fromEntries(new URLSearchParams(raw)),
          });
          token(provider, request, raw, response);
          return;
        }
      }
      response.statusCode = 404;
      response.end('not a path of the git providers fake');
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  root = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  const apiUrl = (provider: GitProviderSlug) => `${root}${API_PREFIX[provider]}`;
  const oauthUrl = (provider: GitProviderSlug) => `${root}/${provider}`;
  const env: Record<string, string> = {};
  for (const provider of PROVIDERS) {
    const name = provider.toUpperCase();
    env[`${name}_API_URL`] = apiUrl(provider);
    env[`${name}_OAUTH_URL`] = oauthUrl(provider);
    env[`${name}_CLIENT_ID`] = FAKE_CLIENTS[provider].id;
    env[`${name}_CLIENT_SECRET`] = FAKE_CLIENTS[provider].secret;
  }
  return {
    url: root,
    env,
    apiUrl,
    oauthUrl,
    requests,
    signInAs: (identity, redirectUri) => {
      nextIdentity = { identity, ...(redirectUri === undefined ? {} : { redirectUri }) };
    },
    failNext: (failure) => failures.push(failure),
    expireAccessTokens: (provider) => accessTokens.get(provider)!.clear(),
    revokeRefreshTokens: (provider) => {
      accessTokens.get(provider)!.clear();
      refreshTokens.get(provider)!.clear();
    },
    denyNext: (provider) => denied.add(provider),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
