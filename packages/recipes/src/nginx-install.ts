import { z } from 'zod';
import { domainSchema } from '@hostdeck/contracts';
import { defineRecipe } from './recipe.js';

const MINUTE = 60_000;

/**
 * Installs nginx with a default server on port 80, enabled and running, and checks it answers on
 * 127.0.0.1:80. Every step is idempotent: a second run changes nothing (no `change` line).
 * Input: `server_name`, optional, the default server's name (`_`, any name, when absent).
 */
export const nginxInstall = defineRecipe({
  id: 'nginx-install',
  input: z.strictObject({ server_name: domainSchema.optional() }),
  steps: [
    {
      id: 'install',
      title: 'Install nginx',
      script: 'nginx/install.sh',
      timeoutMs: 15 * MINUTE,
      idempotent: true,
    },
    {
      id: 'default-site',
      title: 'Write the default server',
      script: 'nginx/default-site.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
    {
      id: 'enable',
      title: 'Enable and start nginx',
      script: 'nginx/enable.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
    {
      id: 'check',
      title: 'Check nginx answers',
      script: 'nginx/check.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => {
    const environment: Record<string, string> = {};
    if (input.server_name !== undefined) environment.HD_SERVER_NAME = input.server_name;
    return environment;
  },
  example: { server_name: 'example.com' },
});
