import { z } from 'zod';
import { domainSchema, siteOwnerSchema } from '@hostdeck/contracts';
import { defineRecipe, type Recipe } from '../recipe.js';

const MINUTE = 60_000;

/**
 * One clone's archive: /var/lib/hostdeck/clone/{token}.tar.gz on both servers (random, panel-made),
 * in a folder only root may enter (never a shared temporary folder: issue 25).
 */
export const cloneTokenSchema = z.string().regex(/^[a-f0-9]{32}$/, 'Invalid value');
/** The most bytes of the archive one `read` answers (as base64 on stdout) or one `append` takes. */
export const CLONE_CHUNK_BYTES = 4 * 1024 * 1024;
/** Base64 text of one chunk: 4/3 of it, rounded up to whole groups of 4. */
const CHUNK_BASE64_MAX = Math.ceil(CLONE_CHUNK_BYTES / 3) * 4;

// tar reads and writes as linux_user: never root or another special user.
const siteFields = { site: domainSchema, linux_user: siteOwnerSchema, token: cloneTokenSchema };

/**
 * The source side of cloning a site's files to another server (apps/api/src/sites/site-clone-task.ts).
 * RemoteSession.run delivers stdout as text and takes stdin whole, so a tar stream cannot flow from
 * one session into another: `pack` writes the archive to a root-only temp file (tar runs as the
 * site's user, so nothing the user cannot read gets in), `read` prints one bounded chunk of it as
 * base64, `clean` removes it.
 */
export const siteFilesExport = defineRecipe({
  id: 'site-files-export',
  input: z.strictObject({
    ...siteFields,
    action: z.enum(['pack', 'read', 'clean']),
    offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    length: z.number().int().min(1).max(CLONE_CHUNK_BYTES).default(CLONE_CHUNK_BYTES),
  }),
  steps: [
    {
      id: 'export',
      title: "Export the site's files",
      script: 'sites-clone/export.sh',
      timeoutMs: 60 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_LINUX_USER: input.linux_user,
    HD_TOKEN: input.token,
    HD_ACTION: input.action,
    HD_OFFSET: String(input.offset),
    HD_LENGTH: String(input.length),
  }),
  example: { site: 'example.com', linux_user: 'example', token: 'a'.repeat(32), action: 'pack' },
});

/**
 * The target side: `append` adds one base64 chunk (on stdin) to the temp archive, `extract`
 * unpacks it into the site's home as the site's user (so no entry can land outside what that user
 * may write) and removes it, `clean` removes it.
 */
export const siteFilesImport = defineRecipe({
  id: 'site-files-import',
  input: z.strictObject({
    ...siteFields,
    action: z.enum(['append', 'extract', 'clean']),
    // Bytes for stdin only (never text a grammar could be asked to judge): one base64 chunk.
    chunk: z
      .instanceof(Buffer)
      .refine((value) => value.length <= CHUNK_BASE64_MAX, 'Invalid value')
      .default(Buffer.alloc(0)),
  }),
  steps: [
    {
      id: 'import',
      title: "Import the site's files",
      script: 'sites-clone/import.sh',
      timeoutMs: 60 * MINUTE,
      idempotent: false,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_LINUX_USER: input.linux_user,
    HD_TOKEN: input.token,
    HD_ACTION: input.action,
  }),
  secrets: (input) => input.chunk,
  example: {
    site: 'example.com',
    linux_user: 'example',
    token: 'a'.repeat(32),
    action: 'append',
    chunk: Buffer.from('aGk='),
  },
});

export const siteCloneRecipes: readonly Recipe[] = [siteFilesExport, siteFilesImport];
