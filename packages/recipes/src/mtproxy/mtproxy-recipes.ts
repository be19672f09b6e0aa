import { z } from 'zod';
import {
  DEFAULT_MTPROXY_DOWNLOAD_URL,
  MTPROXY_LOG_MAX_LINES,
  MTPROXY_SERVICE_ACTIONS,
  mtproxyDomainSchema,
  mtproxyDownloadUrlSchema,
  mtproxyPortSchema,
  mtproxySecretSchema,
} from '@hostdeck/contracts/mtproxy';
import { defineRecipe } from '../recipe.js';

const MINUTE = 60_000;

/** The release the tests and the default configuration name (config MTPROXY_DOWNLOAD_URL). */
const EXAMPLE_URL = DEFAULT_MTPROXY_DOWNLOAD_URL;
const EXAMPLE_SECRET = 'ee000102030405060708090a0b0c0d0e0f7777772e636c6f7564666c6172652e636f6d';

/**
 * Installs mtg when missing (scripts/lib/mtproxy.sh, shared with application-install), writes its
 * unit and `/etc/mtproxy/mtg.toml` (0600) with the secret (stdin only), checks the configuration,
 * restarts the service and checks it listens; any failure puts the previous configuration back.
 * Idempotent: the same input a second time changes nothing.
 */
export const mtproxyApply = defineRecipe({
  id: 'mtproxy-apply',
  input: z.strictObject({
    download_url: mtproxyDownloadUrlSchema,
    port: mtproxyPortSchema,
    domain: mtproxyDomainSchema,
    secret: mtproxySecretSchema,
  }),
  steps: [
    {
      id: 'install',
      title: 'Install mtg and its service',
      script: 'mtproxy/install.sh',
      timeoutMs: 10 * MINUTE,
      idempotent: true,
    },
    {
      id: 'configure',
      title: 'Write the configuration and restart MTProxy',
      script: 'mtproxy/configure.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_MTPROXY_DOWNLOAD_URL: input.download_url,
    HD_MTPROXY_PORT: String(input.port),
    HD_MTPROXY_DOMAIN: input.domain,
  }),
  secrets: (input) => `${input.secret}\n`,
  example: { download_url: EXAMPLE_URL, port: 8443, domain: 'www.cloudflare.com', secret: EXAMPLE_SECRET },
});

/** Starts, stops or restarts mtproxy.service. */
export const mtproxyService = defineRecipe({
  id: 'mtproxy-service',
  input: z.strictObject({ action: z.enum(MTPROXY_SERVICE_ACTIONS, { error: 'Invalid value' }) }),
  steps: [
    {
      id: 'run',
      title: 'Run the service action',
      script: 'mtproxy/service.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_MTPROXY_ACTION: input.action }),
  example: { action: 'restart' },
});

/** Read-only: installed, version, active, enabled, the port of mtg.toml and whether it listens. */
export const mtproxyStatus = defineRecipe({
  id: 'mtproxy-status',
  input: z.strictObject({}),
  steps: [
    { id: 'read', title: 'Read MTProxy', script: 'mtproxy/status.sh', timeoutMs: MINUTE, idempotent: true },
  ],
  environment: () => ({}),
  example: {},
});

/** Read-only: the journal's last lines of mtproxy.service. */
export const mtproxyLog = defineRecipe({
  id: 'mtproxy-log',
  input: z.strictObject({ lines: z.number().int().min(1).max(MTPROXY_LOG_MAX_LINES) }),
  steps: [
    { id: 'read', title: 'Read the log', script: 'mtproxy/log.sh', timeoutMs: MINUTE, idempotent: true },
  ],
  environment: (input) => ({ HD_MTPROXY_LINES: String(input.lines) }),
  example: { lines: 100 },
});
