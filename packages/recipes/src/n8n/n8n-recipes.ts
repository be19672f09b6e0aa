import { z } from 'zod';
import {
  DEFAULT_N8N_NODE_URL,
  DEFAULT_N8N_VERSION,
  n8nActionSchema,
  n8nEmailSchema,
  n8nIdSchema,
  n8nImportFileSchema,
  n8nReadSchema,
  n8nSourceUrlSchema,
  n8nVersionSchema,
} from '@hostdeck/contracts/n8n';
import { domainSchema, siteOwnerSchema } from '@hostdeck/contracts/grammars';
import { defineRecipe } from '../recipe.js';

/**
 * n8n on a site (apps/api/src/n8n, docs/n8n.md). Every path and name is computed here from the
 * grammar-checked domain and Linux user, so the scripts never build one from input:
 * - the site's home /home/USER/SITE is n8n's user folder (its data in `.n8n`, SQLite);
 * - each installed version is an npm project of its own, `.n8n-app/VERSION`, installed as USER;
 * - the environment (host, protocol, port, URLs, the encryption key made on the server) is
 *   root's `/etc/hostdeck/n8n/SITE.env` (0640 root:USER), read by the unit and by every CLI call;
 * - the unit `hostdeck-n8n-SITE.service` runs n8n as USER on 127.0.0.1:PORT;
 * - the site's vhost includes `_hostdeck-n8n.conf`, which proxies everything but the ACME
 *   challenges to it with the websocket upgrade headers.
 */

export const DEFAULT_N8N_NPM_REGISTRY = 'https://registry.npmjs.org/';
/** Where the Node.js runtime n8n runs on is unpacked (one per server, shared by its n8n sites). */
export const N8N_NODE_DIR = '/opt/hostdeck/n8n-node';

export const n8nUnitName = (site: string) => `hostdeck-n8n-${site}.service`;
export const n8nEnvironmentPath = (site: string) => `/etc/hostdeck/n8n/${site}.env`;
export const n8nIncludePath = (site: string) => `/etc/nginx/hostdeck/${site}/_hostdeck-n8n.conf`;
export const n8nHome = (user: string, site: string) => `/home/${user}/${site}`;
export const n8nBackupDir = (site: string) => `/var/lib/hostdeck/n8n-backups/${site}`;

/**
 * The port of a site's n8n on 127.0.0.1: one per site id, away from the usual service ports
 * (n8n's own default 5678 + 10000 + the id modulo 20000).
 */
export function n8nPort(siteId: number): number {
  return 15678 + (siteId % 20000);
}

const siteFields = {
  site: domainSchema,
  linux_user: siteOwnerSchema,
  port: z.number().int().min(1024).max(65535),
};

function siteEnvironment(input: { site: string; linux_user: string; port: number }) {
  return {
    HD_SITE: input.site,
    HD_LINUX_USER: input.linux_user,
    HD_PORT: String(input.port),
    HD_HOME: n8nHome(input.linux_user, input.site),
    HD_UNIT: n8nUnitName(input.site),
    HD_ENV_FILE: n8nEnvironmentPath(input.site),
    HD_INCLUDE_FILE: n8nIncludePath(input.site),
    HD_NODE_DIR: N8N_NODE_DIR,
    HD_BACKUP_DIR: n8nBackupDir(input.site),
  };
}

const sourceFields = {
  version: n8nVersionSchema.default(DEFAULT_N8N_VERSION),
  protocol: z.enum(['http', 'https']),
  node_url: n8nSourceUrlSchema.default(DEFAULT_N8N_NODE_URL),
  npm_registry: n8nSourceUrlSchema.default(DEFAULT_N8N_NPM_REGISTRY),
};

export const n8nInstall = defineRecipe({
  id: 'n8n-install',
  input: z.strictObject({ ...siteFields, ...sourceFields }),
  steps: [
    {
      id: 'runtime',
      title: 'Install Node.js and the build tools for n8n',
      script: 'n8n/runtime.sh',
      timeoutMs: 900_000,
      idempotent: true,
    },
    {
      id: 'install',
      title: 'Install n8n as the site’s user',
      script: 'n8n/install.sh',
      timeoutMs: 1_800_000,
      idempotent: true,
    },
    {
      id: 'service',
      title: 'Start n8n',
      script: 'n8n/service.sh',
      timeoutMs: 300_000,
      idempotent: true,
    },
    {
      id: 'vhost',
      title: 'Serve n8n through the site’s domain',
      script: 'n8n/vhost.sh',
      timeoutMs: 120_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    ...siteEnvironment(input),
    HD_VERSION: input.version,
    HD_PROTOCOL: input.protocol,
    HD_NODE_URL: input.node_url,
    HD_NPM_REGISTRY: input.npm_registry,
  }),
  example: { site: 'example.com', linux_user: 'examplecom', port: 15679, protocol: 'https' },
});

export const n8nUpgrade = defineRecipe({
  id: 'n8n-upgrade',
  input: z.strictObject({ ...siteFields, ...sourceFields }),
  steps: [
    {
      id: 'runtime',
      title: 'Install Node.js and the build tools for n8n',
      script: 'n8n/runtime.sh',
      timeoutMs: 900_000,
      idempotent: true,
    },
    {
      id: 'install',
      title: 'Install n8n as the site’s user',
      script: 'n8n/install.sh',
      timeoutMs: 1_800_000,
      idempotent: true,
    },
    {
      id: 'upgrade',
      title: 'Back up n8n’s data and switch to the new version',
      script: 'n8n/upgrade.sh',
      timeoutMs: 600_000,
      idempotent: false,
    },
  ],
  environment: (input) => ({
    ...siteEnvironment(input),
    HD_VERSION: input.version,
    HD_PROTOCOL: input.protocol,
    HD_NODE_URL: input.node_url,
    HD_NPM_REGISTRY: input.npm_registry,
  }),
  example: {
    site: 'example.com',
    linux_user: 'examplecom',
    port: 15679,
    protocol: 'https',
    version: '1.123.50',
  },
});

export const n8nAction = defineRecipe({
  id: 'n8n-action',
  input: z.strictObject({
    ...siteFields,
    action: n8nActionSchema,
    workflow_id: n8nIdSchema.optional(),
    email: n8nEmailSchema.optional(),
    file: n8nImportFileSchema.optional(),
  }),
  steps: [
    {
      id: 'action',
      title: 'Run the n8n command',
      script: 'n8n/action.sh',
      timeoutMs: 300_000,
      idempotent: false,
    },
  ],
  environment: (input) => {
    const environment: Record<string, string> = { ...siteEnvironment(input), HD_ACTION: input.action };
    if (input.workflow_id !== undefined) environment.HD_WORKFLOW_ID = input.workflow_id;
    if (input.email !== undefined) environment.HD_EMAIL = input.email;
    return environment;
  },
  // The uploaded JSON goes to n8n as a file, never through the environment or a command line.
  secrets: (input) => input.file ?? '',
  example: { site: 'example.com', linux_user: 'examplecom', port: 15679, action: 'restart' },
});

/**
 * DELETE api/sites/{site}/uninstall of an n8n site: the nginx include (`nginx -t`, reload, put
 * back when refused), the unit, the environment file and n8n itself go; its data (`.n8n`) and
 * upgrade backups stay unless `delete_data`.
 */
export const n8nUninstall = defineRecipe({
  id: 'n8n-uninstall',
  input: z.strictObject({ site: domainSchema, linux_user: siteOwnerSchema, delete_data: z.boolean() }),
  steps: [
    {
      id: 'uninstall',
      title: 'Remove n8n',
      script: 'n8n/uninstall.sh',
      timeoutMs: 300_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_LINUX_USER: input.linux_user,
    HD_HOME: n8nHome(input.linux_user, input.site),
    HD_UNIT: n8nUnitName(input.site),
    HD_ENV_FILE: n8nEnvironmentPath(input.site),
    HD_INCLUDE_FILE: n8nIncludePath(input.site),
    HD_BACKUP_DIR: n8nBackupDir(input.site),
    HD_DELETE_DATA: input.delete_data ? '1' : '0',
  }),
  example: { site: 'example.com', linux_user: 'examplecom', delete_data: false },
});

/** Read-only (run while the user waits, not an event): prints what `what` asks for on stdout. */
export const n8nRead = defineRecipe({
  id: 'n8n-read',
  input: z.strictObject({ ...siteFields, what: n8nReadSchema, workflow_id: n8nIdSchema.optional() }),
  steps: [
    {
      id: 'read',
      title: 'Read n8n',
      script: 'n8n/read.sh',
      timeoutMs: 120_000,
      idempotent: true,
    },
  ],
  environment: (input) => {
    const environment: Record<string, string> = { ...siteEnvironment(input), HD_WHAT: input.what };
    if (input.workflow_id !== undefined) environment.HD_WORKFLOW_ID = input.workflow_id;
    return environment;
  },
  example: { site: 'example.com', linux_user: 'examplecom', port: 15679, what: 'info' },
});
