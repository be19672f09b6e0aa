import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { defineRoutes, idParamSchema } from './route-contract.js';

/**
 * n8n on a site (issue 21 point 4; spec/000 §2 `/sites/{site}/n8n`, §7 code install
 * `POST api/sites/{site}/code/n8n` and the n8n calls): a pinned n8n installed as the site's Linux
 * user, run by a systemd unit on 127.0.0.1 and proxied by the site's nginx vhost (websockets,
 * `WEBHOOK_URL`), and every §7 call through n8n's own CLI. Import as `@hostdeck/contracts/n8n`.
 * docs/n8n.md.
 */

/** The version installed when the request names none (Node.js 20 runs it; docs/n8n.md). */
export const DEFAULT_N8N_VERSION = '1.123.50';
/** The Node.js 20 tarball servers download (config N8N_NODE_URL; tests serve it from the host). */
export const DEFAULT_N8N_NODE_URL = 'https://nodejs.org/dist/v20.20.2/node-v20.20.2-linux-x64.tar.gz';
/** Bytes of an uploaded workflow or credentials file. */
export const N8N_IMPORT_MAX_BYTES = 1024 * 1024;

/** English messages (i18n keys); Vietnamese in apps/api/src/n8n/n8n.vi.ts. */
export const N8N_MESSAGES = {
  version: 'A version is three numbers such as 1.123.50, from 1.0.0 on',
  workflowId: 'A workflow or credential id is letters and digits (up to 64)',
  file: 'The file must be JSON: a workflow or credential, or a list of them, up to 1 MB',
  notInstalled: 'n8n is not installed on this site',
  installed: 'This site already has its code ({codeType})',
  nginxOnly: 'n8n is served through nginx: this site uses another web server',
  alias: 'An alias shares its parent site’s code: install n8n on the parent site',
  agent: 'The agent’s site serves the agent: it takes no n8n',
} as const;

const N8N_VERSION_PATTERN = /^[1-9][0-9]{0,3}\.[0-9]{1,4}\.[0-9]{1,4}$/;
/** n8n's version: MAJOR.MINOR.PATCH, nothing else (no tags, ranges or URLs for npm). */
export const n8nVersionSchema = z
  .string()
  .max(16, { error: N8N_MESSAGES.version })
  .regex(N8N_VERSION_PATTERN, { error: N8N_MESSAGES.version });

/** A workflow's or credential's id as n8n makes them (nanoid letters and digits, or old numbers). */
export const n8nIdSchema = z
  .string()
  .max(64, { error: N8N_MESSAGES.workflowId })
  .regex(/^[A-Za-z0-9]{1,64}$/, { error: N8N_MESSAGES.workflowId });

/** An n8n user's email for `mfa:disable`: a plain address, nothing a shell or n8n reads as an option. */
export const n8nEmailSchema = z
  .string()
  .max(254, { error: 'Invalid value' })
  .regex(/^[A-Za-z0-9._%+][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9.-]{1,189}\.[A-Za-z]{2,63}$/, {
    error: 'Invalid value',
  });

/** An uploaded export (workflows or credentials): JSON text, an object or a list, bounded. */
export const n8nImportFileSchema = z
  .string()
  .max(N8N_IMPORT_MAX_BYTES, { error: N8N_MESSAGES.file })
  .refine(
    (text) => {
      try {
        const value: unknown = JSON.parse(text);
        return typeof value === 'object' && value !== null;
      } catch {
        return false;
      }
    },
    { error: N8N_MESSAGES.file },
  );

const DOWNLOAD_URL_PATTERN = /^https?:\/\/[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?(?:\/[A-Za-z0-9._~%+-]+)*\/?$/;
/** Where servers download a file from (Node.js tarball, npm registry): http(s), host, port, path. */
export const n8nSourceUrlSchema = z
  .string()
  .max(500, { error: 'Invalid value' })
  .regex(DOWNLOAD_URL_PATTERN, { error: 'Invalid value' });

/** The calls that change n8n (each an event). */
export const N8N_ACTIONS = [
  'start',
  'stop',
  'restart',
  'user-reset',
  'license-clear',
  'ldap-reset',
  'mfa-disable',
  'activate',
  'deactivate',
  'import-workflows',
  'import-credentials',
] as const;
export type N8nAction = (typeof N8N_ACTIONS)[number];
export const n8nActionSchema = z.enum(N8N_ACTIONS);

/** What is read from the server while the user waits (not events). */
export const N8N_READS = [
  'info',
  'workflows',
  'credentials',
  'license-info',
  'export-workflows',
  'export-credentials',
] as const;
export type N8nRead = (typeof N8N_READS)[number];
export const n8nReadSchema = z.enum(N8N_READS);

export const installN8nRequestSchema = z.strictObject({ version: n8nVersionSchema.optional() });
export const upgradeN8nRequestSchema = z.strictObject({ version: n8nVersionSchema });
export const mfaDisableRequestSchema = z.strictObject({ email: n8nEmailSchema });
export const importRequestSchema = z.strictObject({ file: n8nImportFileSchema });
export const exportQuerySchema = z.strictObject({ id: n8nIdSchema.optional() });

export const n8nInfoSchema = z.object({
  installed: z.boolean(),
  version: z.string().nullable(),
  port: z.number().int(),
  status: z.string(),
  url: z.string(),
});
export type N8nInfo = z.infer<typeof n8nInfoSchema>;

export const n8nWorkflowSchema = z.object({ id: z.string(), name: z.string(), active: z.boolean() });
export type N8nWorkflow = z.infer<typeof n8nWorkflowSchema>;
export const n8nCredentialSchema = z.object({ id: z.string(), name: z.string(), type: z.string() });
export type N8nCredential = z.infer<typeof n8nCredentialSchema>;

const eventStartedSchema = z.object({ id: z.number().int() });
const data = <S extends z.ZodType>(schema: S) => z.object({ data: schema });
const workflowParamsSchema = z.object({ site: idParamSchema, workflow: n8nIdSchema });

export const n8nRoutes = defineRoutes({
  install: {
    method: 'POST',
    path: '/api/sites/:site/code/n8n',
    body: installN8nRequestSchema,
    response: data(eventStartedSchema),
  },
  info: { method: 'GET', path: '/api/sites/:site/n8n/info', response: data(n8nInfoSchema) },
  status: { method: 'GET', path: '/api/sites/:site/n8n/status', response: data(n8nInfoSchema) },
  licenseInfo: {
    method: 'GET',
    path: '/api/sites/:site/n8n/license-info',
    response: data(z.object({ text: z.string() })),
  },
  workflows: {
    method: 'GET',
    path: '/api/sites/:site/n8n/workflows',
    response: data(z.array(n8nWorkflowSchema)),
  },
  credentials: {
    method: 'GET',
    path: '/api/sites/:site/n8n/credentials',
    response: data(z.array(n8nCredentialSchema)),
  },
  exportWorkflows: {
    method: 'GET',
    path: '/api/sites/:site/n8n/workflows/export',
    query: exportQuerySchema,
    response: data(z.unknown()),
  },
  exportCredentials: {
    method: 'GET',
    path: '/api/sites/:site/n8n/credentials/export',
    response: data(z.unknown()),
  },
  importWorkflows: {
    method: 'POST',
    path: '/api/sites/:site/n8n/workflows/import',
    body: importRequestSchema,
    response: data(eventStartedSchema),
  },
  importCredentials: {
    method: 'POST',
    path: '/api/sites/:site/n8n/credentials/import',
    body: importRequestSchema,
    response: data(eventStartedSchema),
  },
  activate: {
    method: 'POST',
    path: '/api/sites/:site/n8n/workflows/:workflow/active',
    params: workflowParamsSchema,
    response: data(eventStartedSchema),
  },
  deactivate: {
    method: 'POST',
    path: '/api/sites/:site/n8n/workflows/:workflow/inactive',
    params: workflowParamsSchema,
    response: data(eventStartedSchema),
  },
  start: { method: 'POST', path: '/api/sites/:site/n8n/start', response: data(eventStartedSchema) },
  restart: { method: 'POST', path: '/api/sites/:site/n8n/restart', response: data(eventStartedSchema) },
  upgrade: {
    method: 'POST',
    path: '/api/sites/:site/n8n/upgrade',
    body: upgradeN8nRequestSchema,
    response: data(eventStartedSchema),
  },
  userReset: { method: 'POST', path: '/api/sites/:site/n8n/user-reset', response: data(eventStartedSchema) },
  licenseClear: {
    method: 'POST',
    path: '/api/sites/:site/n8n/license-clear',
    response: data(eventStartedSchema),
  },
  ldapReset: { method: 'POST', path: '/api/sites/:site/n8n/ldap-reset', response: data(eventStartedSchema) },
  mfaDisable: {
    method: 'POST',
    path: '/api/sites/:site/n8n/mfa-disable',
    body: mfaDisableRequestSchema,
    response: data(eventStartedSchema),
  },
});

export const N8N_EVENT_TYPES = {
  install: 'n8n_install',
  upgrade: 'n8n_upgrade',
  action: 'n8n_action',
} as const;

export const N8N_EVENT_DESCRIPTIONS = defineEventDescriptions({
  installN8n: 'Install n8n {version} on {site}',
  upgradeN8n: 'Upgrade n8n of {site} to {version}',
  n8nAction: 'n8n of {site}: {action}',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    n8n: typeof N8N_EVENT_DESCRIPTIONS;
  }
}
