import { defineArea } from '../area.js';
import { idempotencyVi } from './idempotency.vi.js';

/**
 * `Idempotency-Key` on every mutating call (issue 23 point 5). A mechanism of the HTTP layer, not
 * of any route: http/app.ts registers idempotency.plugin.ts; this area carries its messages.
 */
export const idempotencyArea = defineArea({
  name: 'idempotency',
  messages: idempotencyVi,
});
