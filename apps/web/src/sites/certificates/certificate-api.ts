import { queryOptions } from '@tanstack/react-query';
import {
  UPDATE_KEYS,
  certificateRoutes as routes,
  cloneCertificateRequestSchema,
  csrCertificateRequestSchema,
  freeCertificateRequestSchema,
  installCertificateRequestSchema,
  type Certificate,
  type CertificateEventResponse,
  type CsrCertificateRequest,
} from '@hostdeck/contracts';
import { apiGetParsed, apiPath, apiRequest, apiSend } from '../../api/client';

/**
 * The SSL calls of a site (contracts `certificateRoutes`), each body checked with its request
 * schema and each answer with the route's response schema.
 *
 * The list's key starts with the Update-data key `certificates` (spec/000 §4), so the panel's
 * message after each certificate event reloads it at the page the user is on.
 */

type SiteId = number;
const at = (path: string, site: SiteId, certificate?: number) =>
  apiPath(path, certificate === undefined ? { site } : { site, certificate });

export interface PageParams {
  page: number;
  itemsPerPage: number;
}

export const CERTIFICATE_LISTS_KEY = [UPDATE_KEYS.certificates] as const;
export const renewalKey = (site: SiteId) => ['certificate-renewal', site] as const;

export function certificateListQuery(site: SiteId, { page, itemsPerPage }: PageParams) {
  return queryOptions({
    queryKey: [...CERTIFICATE_LISTS_KEY, site, { page, itemsPerPage }],
    queryFn: () =>
      apiGetParsed(apiPath(routes.list.path, { site }, { page, itemsPerPage }), routes.list.response),
  });
}

export function renewalQuery(site: SiteId) {
  return queryOptions({
    queryKey: renewalKey(site),
    queryFn: async () => (await apiGetParsed(at(routes.renewal.path, site), routes.renewal.response)).data,
  });
}

/** Let's Encrypt for these names (the site and some of its aliases). */
export function requestFreeCertificate(site: SiteId, domains: string[]): Promise<CertificateEventResponse> {
  const body = freeCertificateRequestSchema.parse({ domains });
  return apiSend('POST', at(routes.free.path, site), body, routes.free.response);
}

export function importCertificate(
  site: SiteId,
  certificate: string,
  privateKey: string,
): Promise<CertificateEventResponse> {
  // Checked by the panel only: its messages (key mismatch, expiry) need node:crypto.
  const body = { certificate, private_key: privateKey };
  return apiSend('POST', at(routes.import.path, site), body, routes.import.response);
}

export async function createCsr(site: SiteId, request: CsrCertificateRequest): Promise<Certificate> {
  const body = csrCertificateRequestSchema.parse(request);
  return (await apiSend('POST', at(routes.csr.path, site), body, routes.csr.response)).data;
}

export function installSignedCertificate(
  site: SiteId,
  certificate: number,
  pem: string,
): Promise<CertificateEventResponse> {
  const body = installCertificateRequestSchema.parse({ certificate: pem });
  return apiSend('POST', at(routes.install.path, site, certificate), body, routes.install.response);
}

export function setCertificateActive(
  site: SiteId,
  certificate: number,
  active: boolean,
): Promise<CertificateEventResponse> {
  const route = active ? routes.activate : routes.deactivate;
  return apiSend('POST', at(route.path, site, certificate), undefined, route.response);
}

export function cloneCertificate(
  site: SiteId,
  certificate: number,
  targetSite: number,
): Promise<CertificateEventResponse> {
  const body = cloneCertificateRequestSchema.parse({ site_id: targetSite });
  return apiSend('POST', at(routes.clone.path, site, certificate), body, routes.clone.response);
}

/** The event that takes an active certificate off the vhost, or null when it was deleted at once. */
export async function deleteCertificate(site: SiteId, certificate: number): Promise<number | null> {
  const body = await apiRequest('DELETE', at(routes.delete.path, site, certificate));
  return body === undefined ? null : routes.delete.response.parse(body).data.id;
}

/** A new renewal token, shown once. */
export async function regenerateRenewalToken(site: SiteId) {
  return (await apiSend('POST', at(routes.renewalToken.path, site), undefined, routes.renewalToken.response))
    .data;
}
