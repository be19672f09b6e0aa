import type {
  GitBranchItem,
  GitOrganizationItem,
  GitProviderSlug,
  GitRepositoryItem,
} from '@hostdeck/contracts/git-providers';

/**
 * One git provider behind one interface (issue 21, docs/git-providers.md): GitHub (REST v3), GitLab
 * (v4) and Bitbucket (2.0), a file each under providers/. Lists read every page the provider
 * offers; each method throws `GitProviderError`, never a raw HTTP error.
 */
export interface GitAccount {
  /** The provider's id of the account (a number at GitHub and GitLab, a uuid at Bitbucket). */
  id: string;
  login: string;
}

export interface DeployKeyInput {
  title: string;
  /** An OpenSSH public key line. */
  key: string;
}

export interface PushWebhookInput {
  url: string;
  /** Signs (GitHub, Bitbucket) or accompanies (GitLab's X-Gitlab-Token) each delivery. */
  secret: string;
}

export interface GitProviderAdapter {
  readonly provider: GitProviderSlug;
  currentAccount(): Promise<GitAccount>;
  /** The account's own namespace first, then the organizations, groups or workspaces it is in. */
  listOrganizations(): Promise<GitOrganizationItem[]>;
  /** The repositories of one organization (or the account's own), or every one the account can see. */
  listRepositories(organization?: string): Promise<GitRepositoryItem[]>;
  listBranches(repository: string): Promise<GitBranchItem[]>;
  /** A read-only deploy key on the repository; answers the provider's id of the key. */
  addDeployKey(repository: string, key: DeployKeyInput): Promise<{ id: string }>;
  /** A webhook called on every push; answers the provider's id of the hook. */
  addPushWebhook(repository: string, hook: PushWebhookInput): Promise<{ id: string }>;
}

export type GitProviderErrorKind = 'expired' | 'rate-limited' | 'not-found' | 'refused' | 'unreachable';

/**
 * A provider's failure. `message` is the provider's own words ("Bad credentials", a socket error),
 * shown inside a translated sentence. `expired` is a token the provider no longer takes (expired
 * or revoked): the user reconnects.
 */
export class GitProviderError extends Error {
  constructor(
    readonly kind: GitProviderErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'GitProviderError';
  }
}
