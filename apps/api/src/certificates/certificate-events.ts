import { UPDATE_KEYS } from '@hostdeck/contracts';

/** Event types of this area (sites plan): issuing (ACME) and installing/removing on the vhost. */
export const CERTIFICATE_EVENT_TYPES = {
  issue: 'certificate_issue',
  install: 'certificate_install',
} as const;

/** Panel tasks (jobs/event-hooks.ts) that the events of this area run. */
export const CERTIFICATE_TASKS = {
  issue: 'certificate-issue',
  install: 'certificate-install',
} as const;

/** events.model_type of this area's events (model_id is the certificate). */
export const CERTIFICATE_MODEL_TYPE = 'certificate';

/** Realtime Update-data keys (spec/000 §4) that make the browser reload the list and the site. */
export const CERTIFICATE_UPDATE_KEYS = [UPDATE_KEYS.certificates, UPDATE_KEYS.site] as const;

/** secretBox purposes of this area's secrets. */
export const CERTIFICATE_SECRET_PURPOSE = {
  privateKey: 'certificates.private_key',
  /** sites.sealed_renew_token (the public renewal endpoints' token). */
  renewToken: 'sites.renew_token',
  acmeAccountKey: 'acme.account_key',
} as const;
