import { z } from 'zod';
import { domainSchema, siteOwnerSchema } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';

export const SITE_PERMISSION_ACTIONS = ['chown', 'chmod'] as const;

/**
 * Repairs a site's home (spec/000 §7 Sites chmod, chown): `chown` gives everything in
 * /home/USER/SITE back to USER (links changed, never followed); `chmod` sets folders 0755, files
 * 0644 (0755 when executable). Both repair the gate /home/USER (0710, group www-data). Only what
 * differs changes.
 */
export const sitePermissions = defineRecipe({
  id: 'site-permissions',
  input: z.strictObject({
    site: domainSchema,
    /** chown gives the files to this user: never a special user. */
    linux_user: siteOwnerSchema,
    action: z.enum(SITE_PERMISSION_ACTIONS, { error: 'Invalid value' }),
  }),
  steps: [
    {
      id: 'permissions',
      title: 'Repair the file permissions',
      script: 'sites/permissions.sh',
      timeoutMs: 15 * 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_SITE: input.site, HD_LINUX_USER: input.linux_user, HD_ACTION: input.action }),
  example: { site: 'example.com', linux_user: 'examplecom', action: 'chown' },
});
