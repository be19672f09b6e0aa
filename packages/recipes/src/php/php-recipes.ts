import { z } from 'zod';
import { phpVersionSchema } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import { flag } from '../sites/site-inputs.js';
import {
  IONCUBE_DEFAULT_SOURCE,
  decodeFileBytes,
  fileBytesInputSchema,
  ioncubeSourceInputSchema,
  phpExecutionTimeInputSchema,
  phpSapiInputSchema,
  phpUploadSizeInputSchema,
} from './php-inputs.js';

const MINUTE = 60_000;
const versionInput = z.strictObject({ version: phpVersionSchema });
const versionEnvironment = (input: { version: string }) => ({ HD_PHP_VERSION: input.version });

/** The PHP versions of the server: FPM state, ionCube, the command-line version (read-only). */
export const phpInventory = defineRecipe({
  id: 'php-inventory',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read the PHP versions',
      script: 'php/inventory.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});

/** Installs PHP-FPM VERSION and its common extensions (lib/php.sh hd_php_install). */
export const phpInstall = defineRecipe({
  id: 'php-install',
  input: versionInput,
  steps: [
    {
      id: 'install',
      title: 'Install PHP-FPM and its extensions',
      script: 'php/install.sh',
      timeoutMs: 20 * MINUTE,
      idempotent: true,
    },
  ],
  environment: versionEnvironment,
  example: { version: '8.2' },
});

/** Purges PHP VERSION: refused while a pool or the command line still uses it. */
export const phpRemove = defineRecipe({
  id: 'php-remove',
  input: versionInput,
  steps: [
    {
      id: 'remove',
      title: 'Remove the PHP packages',
      script: 'php/remove.sh',
      timeoutMs: 10 * MINUTE,
      idempotent: true,
    },
  ],
  environment: versionEnvironment,
  example: { version: '8.1' },
});

/** Checks that VERSION is installed (the default version itself is the panel's). */
export const phpDefault = defineRecipe({
  id: 'php-default',
  input: versionInput,
  steps: [
    {
      id: 'check',
      title: 'Check the PHP version',
      script: 'php/check.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: versionEnvironment,
  example: { version: '8.2' },
});

/** `php`, `phar` and `php-config` become VERSION's (update-alternatives --set). */
export const phpCli = defineRecipe({
  id: 'php-cli',
  input: versionInput,
  steps: [
    {
      id: 'alternatives',
      title: 'Set the command-line PHP',
      script: 'php/cli.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: versionEnvironment,
  example: { version: '8.2' },
});

/**
 * The limits and OPcache of VERSION, in its ini, its sites' pools and their web server includes,
 * all validated (php-fpm -t, nginx -t / apachectl configtest), reloaded, rolled back on failure.
 */
export const phpSettingsInputSchema = z.strictObject({
  version: phpVersionSchema,
  upload_size_mb: phpUploadSizeInputSchema,
  execution_time: phpExecutionTimeInputSchema,
  opcache: z.boolean({ error: 'Invalid value' }),
});
export const phpSettingsApply = defineRecipe({
  id: 'php-settings',
  input: phpSettingsInputSchema,
  steps: [
    {
      id: 'apply',
      title: 'Apply the PHP limits',
      script: 'php/settings.sh',
      timeoutMs: 3 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_PHP_VERSION: input.version,
    HD_PHP_UPLOAD_MB: String(input.upload_size_mb),
    HD_PHP_EXECUTION_TIME: String(input.execution_time),
    HD_PHP_OPCACHE: flag(input.opcache),
  }),
  example: { version: '8.2', upload_size_mb: 256, execution_time: 60, opcache: true },
});

/** Empties the OPcache of PHP-FPM VERSION (a reload). */
export const phpOpcacheReset = defineRecipe({
  id: 'php-opcache-reset',
  input: versionInput,
  steps: [
    {
      id: 'reset',
      title: 'Reset the OPcache',
      script: 'php/opcache-reset.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: versionEnvironment,
  example: { version: '8.2' },
});

/** Prints `ini<TAB>base64` of /etc/php/VERSION/SAPI/php.ini (read-only). */
export const phpIniRead = defineRecipe({
  id: 'php-ini-read',
  input: z.strictObject({ version: phpVersionSchema, sapi: phpSapiInputSchema }),
  steps: [
    { id: 'read', title: 'Read the php.ini', script: 'php/ini-read.sh', timeoutMs: MINUTE, idempotent: true },
  ],
  environment: (input) => ({ HD_PHP_VERSION: input.version, HD_PHP_SAPI: input.sapi }),
  example: { version: '8.2', sapi: 'fpm' },
});

/** Writes /etc/php/VERSION/SAPI/php.ini from stdin, validated, reloaded, rolled back on failure. */
export const phpIniWrite = defineRecipe({
  id: 'php-ini-write',
  input: z.strictObject({
    version: phpVersionSchema,
    sapi: phpSapiInputSchema,
    content: fileBytesInputSchema,
  }),
  steps: [
    {
      id: 'write',
      title: 'Save, check and reload the php.ini',
      script: 'php/ini-write.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_PHP_VERSION: input.version, HD_PHP_SAPI: input.sapi }),
  secrets: (input) => decodeFileBytes(input.content),
  example: { version: '8.2', sapi: 'fpm', content: 'base64:W1BIUF0KbWVtb3J5X2xpbWl0ID0gMTI4TQo=' },
});

/** The ionCube Loader of VERSION on or off; its source is a setting (ionCube's download by default). */
export const phpIoncube = defineRecipe({
  id: 'php-ioncube',
  input: z.strictObject({
    version: phpVersionSchema,
    enabled: z.boolean({ error: 'Invalid value' }),
    source: ioncubeSourceInputSchema.default(IONCUBE_DEFAULT_SOURCE),
  }),
  steps: [
    {
      id: 'ioncube',
      title: 'Turn the ionCube Loader on or off',
      script: 'php/ioncube.sh',
      timeoutMs: 6 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_PHP_VERSION: input.version,
    HD_IONCUBE: flag(input.enabled),
    ...(input.enabled ? { HD_IONCUBE_SOURCE: input.source } : {}),
  }),
  example: { version: '8.2', enabled: true, source: IONCUBE_DEFAULT_SOURCE },
});
