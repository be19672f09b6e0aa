import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { hasControlCharacters } from './grammars.js';
import { defineRoutes } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';

/**
 * The server's default page (spec/000 §7 "Default page"): the HTML it answers for a host no site
 * has and for its bare IP. On the server it is `/var/www/html/index.html`, the index of the
 * default server's root that provisioning and Debian's web servers use. `GET default-page` reads
 * it; `POST default-page` `{ content }` writes it as an event (checked, reloaded, rolled back when
 * the default server does not answer with it).
 */

export const DEFAULT_PAGE_MAX_BYTES = 256 * 1024;

export const DEFAULT_PAGE_MESSAGES = {
  content: 'The page must be text (no control characters) of 1 byte to 256 KiB.',
} as const;

export const defaultPageContentSchema = z
  .string()
  .refine(
    (value) =>
      value.length > 0 &&
      !hasControlCharacters(value.replace(/[\t\n\r]/g, '')) &&
      new TextEncoder().encode(value).length <= DEFAULT_PAGE_MAX_BYTES,
    DEFAULT_PAGE_MESSAGES.content,
  );

export const defaultPageSchema = z.object({
  path: z.string(),
  /** The file exists (a fresh Debian nginx serves its own index.nginx-debian.html instead). */
  exists: z.boolean(),
  /** The web server holding port 80: nginx, apache2, or null. */
  web_server: z.enum(['nginx', 'apache2']).nullable(),
  content: z.string(),
});
export type DefaultPage = z.infer<typeof defaultPageSchema>;

export const defaultPageRequestSchema = z.strictObject({ content: defaultPageContentSchema });

export const defaultPageRoutes = defineRoutes({
  show: {
    method: 'GET',
    path: '/api/servers/:server/default-page',
    response: z.object({ data: defaultPageSchema }),
  },
  update: {
    method: 'POST',
    path: '/api/servers/:server/default-page',
    body: defaultPageRequestSchema,
    response: startedEventResponseSchema,
  },
});

export const DEFAULT_PAGE_EVENT_TYPE = 'default_page_update';

export const DEFAULT_PAGE_EVENT_DESCRIPTIONS = defineEventDescriptions({
  updateDefaultPage: 'Change the default page',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    'default-page': typeof DEFAULT_PAGE_EVENT_DESCRIPTIONS;
  }
}
