import { z } from 'zod';
import { UPDATE_KEYS, type UpdateKey } from '@hostdeck/contracts';
import { BIND9_EVENT_PREFIX, bind9ZoneImportSchema } from '@hostdeck/contracts/bind9';

/** The area's event types (prefix `bind9_`). */
export const BIND9_EVENT_TYPES = {
  zone: `${BIND9_EVENT_PREFIX}zone`,
  dnssec: `${BIND9_EVENT_PREFIX}dnssec`,
  record: `${BIND9_EVENT_PREFIX}record`,
} as const;

/** The panel task that writes a whole zone (create or import): its text goes on stdin. */
export const BIND9_WRITE_TASK = 'bind9-zone-write';

/** The task's input, stored sealed with its event. */
export const bind9WriteInputSchema = bind9ZoneImportSchema.extend({
  mode: z.enum(['create', 'import']),
  dnssec: z.boolean(),
});
export type Bind9WriteInput = z.infer<typeof bind9WriteInputSchema>;

/** What browsers read again when one of its events ends. */
export const BIND9_UPDATE_KEYS: readonly UpdateKey[] = [UPDATE_KEYS.server];
