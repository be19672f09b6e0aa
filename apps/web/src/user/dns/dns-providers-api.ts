import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  dnsProviderRoutes as routes,
  type CreateDnsCredentialBody,
  type UpdateDnsCredentialBody,
} from '@hostdeck/contracts/dns-providers';
import type { DnsRecordInput } from '@hostdeck/contracts/dns-records';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

/** Every query of the page starts with this key: a change reloads what it touches below it. */
export const dnsKey = ['dns-providers'] as const;
export const credentialsKey = [...dnsKey, 'credentials'] as const;
export const recordsKey = (credential: number, zone: string) =>
  [...dnsKey, 'records', credential, zone] as const;

export const useDnsProviders = () =>
  useQuery({
    queryKey: [...dnsKey, 'providers'],
    queryFn: async () => (await apiGetParsed(routes.providers.path, routes.providers.response)).data,
    staleTime: Infinity,
  });

export function dnsCredentialsQuery() {
  return queryOptions({
    queryKey: credentialsKey,
    queryFn: async () =>
      (await apiGetParsed(routes.listCredentials.path, routes.listCredentials.response)).data,
  });
}
export const useDnsCredentials = () => useQuery(dnsCredentialsQuery());

/** The credential's zones, read from its provider; failures are shown in place. */
export const useDnsZones = (credential: number | null) =>
  useQuery({
    queryKey: [...dnsKey, 'zones', credential],
    queryFn: async () =>
      (await apiGetParsed(apiPath(routes.zones.path, { credential: credential! }), routes.zones.response))
        .data,
    enabled: credential !== null,
    meta: { handleErrors: false },
    retry: false,
  });

/** A zone's records with `meta` ({types, hasProxy}). */
export const useDnsRecords = (credential: number | null, zone: string | null) =>
  useQuery({
    queryKey: recordsKey(credential ?? 0, zone ?? ''),
    queryFn: () =>
      apiGetParsed(
        apiPath(routes.records.path, { credential: credential!, zone: zone! }),
        routes.records.response,
      ),
    enabled: credential !== null && zone !== null,
    meta: { handleErrors: false },
    retry: false,
  });

export const createDnsCredential = async (body: CreateDnsCredentialBody) =>
  (await apiSend('POST', routes.createCredential.path, body, routes.createCredential.response)).data;

export const updateDnsCredential = async (id: number, body: UpdateDnsCredentialBody) =>
  (
    await apiSend(
      'PUT',
      apiPath(routes.updateCredential.path, { credential: id }),
      body,
      routes.updateCredential.response,
    )
  ).data;

export const deleteDnsCredential = (id: number) =>
  apiSend('DELETE', apiPath(routes.deleteCredential.path, { credential: id }), undefined, {
    parse: () => undefined,
  });

export const createDnsRecord = async (credential: number, zone: string, body: DnsRecordInput) =>
  (
    await apiSend(
      'POST',
      apiPath(routes.createRecord.path, { credential, zone }),
      body,
      routes.createRecord.response,
    )
  ).data;

export const updateDnsRecord = async (
  credential: number,
  zone: string,
  record: string,
  body: DnsRecordInput,
) =>
  (
    await apiSend(
      'PUT',
      apiPath(routes.updateRecord.path, { credential, zone, record }),
      body,
      routes.updateRecord.response,
    )
  ).data;

export const deleteDnsRecord = (credential: number, zone: string, record: string) =>
  apiSend('DELETE', apiPath(routes.deleteRecord.path, { credential, zone, record }), undefined, {
    parse: () => undefined,
  });
