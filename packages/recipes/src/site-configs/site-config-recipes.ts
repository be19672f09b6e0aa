import { z } from 'zod';
import { SITE_CONFIG_MAX_BYTES } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import {
  isMainSiteConfig,
  siteConfigExitEnvironment,
  siteConfigNameInputSchema,
  siteConfigPath,
  siteConfigTargetEnvironment,
  siteConfigTargetShape,
} from './site-config-paths.js';

/**
 * The web server configs of a site (spec/000 §7 configs CRUD), run while the request waits:
 * list, read, write (create or update; validated with `nginx -t` / `apachectl configtest`, rolled
 * back when refused, reloaded when accepted) and delete (never the main vhost).
 */
const QUICK_TIMEOUT_MS = 15_000;
const WRITE_TIMEOUT_MS = 60_000;

const example = { site: 'example.com', web_server: 'nginx' } as const;

function namedEnvironment(input: { site: string; web_server: 'nginx' | 'apache2'; name: string }) {
  return {
    ...siteConfigTargetEnvironment(input),
    ...siteConfigExitEnvironment(),
    HD_NAME: input.name,
    HD_CONFIG_FILE: siteConfigPath(input.site, input.web_server, input.name),
    HD_MAIN: isMainSiteConfig(input.site, input.name) ? '1' : '0',
  };
}

/** Prints `[{name, path, size, modified, main}]` (modified: seconds since the epoch). */
export const siteConfigList = defineRecipe({
  id: 'site-config-list',
  input: z.strictObject(siteConfigTargetShape),
  steps: [
    {
      id: 'list',
      title: 'List the configuration files',
      script: 'site-configs/list.sh',
      timeoutMs: QUICK_TIMEOUT_MS,
      idempotent: true,
    },
  ],
  environment: (input) => siteConfigTargetEnvironment(input),
  example,
});

/** Prints the config's content, nothing else. */
export const siteConfigRead = defineRecipe({
  id: 'site-config-read',
  input: z.strictObject({ ...siteConfigTargetShape, name: siteConfigNameInputSchema }),
  steps: [
    {
      id: 'read',
      title: 'Read the configuration file',
      script: 'site-configs/read.sh',
      timeoutMs: QUICK_TIMEOUT_MS,
      idempotent: true,
    },
  ],
  environment: (input) => ({ ...namedEnvironment(input), HD_MAX_BYTES: String(SITE_CONFIG_MAX_BYTES) }),
  example: { ...example, name: 'example.com' },
});

/** The content travels on stdin: free text never reaches the environment or a command line. */
const contentInputSchema = z
  .instanceof(Buffer)
  .refine((content) => !content.includes(0) && content.length <= SITE_CONFIG_MAX_BYTES, 'Invalid value');

export const siteConfigWrite = defineRecipe({
  id: 'site-config-write',
  input: z.strictObject({
    ...siteConfigTargetShape,
    name: siteConfigNameInputSchema,
    /** create: refused when the file exists; update: refused when it does not. */
    mode: z.enum(['create', 'update']),
    content: contentInputSchema,
  }),
  steps: [
    {
      id: 'write',
      title: 'Write, validate and reload',
      script: 'site-configs/write.sh',
      timeoutMs: WRITE_TIMEOUT_MS,
      idempotent: true,
    },
  ],
  environment: (input) => ({ ...namedEnvironment(input), HD_MODE: input.mode }),
  secrets: (input) => input.content,
  example: { ...example, name: 'redirects', mode: 'create', content: Buffer.from('# redirects\n') },
});

export const siteConfigDelete = defineRecipe({
  id: 'site-config-delete',
  input: z.strictObject({ ...siteConfigTargetShape, name: siteConfigNameInputSchema }),
  steps: [
    {
      id: 'delete',
      title: 'Delete, validate and reload',
      script: 'site-configs/delete.sh',
      timeoutMs: WRITE_TIMEOUT_MS,
      idempotent: true,
    },
  ],
  environment: (input) => namedEnvironment(input),
  example: { ...example, name: 'redirects' },
});
