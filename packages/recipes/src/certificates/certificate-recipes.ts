import { z } from 'zod';
import { defineRecipe } from '../recipe.js';
import {
  EXAMPLE_CHAIN,
  EXAMPLE_PRIVATE_KEY,
  acmeKeyAuthorizationSchema,
  acmeTokenSchema,
  certificateChainInputSchema,
  privateKeyInputSchema,
  siteNameInputSchema,
  webServerInputSchema,
} from './certificate-inputs.js';

const MINUTE = 60_000;

/**
 * Installs a site's certificate as /etc/hostdeck/ssl/{site}/fullchain.pem and privkey.pem, after
 * openssl checked that both parse and belong together; reloads the running web server (and puts
 * the previous pair back if it refuses). The key travels on stdin, never in the environment. The
 * panel runs `site-apply` afterwards so the vhost gains its 443 block.
 */
export const siteCertificateInstall = defineRecipe({
  id: 'site-certificate-install',
  input: z.strictObject({
    site: siteNameInputSchema,
    web_server: webServerInputSchema,
    certificate: certificateChainInputSchema,
    private_key: privateKeyInputSchema,
  }),
  steps: [
    {
      id: 'install',
      title: 'Install the certificate',
      script: 'certificates/install.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_SITE: input.site, HD_WEB_SERVER: input.web_server }),
  secrets: (input) => `${input.private_key}${input.certificate}`,
  example: {
    site: 'example.com',
    web_server: 'nginx',
    certificate: EXAMPLE_CHAIN,
    private_key: EXAMPLE_PRIVATE_KEY,
  },
});

/** Removes a site's certificate files; the panel runs `site-apply` next (the 443 block goes). */
export const siteCertificateRemove = defineRecipe({
  id: 'site-certificate-remove',
  input: z.strictObject({ site: siteNameInputSchema }),
  steps: [
    {
      id: 'remove',
      title: 'Remove the certificate',
      script: 'certificates/remove.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_SITE: input.site }),
  example: { site: 'example.com' },
});

/** Writes or removes one ACME HTTP-01 challenge answer, served by every vhost on port 80. */
export const siteAcmeChallenge = defineRecipe({
  id: 'site-acme-challenge',
  input: z
    .strictObject({
      token: acmeTokenSchema,
      key_authorization: acmeKeyAuthorizationSchema,
      action: z.enum(['write', 'remove']),
    })
    .refine((input) => input.key_authorization.startsWith(`${input.token}.`), {
      message: 'Invalid value',
      path: ['key_authorization'],
    }),
  steps: [
    {
      id: 'challenge',
      title: 'Prepare the domain validation',
      script: 'certificates/acme-challenge.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_ACTION: input.action,
    HD_TOKEN: input.token,
    HD_KEY_AUTHORIZATION: input.key_authorization,
  }),
  example: {
    token: 'LoqXcYV8q5ONbJQxbmR7SCTNo3tiAXDfowyjxAjEuX0',
    key_authorization:
      'LoqXcYV8q5ONbJQxbmR7SCTNo3tiAXDfowyjxAjEuX0.9jg46WB3rR_AHD-EBXdN7cBkH1WOu0tA3M9fm21mqTI',
    action: 'write',
  },
});
