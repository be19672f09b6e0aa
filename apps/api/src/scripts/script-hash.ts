import { createHash } from 'node:crypto';

/** sha256 (hex) of a script's content, as approval pins it (SECURITY.md, shared scripts). */
export function scriptContentHash(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex');
}
