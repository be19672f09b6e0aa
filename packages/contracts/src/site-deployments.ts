import { z } from 'zod';
import { eventSchema } from './events.js';
import { hasControlCharacters, isDomain, isIpv4 } from './grammars.js';
import { pageQuerySchema, paginatedSchema } from './pagination.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';
import { defineRoutes } from './route-contract.js';

/**
 * Payloads and calls of the deployments and commands of a site (spec/000 §3, §4 "Deploy now
 * creates an event and a deployment record added to the top of the list", §7 deploys, commands).
 *
 * The repository URL and the branch reach `git clone` on the server (as environment values, after
 * `--`), so their grammars refuse what git would read as an option or as a local or helper
 * transport (`--upload-pack=…`, `-oProxyCommand=…`, `ext::sh -c …`, `file:///etc`, a bare path).
 */

export const REPOSITORY_MAX_LENGTH = 512;
export const BRANCH_MAX_LENGTH = 255;
export const DEPLOY_SCRIPT_MAX_LENGTH = 65_536;
export const DEPLOY_ENVIRONMENT_MAX_LENGTH = 65_536;
export const SITE_COMMAND_MAX_LENGTH = 4096;
/** Releases kept on the server after a deployment (the live one is never removed). */
export const DEPLOY_RELEASES_KEPT = 5;
/** A release directory name: the UTC time of the deployment, YYYYMMDDHHmmss. */
export const RELEASE_PATTERN = /^[0-9]{14}$/;

/** The deploy script a new site starts with: run in the new release before it goes live. */
export const DEFAULT_DEPLOY_SCRIPT = [
  '# Runs as the site user in the new release directory before it goes live.',
  '# $HOSTDECK_RELEASE is that directory, $HOSTDECK_SITE_PATH the site home.',
  '# A failing command stops the deployment; the live site stays as it was.',
  '',
  '# composer install --no-interaction --prefer-dist --optimize-autoloader',
  '# npm ci && npm run build',
  '',
].join('\n');

// ---------------------------------------------------------------------------------------------
// Grammars

/** A user name in `user@host`: git's usual `git`, or another plain name. */
const URL_USER_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,63}$/;
/** One host label, any case (hosts are case-insensitive); never starting with '-'. */
const HOST_LABEL_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** One segment of a repository path: no spaces, quotes, shell characters, '%', '\\' or ':'. */
const PATH_SEGMENT_PATTERN = /^[A-Za-z0-9._~+@=,-]+$/;

function isRepositoryHost(host: string): boolean {
  if (isIpv4(host)) return true;
  // A single label (`gitlab`, `localhost`) is a valid host on a private network.
  if (HOST_LABEL_PATTERN.test(host)) return true;
  return isDomain(host.toLowerCase());
}

function isPort(text: string): boolean {
  if (!/^[1-9][0-9]{0,4}$/.test(text)) return false;
  return Number(text) <= 65535;
}

/** `a/b/repo.git`: at least one segment, no empty, `.` or `..` segment (a trailing '/' refused). */
function isRepositoryPath(path: string): boolean {
  if (path === '') return false;
  return path
    .split('/')
    .every((segment) => PATH_SEGMENT_PATTERN.test(segment) && segment !== '.' && segment !== '..');
}

/**
 * A repository URL git clones over the network, in one of three forms:
 * - `user@host:path` (scp-like SSH, e.g. `git@github.com:user/repo.git` or `git@host:/srv/repo.git`);
 * - `ssh://[user@]host[:port]/path` (e.g. `ssh://git@host:2222/path/repo.git`);
 * - `https://host[:port]/path` (no credentials in the URL: it is stored and shown in clear).
 * Everything else is refused: other schemes (`file://`, `ext::`, `http://`, `git://`), local
 * paths, whitespace, control characters, a leading '-', query strings and percent-encoding.
 */
export function isRepositoryUrl(value: string): boolean {
  if (value.length > REPOSITORY_MAX_LENGTH || hasControlCharacters(value) || value.startsWith('-'))
    return false;
  if (/\s/.test(value)) return false;
  const remote = /^(ssh|https):\/\/(?:([^@/]+)@)?([^@/:]+)(?::([0-9]+))?\/(.+)$/.exec(value);
  if (remote) {
    const [, scheme, user, host = '', port, path = ''] = remote;
    if (user !== undefined && (scheme === 'https' || !URL_USER_PATTERN.test(user))) return false;
    if (port !== undefined && !isPort(port)) return false;
    return isRepositoryHost(host) && isRepositoryPath(path);
  }
  if (value.includes('://')) return false;
  // scp-like: git reads `user@host:path` as SSH only when no '/' comes before the first ':'.
  const scp = /^([^@/:]+)@([^@/:]+):(.+)$/.exec(value);
  if (!scp) return false;
  const [, user = '', host = '', path = ''] = scp;
  // `git@host:/srv/repo.git` (an absolute path on the host) is as valid as a relative one.
  const relative = path.startsWith('/') ? path.slice(1) : path;
  return URL_USER_PATTERN.test(user) && isRepositoryHost(host) && isRepositoryPath(relative);
}

/**
 * A branch name as git accepts it, narrowed: `^[A-Za-z0-9._/-]{1,255}$`, not starting with '-',
 * '/' or '.', no `..`, `//` or `/.`, not ending with '/', '.' or `.lock`.
 */
export function isBranchName(value: string): boolean {
  if (value.length > BRANCH_MAX_LENGTH || !/^[A-Za-z0-9._/-]+$/.test(value)) return false;
  if (/^[-/.]/.test(value) || /[/.]$/.test(value) || value.endsWith('.lock')) return false;
  return !value.includes('..') && !value.includes('//') && !value.includes('/.') && !value.includes('/-');
}

function textGrammar(accepts: (value: string) => boolean) {
  return z
    .string()
    .min(1, { abort: true })
    .refine(accepts, { message: VALIDATION_MESSAGES.invalid, abort: true });
}

export const repositoryUrlSchema = textGrammar(isRepositoryUrl);
export const branchSchema = textGrammar(isBranchName);

/** Free text for the server: any characters but NUL (a script, an .env file, a command). */
function freeText(maxLength: number, minLength = 0) {
  return z
    .string()
    .min(minLength, { abort: true })
    .max(maxLength, { message: VALIDATION_MESSAGES.invalid, abort: true })
    .refine((value) => !value.includes('\0'), { message: VALIDATION_MESSAGES.invalid });
}

export const deployScriptSchema = freeText(DEPLOY_SCRIPT_MAX_LENGTH);
export const deployEnvironmentSchema = freeText(DEPLOY_ENVIRONMENT_MAX_LENGTH);
/** A command run in the site's directory: 1-4096 characters, no NUL (newlines allowed). */
export const siteCommandTextSchema = freeText(SITE_COMMAND_MAX_LENGTH, 1);

// ---------------------------------------------------------------------------------------------
// Requests

/** PUT api/sites/{site}/repository. */
export const siteRepositoryRequestSchema = z.strictObject({
  repository: repositoryUrlSchema,
  branch: branchSchema,
});
/** PUT api/sites/{site}/branch. */
export const siteBranchRequestSchema = z.strictObject({ branch: branchSchema });
/** PUT api/sites/{site}/deploys/script. */
export const deployScriptRequestSchema = z.strictObject({ script: deployScriptSchema });
/** PUT api/sites/{site}/deploys/variables: the whole `.env` text. */
export const deployVariablesRequestSchema = z.strictObject({ environment: deployEnvironmentSchema });
/** POST api/sites/{site}/deploys/auto. */
export const autoDeployRequestSchema = z.strictObject({ enabled: z.boolean() });
/** POST api/sites/{site}/commands. */
export const siteCommandRequestSchema = z.strictObject({ command: siteCommandTextSchema });
export const deploymentListQuerySchema = pageQuerySchema;

// ---------------------------------------------------------------------------------------------
// Answers

export const DEPLOYMENT_TRIGGERS = ['manual', 'webhook', 'rollback'] as const;
export const DEPLOYMENT_STATUSES = ['pending', 'running', 'finished', 'failed'] as const;

/** A site's deployment settings. The deploy key's private half and the token never leave the panel. */
export const deploySettingsSchema = z.object({
  repository: z.string().nullable(),
  branch: z.string().nullable(),
  script: z.string(),
  /** The `.env` text (the user's own configuration); only managers of the site read it. */
  environment: z.string(),
  /** The deploy key to add to the git host (OpenSSH line), or null before one is generated. */
  public_key: z.string().nullable(),
  auto_deploy: z.boolean(),
  /** `{app}/api/servers/{server}/sites/{site}/deploy/http?token=…`: calling it deploys. */
  webhook_url: z.string(),
  current_release: z.string().nullable(),
});
export type DeploySettings = z.infer<typeof deploySettingsSchema>;
export const deploySettingsResponseSchema = z.object({ data: deploySettingsSchema });

export const deploymentSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  event_id: z.number().int().nullable(),
  trigger: z.enum(DEPLOYMENT_TRIGGERS),
  release: z.string(),
  branch: z.string().nullable(),
  commit: z.string().nullable(),
  status: z.enum(DEPLOYMENT_STATUSES),
  /** The release `current` points at now. */
  is_current: z.boolean(),
  user_name: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Deployment = z.infer<typeof deploymentSchema>;
export const deploymentListSchema = paginatedSchema(deploymentSchema);
/** 201 of deploys/now and of a rollback: the event (live output) and the new deployment record. */
export const deploymentStartedSchema = z.object({ event: eventSchema, deployment: deploymentSchema });
export type DeploymentStarted = z.infer<typeof deploymentStartedSchema>;

/** The public deploy URL's answer: what it started, or why it did nothing (a push to another branch). */
export const deployHookResponseSchema = z.object({
  message: z.string(),
  deployment_id: z.number().int().nullable(),
  event_id: z.number().int().nullable(),
});

export const siteCommandSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  event_id: z.number().int().nullable(),
  command: z.string(),
  /** The event's status (`pending`, `running`, `finished`, `error`…), or null when it is gone. */
  status: z.string().nullable(),
  is_finished: z.boolean(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type SiteCommand = z.infer<typeof siteCommandSchema>;
export const siteCommandListSchema = paginatedSchema(siteCommandSchema);
export const siteCommandStartedSchema = z.object({ event: eventSchema, command: siteCommandSchema });
export type SiteCommandStarted = z.infer<typeof siteCommandStartedSchema>;

/** Deployments and commands of a site (spec/000 §7). Paths use `:param` placeholders. */
export const deploymentRoutes = defineRoutes({
  settings: {
    method: 'GET',
    path: '/api/sites/:site/deploys/settings',
    response: deploySettingsResponseSchema,
  },
  setRepository: {
    body: siteRepositoryRequestSchema,
    method: 'PUT',
    path: '/api/sites/:site/repository',
    response: deploySettingsResponseSchema,
  },
  setBranch: {
    method: 'PUT',
    path: '/api/sites/:site/branch',
    body: siteBranchRequestSchema,
    response: deploySettingsResponseSchema,
  },
  setScript: {
    body: deployScriptRequestSchema,
    method: 'PUT',
    path: '/api/sites/:site/deploys/script',
    response: deploySettingsResponseSchema,
  },
  setVariables: {
    body: deployVariablesRequestSchema,
    method: 'PUT',
    path: '/api/sites/:site/deploys/variables',
    response: deploySettingsResponseSchema,
  },
  generateKey: {
    method: 'POST',
    path: '/api/sites/:site/deploys/key',
    response: deploySettingsResponseSchema,
  },
  deleteKey: {
    method: 'DELETE',
    path: '/api/sites/:site/deploys/key',
    response: deploySettingsResponseSchema,
  },
  refreshToken: {
    method: 'POST',
    path: '/api/sites/:site/deploys/refresh-token',
    response: deploySettingsResponseSchema,
  },
  autoDeploy: {
    body: autoDeployRequestSchema,
    method: 'POST',
    path: '/api/sites/:site/deploys/auto',
    response: deploySettingsResponseSchema,
  },
  deployNow: { method: 'POST', path: '/api/sites/:site/deploys/now', response: deploymentStartedSchema },
  listDeployments: {
    method: 'GET',
    path: '/api/sites/:site/deploys',
    query: deploymentListQuerySchema,
    response: deploymentListSchema,
  },
  rollback: {
    method: 'POST',
    path: '/api/sites/:site/deploys/:deployment/rollback',
    response: deploymentStartedSchema,
  },
  /** Public: authenticated by the site's deploy token (query `token`, or GitHub's signature). */
  deployHook: {
    method: 'POST',
    path: '/api/servers/:server/sites/:site/deploy/http',
    response: deployHookResponseSchema,
  },
  listCommands: {
    method: 'GET',
    path: '/api/sites/:site/commands',
    query: deploymentListQuerySchema,
    response: siteCommandListSchema,
  },
  runCommand: {
    method: 'POST',
    path: '/api/sites/:site/commands',
    body: siteCommandRequestSchema,
    response: siteCommandStartedSchema,
  },
});
