import { CERTIFICATE_STATUSES, CERTIFICATE_TYPES, type Certificate } from '@hostdeck/contracts';
import { issuerOf } from './certificate-pem.js';
import type { CertificateRow } from './certificates.repository.js';

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

/**
 * A certificate as the API shows it. The private key column is never read here, so it cannot
 * leak through a response (a test checks answers for it).
 */
export function presentCertificate(row: CertificateRow): Certificate {
  return {
    id: row.id,
    site_id: row.siteId,
    type: oneOf(CERTIFICATE_TYPES, row.type, 'imported'),
    domains: Array.isArray(row.domains) ? (row.domains as string[]) : [],
    status: oneOf(CERTIFICATE_STATUSES, row.status, 'failed'),
    active: row.active,
    issuer: issuerOf(row.certificate),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_error: row.lastError,
    csr: row.type === 'csr' ? row.csr : null,
    event_id: row.eventId,
    created_at: row.createdAt.toISOString(),
  };
}
