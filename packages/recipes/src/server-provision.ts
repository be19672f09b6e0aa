import type { z } from 'zod';
import { PHP_VERSIONS, provisionOptionsSchema } from '@hostdeck/contracts';
import { defineRecipe } from './recipe.js';

const MINUTE = 60_000;

/** The PHP version of the default site: the newest of those chosen. */
export function defaultPhpVersion(versions: readonly string[]): string | undefined {
  // PHP_VERSIONS is ordered newest first.
  return PHP_VERSIONS.find((version) => versions.includes(version));
}

/**
 * Provisions a connected server (issue #5): base packages, time zone, swap, unattended security
 * upgrades, the default Linux user, ufw (SSH allowed before it is enabled) and fail2ban, then the
 * chosen web server, PHP versions and database. Every step is idempotent: a second run on a
 * provisioned server prints no `change` line, and "retry from here" resumes at any step. The panel
 * marks the server installed when every step passed; no step does.
 *
 * Input: the contracts' `provisionOptionsSchema`, as stored on the server. The SSH port to keep
 * open is read on the server (sshd's ports and the connection's own), not passed in.
 */
export const serverProvision = defineRecipe({
  id: 'server-provision',
  input: provisionOptionsSchema,
  steps: [
    {
      id: 'detect-os',
      title: 'Detect the operating system',
      script: 'provision/detect-os.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
    {
      id: 'base-packages',
      title: 'Install the base packages',
      script: 'provision/base-packages.sh',
      timeoutMs: 20 * MINUTE,
      idempotent: true,
    },
    {
      id: 'timezone',
      title: 'Set the time zone',
      script: 'provision/timezone.sh',
      timeoutMs: 5 * MINUTE,
      idempotent: true,
    },
    { id: 'swap', title: 'Add swap', script: 'provision/swap.sh', timeoutMs: 10 * MINUTE, idempotent: true },
    {
      id: 'unattended-upgrades',
      title: 'Enable automatic security upgrades',
      script: 'provision/unattended-upgrades.sh',
      timeoutMs: 10 * MINUTE,
      idempotent: true,
    },
    {
      id: 'linux-user',
      title: 'Create the default Linux user',
      script: 'provision/linux-user.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
    {
      id: 'firewall',
      title: 'Enable the firewall',
      script: 'provision/firewall.sh',
      timeoutMs: 10 * MINUTE,
      idempotent: true,
    },
    {
      id: 'fail2ban',
      title: 'Enable Fail2Ban',
      script: 'provision/fail2ban.sh',
      timeoutMs: 10 * MINUTE,
      idempotent: true,
    },
    {
      id: 'web-server',
      title: 'Install the web server',
      script: 'provision/web-server.sh',
      timeoutMs: 20 * MINUTE,
      idempotent: true,
    },
    { id: 'php', title: 'Install PHP', script: 'provision/php.sh', timeoutMs: 30 * MINUTE, idempotent: true },
    {
      id: 'database',
      title: 'Install the database server',
      script: 'provision/database.sh',
      timeoutMs: 20 * MINUTE,
      idempotent: true,
    },
    {
      id: 'finish',
      title: 'Summarize the server',
      script: 'provision/finish.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input: z.output<typeof provisionOptionsSchema>) => {
    const environment: Record<string, string> = {
      HD_WEB_SERVER: input.web_server,
      HD_DATABASE: input.database,
      HD_LINUX_USER: input.default_linux_user,
      HD_TIMEZONE: input.timezone,
    };
    const phpDefault = defaultPhpVersion(input.php_versions);
    if (phpDefault !== undefined) {
      environment.HD_PHP_VERSIONS = input.php_versions.join(' ');
      environment.HD_PHP_DEFAULT = phpDefault;
    }
    return environment;
  },
  example: {
    web_server: 'nginx',
    php_versions: ['8.2'],
    database: 'mariadb',
    default_linux_user: 'hostdeck',
    timezone: 'UTC',
  },
});
