import { auditLogListSchema, type AuditLogEntry } from '@hostdeck/contracts';
import { expect } from 'vitest';
import type { ApiClient } from '../../policy/testing/policy-fixtures.js';

/** Every entry of a log the client may read (one page of 100, newest first). */
export async function readAuditLog(api: ApiClient, path: string): Promise<AuditLogEntry[]> {
  const response = await api.get(`${path}${path.includes('?') ? '&' : '?'}itemsPerPage=100`);
  expect(response.statusCode, response.body).toBe(200);
  return auditLogListSchema.parse(response.json()).data;
}

/** The entries of one route pattern, newest first. */
export const entriesOf = (entries: AuditLogEntry[], method: string, route: string) =>
  entries.filter((entry) => entry.method === method && entry.route === route);
