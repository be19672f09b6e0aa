import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { customScripts } from '../database/schema.js';

/** sha256 (hex) of a script's content, as approval pins it (SECURITY.md, shared scripts). */
export function scriptContentHash(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

/**
 * The same hash computed by the database from the stored content: a shared script is listed only
 * while this equals the approved hash, whatever wrote the row.
 */
export const storedContentHash = sql`encode(sha256(convert_to(${customScripts.content}, 'UTF8')), 'hex')`;
