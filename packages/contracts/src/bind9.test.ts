import { describe, expect, it } from 'vitest';
import {
  BIND9_ZONE_FILE_MAX,
  bind9RecordIdSchema,
  bind9Routes,
  bind9ZoneCreateSchema,
  bind9ZoneImportSchema,
} from './bind9.js';
import { SHELL_INJECTION_PAYLOADS } from './testing/injection-payloads.js';

describe('bind9 contract', () => {
  it('refuses every injection payload as a zone name, a record id or a zone in the path', () => {
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      expect(bind9ZoneCreateSchema.safeParse({ name: payload }).success).toBe(false);
      expect(bind9ZoneImportSchema.safeParse({ name: payload, content: '$TTL 1h' }).success).toBe(false);
      expect(bind9RecordIdSchema.safeParse(payload).success).toBe(false);
      expect(bind9Routes.records.params.safeParse({ server: '1', zone: payload }).success).toBe(false);
    }
  });

  it('takes zone names and reverse zones, lowercase', () => {
    expect(bind9ZoneCreateSchema.parse({ name: 'example.com', dnssec: true })).toEqual({
      name: 'example.com',
      dnssec: true,
    });
    expect(bind9ZoneCreateSchema.safeParse({ name: '10.in-addr.arpa' }).success).toBe(true);
    expect(bind9ZoneCreateSchema.safeParse({ name: '-example.com' }).success).toBe(false);
    expect(bind9ZoneCreateSchema.safeParse({ name: 'example.com', extra: 1 }).success).toBe(false);
  });

  it('takes a zone file as text up to its limit, never with a NUL byte', () => {
    expect(bind9ZoneImportSchema.safeParse({ name: 'example.com', content: '$TTL 1h\n' }).success).toBe(true);
    expect(bind9ZoneImportSchema.safeParse({ name: 'example.com', content: 'a\u0000b' }).success).toBe(false);
    expect(
      bind9ZoneImportSchema.safeParse({ name: 'example.com', content: 'x'.repeat(BIND9_ZONE_FILE_MAX + 1) })
        .success,
    ).toBe(false);
  });

  it('record ids are 16 lowercase hex digits', () => {
    expect(bind9RecordIdSchema.safeParse('0123456789abcdef').success).toBe(true);
    expect(bind9RecordIdSchema.safeParse('0123456789ABCDEF').success).toBe(false);
  });
});
