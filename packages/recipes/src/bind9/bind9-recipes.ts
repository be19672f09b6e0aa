import { z } from 'zod';
import { bind9RecordIdSchema } from '@hostdeck/contracts/bind9';
import { dnsRecordInputSchema, dnsZoneNameSchema } from '@hostdeck/contracts/dns-records';
import { defineRecipe } from '../recipe.js';
import { renderBind9NewZone, renderBind9Record } from './bind9-records.js';

const EXAMPLE_ZONE = 'example.com';

/** Read-only: bind9 installed and running, and every zone named has (scripts/bind9/zones.sh). */
export const bind9Zones = defineRecipe({
  id: 'bind9-zones',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read the DNS zones',
      script: 'bind9/zones.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});

/** Read-only: one zone in canonical form, its DNSSEC state and DS records (scripts/bind9/zone-read.sh). */
export const bind9ZoneRead = defineRecipe({
  id: 'bind9-zone-read',
  input: z.strictObject({ zone: dnsZoneNameSchema }),
  steps: [
    {
      id: 'read',
      title: 'Read the DNS zone',
      script: 'bind9/zone-read.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_ZONE: input.zone }),
  example: { zone: EXAMPLE_ZONE },
});

/**
 * A whole zone written: `create` (a new zone the panel renders) or `import` (the user's zone file).
 * The text travels on stdin, never in the environment or a script; named-checkzone must accept it.
 */
export const bind9ZoneWrite = defineRecipe({
  id: 'bind9-zone-write',
  input: z.strictObject({
    zone: dnsZoneNameSchema,
    mode: z.enum(['create', 'import']),
    dnssec: z.boolean(),
    zone_file: z.instanceof(Buffer),
  }),
  steps: [
    {
      id: 'write',
      title: 'Check and write the zone',
      script: 'bind9/zone-write.sh',
      timeoutMs: 120_000,
      idempotent: false,
    },
  ],
  environment: (input) => ({ HD_ZONE: input.zone, HD_MODE: input.mode, HD_DNSSEC: input.dnssec ? '1' : '0' }),
  secrets: (input) => input.zone_file,
  example: {
    zone: EXAMPLE_ZONE,
    mode: 'create',
    dnssec: false,
    zone_file: Buffer.from(renderBind9NewZone(EXAMPLE_ZONE, '192.0.2.1', 2026010100)),
  },
});

/**
 * Records removed (by id) and added (rendered from validated records) in one change: the zone is
 * checked, its serial bumped and reloaded, or left as it was (scripts/bind9/records-edit.sh).
 */
export const bind9RecordsEdit = defineRecipe({
  id: 'bind9-records-edit',
  input: z.strictObject({
    zone: dnsZoneNameSchema,
    remove: z.array(bind9RecordIdSchema).max(100),
    add: z.array(dnsRecordInputSchema).max(100),
  }),
  steps: [
    {
      id: 'edit',
      title: 'Change the records and reload the zone',
      script: 'bind9/records-edit.sh',
      timeoutMs: 120_000,
      idempotent: false,
    },
  ],
  environment: (input) => ({
    HD_ZONE: input.zone,
    HD_REMOVE: input.remove.join(' '),
    HD_ADD: input.add.map((record) => renderBind9Record(input.zone, record)).join('\n'),
  }),
  example: {
    zone: EXAMPLE_ZONE,
    remove: ['0123456789abcdef'],
    add: [{ type: 'A', name: 'www', ttl: 1, content: '192.0.2.1' }],
  },
});

/** A panel zone deleted (scripts/bind9/zone-delete.sh). */
export const bind9ZoneDelete = defineRecipe({
  id: 'bind9-zone-delete',
  input: z.strictObject({ zone: dnsZoneNameSchema }),
  steps: [
    {
      id: 'delete',
      title: 'Delete the zone',
      script: 'bind9/zone-delete.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_ZONE: input.zone }),
  example: { zone: EXAMPLE_ZONE },
});

/** DNSSEC on or off for a panel zone (scripts/bind9/dnssec.sh). */
export const bind9Dnssec = defineRecipe({
  id: 'bind9-dnssec',
  input: z.strictObject({ zone: dnsZoneNameSchema, enabled: z.boolean() }),
  steps: [
    {
      id: 'apply',
      title: 'Apply the DNSSEC policy',
      script: 'bind9/dnssec.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_ZONE: input.zone, HD_ENABLED: input.enabled ? '1' : '0' }),
  example: { zone: EXAMPLE_ZONE, enabled: true },
});
