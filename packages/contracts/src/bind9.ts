import { z } from 'zod';
import { DNS_RECORD_TYPES } from './constants.js';
import {
  dnsRecordInputSchema,
  dnsZoneNameSchema,
  type DnsRecord,
  type DnsRecordsMeta,
} from './dns-records.js';
import { defineEventDescriptions } from './events.js';
import { idParamSchema, type RouteContract } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * The bind9 DNS server of a server (`/servers/{server}/dns`, spec/000 §7 "Bind9 zones (import,
 * export, download, CRUD, records CRUD)", issue 19). The panel owns its zone files
 * (/var/lib/bind/hostdeck/zones/<zone>.db) and one include (/etc/bind/hostdeck/named.conf.hostdeck,
 * named in one marked line of /etc/bind/named.conf.local); zones configured by hand are listed,
 * read-only, and kept. Records use the shape of every DNS tier (dns-records.ts).
 */

export const BIND9_MESSAGES = {
  zoneExists: 'This zone already exists on the server',
  zoneNotManaged: 'This zone was made by hand: the panel does not change it',
  zoneNotFound: 'No such zone on this server',
  recordNotFound: 'No such record in this zone (it may have just changed)',
  zoneFileTooLarge: 'The zone file is too large',
  zoneFileInvalid: 'The zone file is not text',
} as const;

/** The largest zone file an import takes (characters). */
export const BIND9_ZONE_FILE_MAX = 1_000_000;

/** A record id: the first 16 hex digits of the sha256 of its canonical line (named-checkzone -D). */
export const bind9RecordIdSchema = z.string().regex(/^[0-9a-f]{16}$/, { error: VALIDATION_MESSAGES.invalid });

/** A zone as listed: the panel's own (`managed`) or one made by hand (read-only). */
export const bind9ZoneSchema = z.object({
  name: z.string(),
  managed: z.boolean(),
  /** named's zone type (primary, secondary, forward…). */
  type: z.string(),
  /** DNSSEC signing on (`dnssec-policy default`); panel zones only. */
  dnssec: z.boolean(),
});
export type Bind9Zone = z.infer<typeof bind9ZoneSchema>;

/** The bind9 page's state: installed and running, and the zones. */
export const bind9StatusSchema = z.object({
  installed: z.boolean(),
  running: z.boolean(),
  zones: z.array(bind9ZoneSchema),
});
export type Bind9Status = z.infer<typeof bind9StatusSchema>;

/** One zone in detail: SOA serial, DNSSEC and the DS records to give the registrar. */
export const bind9ZoneDetailSchema = bind9ZoneSchema.extend({
  serial: z.number().int().nullable(),
  ds: z.array(z.string()),
});
export type Bind9ZoneDetail = z.infer<typeof bind9ZoneDetailSchema>;

/** The record types a bind9 zone takes (spec/000 §9); bind9 has no proxy. */
export const BIND9_RECORDS_META: DnsRecordsMeta = { types: [...DNS_RECORD_TYPES], hasProxy: false };

const recordSchema = z.custom<DnsRecord>();
export const bind9RecordsResponseSchema = z.object({
  data: z.array(recordSchema),
  meta: z.object({ types: z.array(z.enum(DNS_RECORD_TYPES)), hasProxy: z.boolean() }),
  zone: bind9ZoneDetailSchema,
});

/** POST api/servers/{server}/bind9/zones: a new empty zone (SOA, NS ns1.<zone>, ns1's A = the server). */
export const bind9ZoneCreateSchema = z.strictObject({
  name: dnsZoneNameSchema,
  dnssec: z.boolean().optional(),
});
export type Bind9ZoneCreate = z.infer<typeof bind9ZoneCreateSchema>;

/**
 * POST api/servers/{server}/bind9/zones/import: a zone file as text (upload or paste). It never
 * reaches a shell as code: it travels on stdin and named-checkzone must accept it; the panel then
 * keeps named-checkzone's canonical form of it.
 */
export const bind9ZoneImportSchema = z.strictObject({
  name: dnsZoneNameSchema,
  content: z
    .string()
    .min(1, { error: BIND9_MESSAGES.zoneFileInvalid })
    .max(BIND9_ZONE_FILE_MAX, { error: BIND9_MESSAGES.zoneFileTooLarge })
    .refine((value) => !value.includes('\0'), { error: BIND9_MESSAGES.zoneFileInvalid }),
});
export type Bind9ZoneImport = z.infer<typeof bind9ZoneImportSchema>;

/** PUT api/servers/{server}/bind9/zones/{zone}: DNSSEC on or off. */
export const bind9ZoneUpdateSchema = z.strictObject({ dnssec: z.boolean() });
export type Bind9ZoneUpdate = z.infer<typeof bind9ZoneUpdateSchema>;

/** GET …/export: the zone in named-checkzone's canonical form (one record a line, absolute names). */
export const bind9ZoneExportSchema = z.object({ name: z.string(), content: z.string() });
export type Bind9ZoneExport = z.infer<typeof bind9ZoneExportSchema>;

const serverParams = z.object({ server: idParamSchema });
const zoneParams = serverParams.extend({ zone: dnsZoneNameSchema });
const recordParams = zoneParams.extend({ record: bind9RecordIdSchema });

export const bind9Routes = {
  status: {
    method: 'GET',
    path: '/api/servers/:server/bind9/zones',
    params: serverParams,
    response: z.object({ data: bind9StatusSchema }),
  },
  createZone: {
    method: 'POST',
    path: '/api/servers/:server/bind9/zones',
    params: serverParams,
    body: bind9ZoneCreateSchema,
    response: startedEventResponseSchema,
  },
  importZone: {
    method: 'POST',
    path: '/api/servers/:server/bind9/zones/import',
    params: serverParams,
    body: bind9ZoneImportSchema,
    response: startedEventResponseSchema,
  },
  updateZone: {
    method: 'PUT',
    path: '/api/servers/:server/bind9/zones/:zone',
    params: zoneParams,
    body: bind9ZoneUpdateSchema,
    response: startedEventResponseSchema,
  },
  deleteZone: {
    method: 'DELETE',
    path: '/api/servers/:server/bind9/zones/:zone',
    params: zoneParams,
    response: startedEventResponseSchema,
  },
  exportZone: {
    method: 'GET',
    path: '/api/servers/:server/bind9/zones/:zone/export',
    params: zoneParams,
    response: z.object({ data: bind9ZoneExportSchema }),
  },
  /** The export as a file (`<zone>.zone`, text/plain, an attachment). */
  downloadZone: {
    method: 'GET',
    path: '/api/servers/:server/bind9/zones/:zone/download',
    params: zoneParams,
  },
  records: {
    method: 'GET',
    path: '/api/servers/:server/bind9/zones/:zone/records',
    params: zoneParams,
    response: bind9RecordsResponseSchema,
  },
  createRecord: {
    method: 'POST',
    path: '/api/servers/:server/bind9/zones/:zone/records',
    params: zoneParams,
    body: dnsRecordInputSchema,
    response: startedEventResponseSchema,
  },
  updateRecord: {
    method: 'PUT',
    path: '/api/servers/:server/bind9/zones/:zone/records/:record',
    params: recordParams,
    body: dnsRecordInputSchema,
    response: startedEventResponseSchema,
  },
  deleteRecord: {
    method: 'DELETE',
    path: '/api/servers/:server/bind9/zones/:zone/records/:record',
    params: recordParams,
    response: startedEventResponseSchema,
  },
} as const satisfies Record<string, RouteContract>;

/** Event types (prefix `bind9_`) and the descriptions of its events, English. */
export const BIND9_EVENT_PREFIX = 'bind9_';
export const BIND9_EVENT_DESCRIPTIONS = defineEventDescriptions({
  createBind9Zone: 'Create the DNS zone {zone}',
  importBind9Zone: 'Import the DNS zone {zone}',
  deleteBind9Zone: 'Delete the DNS zone {zone}',
  enableBind9Dnssec: 'Turn on DNSSEC for {zone}',
  disableBind9Dnssec: 'Turn off DNSSEC for {zone}',
  createBind9Record: 'Add a {type} record to {zone}',
  updateBind9Record: 'Change a {type} record of {zone}',
  deleteBind9Record: 'Delete a record of {zone}',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    bind9: typeof BIND9_EVENT_DESCRIPTIONS;
  }
}
