import { z } from 'zod';
import { hasControlCharacters, wildcardDomainSchema } from './grammars.js';
import { pageQuerySchema, paginatedSchema } from './pagination.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';
import { defineRoutes } from './route-contract.js';

/**
 * Payloads and calls of the SSL certificates of a site (spec/000 §3 certificates, §7 "certificates
 * (free, csr, import, clone, install, active, inactive, list with page, create, delete)" and the
 * public `letsencrypt-renew` / `certificates/renew`, §8 "Unable to install SSL certificate…").
 *
 * On the server (sites plan): the active certificate of a site is
 * `/etc/hostdeck/ssl/{site}/fullchain.pem` (0644) and `privkey.pem` (0600); the vhost gains its
 * 443 block only when both exist. Private keys never leave the panel through the API.
 */

/** `letsencrypt` (issued by the ACME CA), `imported` (certificate + key pasted), `csr` (key made here). */
export const CERTIFICATE_TYPES = ['letsencrypt', 'imported', 'csr'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];
/** `pending` (being issued, or a CSR waiting for its signed certificate), `issued`, `failed`. */
export const CERTIFICATE_STATUSES = ['pending', 'issued', 'failed'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** The header that carries a site's renewal token on the public renewal endpoints. */
export const CERTIFICATE_RENEW_TOKEN_HEADER = 'x-hostdeck-token';
/** Let's Encrypt certificates are renewed when they expire within this many days. */
export const CERTIFICATE_RENEW_BEFORE_DAYS = 30;

/** Messages of this area; English catalogue keys (Vietnamese in apps/api/src/certificates/certificates.vi.ts). */
export const CERTIFICATE_MESSAGES = {
  /** spec/000 §8; `{0}` is the site's domain. */
  installFailed: 'Unable to install SSL certificate on website with domain {0}',
  certificateInvalid: 'This is not a valid PEM certificate.',
  privateKeyInvalid: 'This is not a valid PEM private key (a key protected by a passphrase cannot be used).',
  keyMismatch: 'The certificate does not match the private key.',
  expired: 'The certificate has expired.',
  wildcardHttp: "Let's Encrypt cannot issue a wildcard certificate with HTTP validation: {domain}",
  domainNotOnSite: '{domain} is neither the site nor one of its aliases.',
  notCovered: 'The certificate does not cover {domain}.',
  aliasSite: 'SSL is managed on the parent site of an alias.',
  notIssued: 'This certificate has not been issued yet.',
  notActive: 'This certificate is not active.',
  notCsr: 'Only a certificate created from a CSR can receive a signed certificate.',
  issuing: 'A certificate is already being issued for this site.',
  nothingToRenew: "This site has no active Let's Encrypt certificate to renew.",
  sameSite: 'Choose another site.',
  country: 'Use the two-letter country code (for example VN or US).',
  text: 'Up to 64 characters, without control characters or the characters / \\ + = , < > " ;',
  tooManyDomains: 'At most 100 domains.',
} as const;

// ---------------------------------------------------------------------------------------------
// Grammars

/** PEM texts are bounded: a chain of a few certificates, one key. */
export const CERTIFICATE_PEM_MAX_LENGTH = 65_536;
export const PRIVATE_KEY_PEM_MAX_LENGTH = 16_384;
export const CERTIFICATE_MAX_DOMAINS = 100;

function pemText(maxLength: number, message: string) {
  return z
    .string()
    .min(1, { abort: true })
    .max(maxLength, { message, abort: true })
    .refine((value) => value.includes('-----BEGIN ') && !value.includes('\0'), { message, abort: true });
}

/** A pasted certificate chain (leaf first); node:crypto checks it in the panel. */
export const certificatePemSchema = pemText(
  CERTIFICATE_PEM_MAX_LENGTH,
  CERTIFICATE_MESSAGES.certificateInvalid,
);
/** A pasted private key (unencrypted PEM: PKCS#8, PKCS#1 or SEC1). */
export const privateKeyPemSchema = pemText(
  PRIVATE_KEY_PEM_MAX_LENGTH,
  CERTIFICATE_MESSAGES.privateKeyInvalid,
);

/** The domains of a certificate: the grammar of names (wildcards allowed), 1-100, no repeats. */
export const certificateDomainsSchema = z
  .array(wildcardDomainSchema)
  .min(1, { message: VALIDATION_MESSAGES.required })
  .max(CERTIFICATE_MAX_DOMAINS, { message: CERTIFICATE_MESSAGES.tooManyDomains })
  .transform((domains) => [...new Set(domains)]);

/**
 * A distinguished-name part of a CSR (state, city, organization, department): printable text,
 * 1-64 characters, without the characters that have a meaning in a DN string.
 */
export const csrTextSchema = z
  .string()
  .trim()
  .min(1, { abort: true })
  .refine((value) => value.length <= 64 && !hasControlCharacters(value) && !/[/\\+=,<>";]/.test(value), {
    message: CERTIFICATE_MESSAGES.text,
  });
export const csrCountrySchema = z.string().regex(/^[A-Z]{2}$/, { message: CERTIFICATE_MESSAGES.country });

// ---------------------------------------------------------------------------------------------
// Requests

/** POST api/sites/{site}/certificates/free: Let's Encrypt for the site and its aliases (or some of them). */
export const freeCertificateRequestSchema = z.strictObject({ domains: certificateDomainsSchema.optional() });
export type FreeCertificateRequest = z.infer<typeof freeCertificateRequestSchema>;

/** POST api/sites/{site}/certificates/import. */
export const importCertificateRequestSchema = z.strictObject({
  certificate: certificatePemSchema,
  private_key: privateKeyPemSchema,
});
export type ImportCertificateRequest = z.infer<typeof importCertificateRequestSchema>;

/** POST api/sites/{site}/certificates/csr: a key and a CSR made by the panel. */
export const csrCertificateRequestSchema = z.strictObject({
  domains: certificateDomainsSchema,
  country: csrCountrySchema,
  state: csrTextSchema,
  city: csrTextSchema,
  organization: csrTextSchema,
  department: csrTextSchema.optional(),
});
export type CsrCertificateRequest = z.infer<typeof csrCertificateRequestSchema>;

/** POST api/sites/{site}/certificates/{certificate}/install: the CA's answer to the CSR. */
export const installCertificateRequestSchema = z.strictObject({ certificate: certificatePemSchema });
export type InstallCertificateRequest = z.infer<typeof installCertificateRequestSchema>;

/** POST api/sites/{site}/certificates/{certificate}/clone: a copy installed on another site. */
export const cloneCertificateRequestSchema = z.strictObject({
  site_id: z.number().int(VALIDATION_MESSAGES.invalid).positive(VALIDATION_MESSAGES.invalid),
});
export type CloneCertificateRequest = z.infer<typeof cloneCertificateRequestSchema>;

/** POST api/sites/{site}/certificates ("create"): one of the three ways, by `type`. */
export const createCertificateRequestSchema = z.discriminatedUnion('type', [
  freeCertificateRequestSchema.extend({ type: z.literal('letsencrypt') }),
  importCertificateRequestSchema.extend({ type: z.literal('imported') }),
  csrCertificateRequestSchema.extend({ type: z.literal('csr') }),
]);
export type CreateCertificateRequest = z.infer<typeof createCertificateRequestSchema>;

export const certificateListQuerySchema = pageQuerySchema;

// ---------------------------------------------------------------------------------------------
// Answers

export const certificateSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  type: z.enum(CERTIFICATE_TYPES),
  domains: z.array(z.string()),
  status: z.enum(CERTIFICATE_STATUSES),
  /** Installed on the site's vhost now (one per site at most). */
  active: z.boolean(),
  /** The issuer's common name (e.g. "R11"), when issued. */
  issuer: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Why the last issuance or installation failed (the ACME server's or the tool's message). */
  last_error: z.string().nullable(),
  /** The CSR to hand to a CA (type `csr` only). */
  csr: z.string().nullable(),
  /** The event that issues or installs it now or did last. */
  event_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;
export const certificateListSchema = paginatedSchema(certificateSchema);
export const certificateResponseSchema = z.object({ data: certificateSchema });

/** 201 of every call that starts an event: the event (live output) and the certificate it is about. */
export const certificateEventResponseSchema = z.object({
  data: z.object({ id: z.number().int() }),
  certificate: certificateSchema,
});
export type CertificateEventResponse = z.infer<typeof certificateEventResponseSchema>;
/** 201 of "create": a CSR starts no event (`data` is null then). */
export const certificateCreatedResponseSchema = certificateEventResponseSchema.extend({
  data: z.object({ id: z.number().int() }).nullable(),
});

/** The public renewal endpoints of a site, and whether its token exists (never the token itself). */
export const certificateRenewalSchema = z.object({
  urls: z.array(z.string()),
  header: z.string(),
  has_token: z.boolean(),
});
export const certificateRenewalResponseSchema = z.object({ data: certificateRenewalSchema });
/** POST …/renewal-token: a new token, shown this once (the old one stops working). */
export const certificateRenewalTokenResponseSchema = z.object({
  data: certificateRenewalSchema.extend({ token: z.string() }),
});
/** The public renewal endpoints' answer. */
export const certificateRenewStartedSchema = z.object({
  message: z.string(),
  event_id: z.number().int(),
});

/** SSL calls of a site (spec/000 §7). Paths use `:param` placeholders. */
export const certificateRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/sites/:site/certificates',
    query: certificateListQuerySchema,
    response: certificateListSchema,
  },
  create: {
    body: createCertificateRequestSchema,
    method: 'POST',
    path: '/api/sites/:site/certificates',
    response: certificateCreatedResponseSchema,
  },
  free: {
    body: freeCertificateRequestSchema.optional(),
    method: 'POST',
    path: '/api/sites/:site/certificates/free',
    response: certificateEventResponseSchema,
  },
  import: {
    body: importCertificateRequestSchema,
    method: 'POST',
    path: '/api/sites/:site/certificates/import',
    response: certificateEventResponseSchema,
  },
  csr: {
    method: 'POST',
    path: '/api/sites/:site/certificates/csr',
    body: csrCertificateRequestSchema,
    response: certificateResponseSchema,
  },
  install: {
    body: installCertificateRequestSchema,
    method: 'POST',
    path: '/api/sites/:site/certificates/:certificate/install',
    response: certificateEventResponseSchema,
  },
  activate: {
    method: 'POST',
    path: '/api/sites/:site/certificates/:certificate/active',
    response: certificateEventResponseSchema,
  },
  deactivate: {
    method: 'POST',
    path: '/api/sites/:site/certificates/:certificate/inactive',
    response: certificateEventResponseSchema,
  },
  clone: {
    body: cloneCertificateRequestSchema,
    method: 'POST',
    path: '/api/sites/:site/certificates/:certificate/clone',
    response: certificateEventResponseSchema,
  },
  /** 204 for an inactive certificate; 201 with the event when the active one must come off the vhost. */
  delete: {
    method: 'DELETE',
    path: '/api/sites/:site/certificates/:certificate',
    response: certificateEventResponseSchema,
  },
  renewal: {
    method: 'GET',
    path: '/api/sites/:site/certificates/renewal',
    response: certificateRenewalResponseSchema,
  },
  renewalToken: {
    method: 'POST',
    path: '/api/sites/:site/certificates/renewal-token',
    response: certificateRenewalTokenResponseSchema,
  },
  /** Public (the site's renewal token in X-HostDeck-Token), spec/000 §7. */
  letsencryptRenew: {
    method: 'POST',
    path: '/api/sites/:site/letsencrypt-renew',
    response: certificateRenewStartedSchema,
  },
  /** Public, the same as letsencryptRenew. */
  renew: {
    method: 'POST',
    path: '/api/sites/:site/certificates/renew',
    response: certificateRenewStartedSchema,
  },
});
