import { z } from 'zod';
import { defineRoutes } from './route-contract.js';

/**
 * The account's git provider connections (issue 21 point 1, `/user/git`, spec/000 §2 `/user/git`,
 * §7 `api/organizations/{provider}`, `api/repositories/{provider}` and `…/branches`, §8 'Bitbucket
 * access token expired!'). Accounts are connected with OAuth; their tokens are sealed at rest and
 * never answered. Every name that reaches a provider's URL has a grammar here, so a hostile one is
 * a 422 before any outbound call. docs/git-providers.md.
 */

export const GIT_PROVIDER_SLUGS = ['github', 'gitlab', 'bitbucket'] as const;
export type GitProviderSlug = (typeof GIT_PROVIDER_SLUGS)[number];
/** Each provider's own spelling of its name. */
export const GIT_PROVIDER_NAMES: Record<GitProviderSlug, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  bitbucket: 'Bitbucket',
};

/** English messages (i18n keys); Vietnamese in apps/api/src/git-providers/git-providers.vi.ts. */
export const GIT_PROVIDER_MESSAGES = {
  unknownProvider: 'Choose GitHub, GitLab or Bitbucket',
  organization: 'An organization is 1 to 255 letters, digits and . _ - (not first), groups separated by /',
  repository: 'A repository is owner/name: letters, digits and . _ - (not first), groups separated by /',
  branch: 'A branch is 1 to 255 letters, digits and . _ - / (not first), without ".." or "//"',
  notConfigured: '{provider} is not set up on this panel: the operator must add its OAuth application',
  notConnected: 'Connect your {provider} account first',
  /** spec/000 §8, word for word for Bitbucket; the same sentence for the others. */
  expiredGithub: 'GitHub access token expired!',
  expiredGitlab: 'GitLab access token expired!',
  expiredBitbucket: 'Bitbucket access token expired!',
  rateLimited: '{provider} is limiting requests: try again in {seconds} seconds',
  refused: '{provider} refused: {message}',
  notFound: '{provider} has no such organization, repository or branch, or this account cannot see it',
  unreachable: '{provider} could not be reached: {message}',
} as const;

/** The §8 sentence for an expired or revoked token of a provider. */
export function gitTokenExpiredMessage(provider: GitProviderSlug): string {
  switch (provider) {
    case 'github':
      return GIT_PROVIDER_MESSAGES.expiredGithub;
    case 'gitlab':
      return GIT_PROVIDER_MESSAGES.expiredGitlab;
    case 'bitbucket':
      return GIT_PROVIDER_MESSAGES.expiredBitbucket;
  }
}

/** Why an OAuth callback came back to `/user/git?git_error=…` (the page words it). */
export const GIT_OAUTH_ERRORS = ['state', 'denied', 'exchange', 'not-configured'] as const;
export type GitOauthError = (typeof GIT_OAUTH_ERRORS)[number];

export const gitProviderSlugSchema = z.enum(GIT_PROVIDER_SLUGS, {
  message: GIT_PROVIDER_MESSAGES.unknownProvider,
});

/** One path segment at a provider: a login, group, workspace or repository slug. */
const SEGMENT = '[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}';
export const GIT_ORGANIZATION_PATTERN = new RegExp(`^${SEGMENT}(?:/${SEGMENT}){0,19}$`);
export const GIT_REPOSITORY_PATTERN = new RegExp(`^${SEGMENT}(?:/${SEGMENT}){1,20}$`);
export const GIT_BRANCH_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_./-]{0,254}$/;

/** A segment may not be `..`-like or end in `.git`'s kin of surprises: no `..` anywhere. */
function isPath(value: string, pattern: RegExp): boolean {
  return value.length <= 255 && pattern.test(value) && !value.includes('..');
}

export const gitOrganizationSchema = z.string().refine((value) => isPath(value, GIT_ORGANIZATION_PATTERN), {
  message: GIT_PROVIDER_MESSAGES.organization,
});
export const gitRepositorySchema = z
  .string()
  .refine((value) => isPath(value, GIT_REPOSITORY_PATTERN), { message: GIT_PROVIDER_MESSAGES.repository });
/** A branch as git's check-ref-format takes it, narrowed to what a URL carries without escapes. */
export const gitBranchSchema = z
  .string()
  .refine(
    (value) =>
      GIT_BRANCH_PATTERN.test(value) &&
      !value.includes('..') &&
      !value.includes('//') &&
      !value.includes('/.') &&
      !value.endsWith('/') &&
      !value.endsWith('.') &&
      !value.endsWith('.lock'),
    { message: GIT_PROVIDER_MESSAGES.branch },
  );

/** GET api/git/providers: a provider, whether the operator configured it and the caller's connection. */
export const gitConnectionSchema = z.object({
  provider: gitProviderSlugSchema,
  name: z.string(),
  /** The operator gave the panel an OAuth application for it (client id and secret). */
  configured: z.boolean(),
  connected: z.boolean(),
  /** The connected account's login. */
  account_name: z.string().nullable(),
  /** The provider refused the token and no refresh brought it back: reconnect. */
  expired: z.boolean(),
  connected_at: z.string().nullable(),
});
export type GitConnection = z.infer<typeof gitConnectionSchema>;

export const gitOrganizationItemSchema = z.object({
  /** What `organization=` takes: a login, a GitLab group's full path, a Bitbucket workspace slug. */
  id: z.string(),
  name: z.string(),
  /** The account's own namespace, or an organization, group or workspace it belongs to. */
  kind: z.enum(['user', 'organization']),
});
export type GitOrganizationItem = z.infer<typeof gitOrganizationItemSchema>;

export const gitRepositoryItemSchema = z.object({
  /** `owner/name` (GitLab: the full path); what `repository=` takes. */
  full_name: z.string(),
  name: z.string(),
  private: z.boolean(),
  default_branch: z.string().nullable(),
  ssh_url: z.string().nullable(),
  clone_url: z.string().nullable(),
});
export type GitRepositoryItem = z.infer<typeof gitRepositoryItemSchema>;

export const gitBranchItemSchema = z.object({ name: z.string() });
export type GitBranchItem = z.infer<typeof gitBranchItemSchema>;

const providerParams = z.object({ provider: gitProviderSlugSchema });

export const gitProviderRoutes = defineRoutes({
  connections: {
    method: 'GET',
    path: '/api/git/providers',
    response: z.object({ data: z.array(gitConnectionSchema) }),
  },
  /**
   * Starts the OAuth dance: the address to send the browser to (with a fresh single-use state).
   * The provider is in the body: the route names no object (the caller's own connection).
   */
  connect: {
    method: 'POST',
    path: '/api/git/connect',
    body: z.strictObject({ provider: gitProviderSlugSchema }),
    response: z.object({ data: z.object({ url: z.string() }) }),
  },
  /**
   * Where every provider sends the browser back (the provider is the one the state was made for);
   * answers with a redirect to `/user/git`.
   */
  callback: {
    method: 'GET',
    path: '/api/git/oauth/callback',
    query: z.object({
      code: z.string().max(2048).optional(),
      state: z.string().max(256).optional(),
      error: z.string().max(256).optional(),
    }),
  },
  disconnect: { method: 'DELETE', path: '/api/git/providers/:provider', params: providerParams },
  organizations: {
    method: 'GET',
    path: '/api/organizations/:provider',
    params: providerParams,
    response: z.object({ data: z.array(gitOrganizationItemSchema) }),
  },
  repositories: {
    method: 'GET',
    path: '/api/repositories/:provider',
    params: providerParams,
    query: z.strictObject({ organization: gitOrganizationSchema.optional() }),
    response: z.object({ data: z.array(gitRepositoryItemSchema) }),
  },
  branches: {
    method: 'GET',
    path: '/api/repositories/:provider/branches',
    params: providerParams,
    query: z.strictObject({ repository: gitRepositorySchema }),
    response: z.object({ data: z.array(gitBranchItemSchema) }),
  },
});
