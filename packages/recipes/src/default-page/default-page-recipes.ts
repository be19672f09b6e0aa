import { z } from 'zod';
import { hasControlCharacters } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import { InventoryFormatError } from '../inventory.js';

/**
 * The server's default page (spec/000 §7 "Default page"): what it answers for a host no site has
 * and for its bare IP. It is `/var/www/html/index.html`, the index of the default server's root
 * that provisioning (scripts/provision/web-server.sh), nginx-install (scripts/nginx/default-site.sh)
 * and Debian's nginx and apache2 all use: reused, not a second default server. The content is
 * text (at most 256 KiB) that travels as hex in the sealed event input and as bytes on stdin.
 */

const INVALID = 'Invalid value';
/** The largest default page (bytes). */
export const DEFAULT_PAGE_MAX_BYTES = 256 * 1024;
/** Where the default page lives on the server. */
export const DEFAULT_PAGE_PATH = '/var/www/html/index.html';

/** Printable UTF-8 text: tab, LF and CR allowed; no NUL or other control characters. */
function isPrintableText(bytes: Buffer): boolean {
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) return false;
  return !hasControlCharacters(text.replace(/[\t\n\r]/g, ''));
}

/** The page as hex: 1 to DEFAULT_PAGE_MAX_BYTES bytes of printable UTF-8 text. */
export const defaultPageHexSchema = z
  .string()
  .max(DEFAULT_PAGE_MAX_BYTES * 2, INVALID)
  .regex(/^(?:[0-9a-f]{2})+$/, INVALID)
  .refine((hex) => isPrintableText(Buffer.from(hex, 'hex')), INVALID);

/** Prints `page<TAB>PATH<TAB>0|1<TAB>SERVER`, then the page. */
export const defaultPageRead = defineRecipe({
  id: 'default-page-read',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read the default page',
      script: 'default-page/read.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: () => ({ HD_MAX_BYTES: String(DEFAULT_PAGE_MAX_BYTES) }),
  example: {},
});

/** Writes the page: web server config checked, page written, reloaded, checked, rolled back on failure. */
export const defaultPageWrite = defineRecipe({
  id: 'default-page-write',
  input: z.strictObject({ content_hex: defaultPageHexSchema }),
  steps: [
    {
      id: 'write',
      title: 'Write the default page and reload the web server',
      script: 'default-page/write.sh',
      timeoutMs: 2 * 60_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  secrets: (input) => Buffer.from(input.content_hex, 'hex'),
  example: { content_hex: Buffer.from('<h1>Hello</h1>\n').toString('hex') },
});

export interface DefaultPage {
  path: string;
  /** Whether the file exists (Debian's nginx ships index.nginx-debian.html instead). */
  exists: boolean;
  /** The web server holding port 80, or null. */
  webServer: 'nginx' | 'apache2' | null;
  content: string;
}

/** Parses default-page-read's output (the header line, then the page as it is). */
export function parseDefaultPage(stdout: string): DefaultPage {
  const newline = stdout.indexOf('\n');
  const header = (newline === -1 ? stdout : stdout.slice(0, newline)).split('\t');
  const [kind, path, exists, server] = header;
  if (
    header.length !== 4 ||
    kind !== 'page' ||
    path !== DEFAULT_PAGE_PATH ||
    (exists !== '0' && exists !== '1') ||
    (server !== 'nginx' && server !== 'apache2' && server !== '-')
  ) {
    throw new InventoryFormatError('the default page could not be read');
  }
  return {
    path,
    exists: exists === '1',
    webServer: server === '-' ? null : server,
    content: newline === -1 ? '' : stdout.slice(newline + 1),
  };
}
