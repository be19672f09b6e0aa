import { z } from 'zod';
import { DEFAULT_MTPROXY_DOWNLOAD_URL, mtproxyDownloadUrlSchema } from '@hostdeck/contracts/mtproxy';
import { defineRecipe } from '../recipe.js';
import {
  DEFAULT_NPM_REGISTRY,
  applicationNameInputSchema,
  npmRegistryInputSchema,
} from './application-inputs.js';
import { applicationEnvironment } from './catalogue.js';

const MINUTE = 60_000;

/**
 * Installs one application of the catalogue (spec/000 §3 Application), idempotent: a second run
 * installs nothing and prints no `change` line. `check` refuses what cannot work before anything
 * changes (an unsupported system, a second web server for port 80, MySQL beside MariaDB);
 * `repository` adds ondrej/sury, repo.mysql.com, MongoDB or LiteSpeed only when the configured
 * sources lack the packages; `install` runs apt (or npm, or a build from source); `enable` starts
 * the service and checks it runs.
 */
export const applicationInstall = defineRecipe({
  id: 'application-install',
  // npm_registry: where PM2 comes from (a mirror the server can reach; the tests' verdaccio).
  // mtproxy_download_url: where mtg comes from (config MTPROXY_DOWNLOAD_URL; the tests' host mirror).
  input: z.strictObject({
    name: applicationNameInputSchema,
    npm_registry: npmRegistryInputSchema.default(DEFAULT_NPM_REGISTRY),
    mtproxy_download_url: mtproxyDownloadUrlSchema.default(DEFAULT_MTPROXY_DOWNLOAD_URL),
  }),
  steps: [
    {
      id: 'check',
      title: 'Check the server can run it',
      script: 'applications/check.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
    {
      id: 'repository',
      title: 'Add its package repository when needed',
      script: 'applications/repository.sh',
      timeoutMs: 10 * MINUTE,
      idempotent: true,
    },
    {
      id: 'install',
      title: 'Install the application',
      script: 'applications/install.sh',
      timeoutMs: 30 * MINUTE,
      idempotent: true,
    },
    {
      id: 'enable',
      title: 'Enable and start its service',
      script: 'applications/enable.sh',
      timeoutMs: 3 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    ...applicationEnvironment(input.name),
    ...(input.name === 'pm2' ? { HD_NPM_REGISTRY: input.npm_registry } : {}),
    ...(input.name === 'mtproxy' ? { HD_MTPROXY_DOWNLOAD_URL: input.mtproxy_download_url } : {}),
  }),
  example: { name: 'nginx' },
});
