import { z } from 'zod';
import {
  DEPLOY_ENVIRONMENT_MAX_LENGTH,
  DEPLOY_RELEASES_KEPT,
  DEPLOY_SCRIPT_MAX_LENGTH,
  branchSchema,
  domainSchema,
  repositoryUrlSchema,
} from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import { deployUserSchema, flag, releaseNameSchema, stdinText } from './deployment-inputs.js';

const MINUTE = 60_000;
/** An OpenSSH private key is a few hundred bytes; anything near this is not one. */
const DEPLOY_KEY_MAX_BYTES = 16 * 1024;
/** The text limits count characters; UTF-8 may take up to 4 bytes for one. */
const BYTES_PER_CHARACTER = 4;

/**
 * Deploys a site from git into a new release (plan: {home}/releases/{release}, {home}/shared/.env,
 * {home}/current switched atomically). `prepare` writes the .env and deploy key, `fetch` clones
 * the branch, `build` runs the deploy script in the release, `activate` swaps `current`, `prune`
 * keeps the newest releases. A failing fetch or build deletes that release before `activate`, so
 * the live site is never replaced by a broken one.
 */
export const siteDeploy = defineRecipe({
  id: 'site-deploy',
  input: z.strictObject({
    site: domainSchema,
    linux_user: deployUserSchema,
    release: releaseNameSchema,
    repository: repositoryUrlSchema,
    branch: branchSchema,
    /** Whether the panel holds an environment text to write to shared/.env (else it is kept). */
    write_environment: z.boolean(),
    /** The OpenSSH private key, empty when the site has none (public https repository). */
    deploy_key: stdinText(DEPLOY_KEY_MAX_BYTES),
    environment: stdinText(DEPLOY_ENVIRONMENT_MAX_LENGTH * BYTES_PER_CHARACTER),
    script: stdinText(DEPLOY_SCRIPT_MAX_LENGTH * BYTES_PER_CHARACTER),
  }),
  steps: [
    {
      id: 'prepare',
      title: 'Prepare the release folders, .env and deploy key',
      script: 'deployments/prepare.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
    {
      id: 'fetch',
      title: 'Clone the repository',
      script: 'deployments/fetch.sh',
      timeoutMs: 15 * MINUTE,
      idempotent: true,
    },
    {
      id: 'build',
      title: 'Run the deploy script',
      script: 'deployments/build.sh',
      timeoutMs: 30 * MINUTE,
      idempotent: false,
    },
    {
      id: 'activate',
      title: 'Switch the site to the new release',
      script: 'deployments/activate.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
    {
      id: 'prune',
      title: 'Remove old releases',
      script: 'deployments/prune.sh',
      timeoutMs: 5 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_LINUX_USER: input.linux_user,
    HD_RELEASE: input.release,
    HD_REPOSITORY: input.repository,
    HD_BRANCH: input.branch,
    HD_WRITE_ENVIRONMENT: flag(input.write_environment),
    HD_KEEP_RELEASES: String(DEPLOY_RELEASES_KEPT),
  }),
  // Each part ends with a NUL; none holds one (stdinText).
  secrets: (input) =>
    Buffer.concat([
      input.deploy_key,
      Buffer.from([0]),
      input.environment,
      Buffer.from([0]),
      input.script,
      Buffer.from([0]),
    ]),
  example: {
    site: 'example.com',
    linux_user: 'hostdeck',
    release: '20240101120000',
    repository: 'git@github.com:user/repo.git',
    branch: 'main',
    write_environment: true,
    deploy_key: Buffer.from('-----BEGIN OPENSSH PRIVATE KEY-----\n…\n-----END OPENSSH PRIVATE KEY-----\n'),
    environment: Buffer.from('APP_ENV=production\n'),
    script: Buffer.from('composer install --no-dev\n'),
  },
});

/** Points a site's `current` back at a release that is still on the server. */
export const siteRollback = defineRecipe({
  id: 'site-rollback',
  input: z.strictObject({
    site: domainSchema,
    linux_user: deployUserSchema,
    release: releaseNameSchema,
  }),
  steps: [
    {
      id: 'activate',
      title: 'Switch the site to the earlier release',
      script: 'deployments/activate.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_LINUX_USER: input.linux_user,
    HD_RELEASE: input.release,
  }),
  example: { site: 'example.com', linux_user: 'hostdeck', release: '20240101120000' },
});
