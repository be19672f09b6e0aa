import { z } from 'zod';
import { SITE_COMMAND_MAX_LENGTH, domainSchema } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import { deployUserSchema, flag, stdinText } from './deployment-inputs.js';

/**
 * Runs a command as the site's user in the site's project root ({home}/current for a
 * release-based site, else {home}), the command text on stdin (spec/000 §7 commands). Its output
 * streams to the event and its exit status decides the event's.
 */
export const siteCommand = defineRecipe({
  id: 'site-command',
  input: z.strictObject({
    site: domainSchema,
    linux_user: deployUserSchema,
    /** The site deploys releases: the command runs in {home}/current. */
    releases: z.boolean(),
    command: stdinText(SITE_COMMAND_MAX_LENGTH * 4),
  }),
  steps: [
    {
      id: 'run',
      title: 'Run the command',
      script: 'deployments/command.sh',
      timeoutMs: 60 * 60_000,
      idempotent: false,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_LINUX_USER: input.linux_user,
    HD_RELEASES: flag(input.releases),
  }),
  secrets: (input) => input.command,
  example: { site: 'example.com', linux_user: 'hostdeck', releases: false, command: Buffer.from('id -un') },
});
