import { z } from 'zod';

/** One line of site-config-list's JSON array (modified: seconds since the epoch). */
const entrySchema = z.object({
  name: z.string(),
  path: z.string(),
  size: z.number().int().min(0),
  modified: z.number().int(),
  main: z.boolean(),
});
export type SiteConfigListEntry = z.infer<typeof entrySchema>;

/** Parses site-config-list's output strictly: an unexpected answer is an error, not an empty list. */
export function parseSiteConfigList(stdout: string): SiteConfigListEntry[] {
  return z.array(entrySchema).parse(JSON.parse(stdout.trim()));
}
