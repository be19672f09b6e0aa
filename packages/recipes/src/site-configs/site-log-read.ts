import { z } from 'zod';
import { SITE_LOG_MAX_BYTES } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import {
  siteConfigExitEnvironment,
  siteConfigTargetShape,
  siteLogKindInputSchema,
  siteLogLinesInputSchema,
  siteLogPath,
} from './site-config-paths.js';

/**
 * The end of a site's access or error log (spec/001 §9 Lines: 100, 300, 500, 1000, All = -1).
 * Prints one header line `{"size":N,"truncated":BOOL}`, then at most SITE_LOG_MAX_BYTES of the
 * log; a log that does not exist yet reads as empty.
 */
export const siteLogRead = defineRecipe({
  id: 'site-log-read',
  input: z.strictObject({
    ...siteConfigTargetShape,
    kind: siteLogKindInputSchema,
    lines: siteLogLinesInputSchema,
  }),
  steps: [
    {
      id: 'read',
      title: 'Read the log',
      script: 'site-configs/log-read.sh',
      timeoutMs: 15_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    ...siteConfigExitEnvironment(),
    HD_LOG_FILE: siteLogPath(input.site, input.web_server, input.kind),
    HD_LINES: String(input.lines),
    HD_MAX_BYTES: String(SITE_LOG_MAX_BYTES),
  }),
  example: { site: 'example.com', web_server: 'nginx', kind: 'error', lines: 100 },
});

export interface SiteLogHeader {
  size: number;
  truncated: boolean;
}

/** Splits site-log-read's output into its header and the log text. */
export function parseSiteLogOutput(stdout: string): SiteLogHeader & { content: string } {
  const end = stdout.indexOf('\n');
  const header = z
    .object({ size: z.number().int().min(0), truncated: z.boolean() })
    .parse(JSON.parse(end === -1 ? stdout : stdout.slice(0, end)));
  return { ...header, content: end === -1 ? '' : stdout.slice(end + 1) };
}
