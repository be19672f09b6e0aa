import { z } from 'zod';
import {
  domainSchema,
  linuxUserSchema,
  portSchema,
  relativeDirectorySchema,
  siteOwnerSchema,
} from '@hostdeck/contracts';
import {
  SITE_APP_NODE_DIR,
  SITE_APP_RUNTIMES,
  siteAppIdSchema,
  siteAppSourceSchema,
} from '@hostdeck/contracts/site-apps';
import { defineRecipe } from '../recipe.js';
import { flag } from '../sites/site-inputs.js';

/**
 * The app catalogue of a site (apps/api/src/site-apps, docs/site-apps.md). One generic install
 * recipe runs any template of `@hostdeck/contracts/site-apps` from validated values; every path is
 * computed here from the grammar-checked domain and user, never by the scripts from raw input.
 */

const MINUTE = 60_000;
const INVALID = 'Invalid value';

/** Where a site's app lives, outside its web root: /home/USER/.hostdeck-apps/SITE/{app,data}. */
export const siteAppRoot = (user: string, site: string) => `/home/${user}/.hostdeck-apps/${site}`;
/** The app's environment (secrets included): root's, 0600. */
export const siteAppEnvironmentFile = (site: string) => `/etc/hostdeck/site-apps/${site}.env`;
export const siteAppUnitName = (site: string) => `hostdeck-app-${site}.service`;
/** Included in the site's server blocks (site-apply includes /etc/nginx/hostdeck/SITE/*.conf). */
export const siteAppIncludePath = (site: string) => `/etc/nginx/hostdeck/${site}/_hostdeck-app.conf`;
/** The marker line of a Tiny File Manager the panel installed (its first 512 bytes). */
export const TINY_FILE_MANAGER_MARKER = 'hostdeck:tiny-file-manager';
export const TINY_FILE_MANAGER_FILE = 'tinyfilemanager.php';

/** A pinned version: npm version, image tag or release; never an option. */
const versionSchema = z.string().regex(/^v?[0-9][0-9A-Za-z.+-]{0,39}$/, INVALID);
/** npm package, image or file name of ours. */
const artifactSchema = z.string().regex(/^[a-z0-9][a-z0-9._/-]{0,99}$/, INVALID);
/** A path inside the package (node entry). */
const entrySchema = z
  .string()
  .regex(/^[A-Za-z0-9_][A-Za-z0-9._/-]{0,199}$/, INVALID)
  .refine((value) => !value.split('/').includes('..'), INVALID);
const healthPathSchema = z
  .string()
  .regex(/^\/[A-Za-z0-9._~/-]{0,200}$/, INVALID)
  .refine((value) => !value.split('/').includes('..'), INVALID);
/** An environment entry of the app: names and values from the template, filled with validated values. */
const environmentEntrySchema = z.strictObject({
  name: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, INVALID),
  value: z
    .string()
    .regex(/^[A-Za-z0-9._:/@+][A-Za-z0-9._:/@+-]{0,254}$/, INVALID)
    .refine((value) => !value.split('/').includes('..'), INVALID),
});
/** The site's served folder: under the user's home, no `..`, no quote or space. */
const webRootSchema = z
  .string()
  .regex(/^\/home\/[a-z_][a-z0-9_-]{0,31}\/[A-Za-z0-9._/-]{1,400}$/, INVALID)
  .refine((value) => !value.split('/').includes('..') && !value.includes('//'), INVALID);
/** The installer's configuration file: a fixed path of the template, under /etc. */
const configFileSchema = z.strictObject({
  path: z
    .string()
    .regex(/^\/etc\/[A-Za-z0-9._/-]{1,200}$/, INVALID)
    .refine((value) => !value.split('/').includes('..'), INVALID),
  // INI lines: no quote, backslash, `$` or backtick, nothing a shell or the file's reader would
  // take for anything else; written with printf '%s\n'.
  lines: z.array(z.string().regex(/^[A-Za-z0-9 ._:/@=[\]+-]{0,300}$/, INVALID)).max(64),
});
/** A generated secret: hex only, so it needs no quoting anywhere. */
const secretEntrySchema = z.strictObject({
  name: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, INVALID),
  value: z.string().regex(/^[0-9a-f]{32,128}$/, INVALID),
});

/**
 * A word of a container's command or entry point: fixed text of a template, given to Docker as one
 * argument (systemd-quoted in the unit, never read by a shell of ours). Spaces, `"` and `$` are
 * allowed for a command the container's own shell runs (Redis: `sh -c 'exec redis-server
 * --requirepass "$REDIS_PASSWORD"'`); no backslash, quote, separator, redirection or substitution
 * character, no control character.
 */
const commandWordSchema = z.string().regex(/^[A-Za-z0-9._:/=@+,"$ -]{1,300}$/, INVALID);
const containerNameSchema = z.string().regex(/^[a-z][a-z0-9]{0,15}$/, INVALID);
const envNameSchema = z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, INVALID);
/** A docker app's container, from its template (contracts SiteAppContainer). */
const containerSchema = z.strictObject({
  name: containerNameSchema,
  image: artifactSchema,
  version: versionSchema,
  entrypoint: commandWordSchema.nullable(),
  command: z.array(commandWordSchema).max(32),
  /** Names of the environment file's variables the container gets (values never in the unit). */
  environment: z.array(envNameSchema).max(64),
  volumes: z
    .array(
      z.strictObject({
        folder: z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/, INVALID),
        path: healthPathSchema,
      }),
    )
    .max(8),
});
export type SiteAppContainerInput = z.infer<typeof containerSchema>;

/** Docker names of a site's app: network, containers and units (companions: `-NAME`). */
export const siteAppNetwork = (site: string) => `hostdeck-app-${site}`;
export const siteAppContainerName = (site: string, companion?: string) =>
  companion ? `hostdeck-app-${site}-${companion}` : `hostdeck-app-${site}`;
/** The units the install wrote for the site (root's): the uninstall removes these. */
export const siteAppUnitsFile = (site: string) => `/etc/hostdeck/site-apps/${site}.units`;

/**
 * The docker runtime's containers as environment: HD_CONTAINERS counts them (the app first), and
 * HD_C<i>_{NAME,CONTAINER,UNIT,IMAGE,ENTRYPOINT,COMMAND,ENV,VOLUMES} describe each one; COMMAND
 * holds one word a line, ENV one name a line, VOLUMES `folder:path` lines (all grammar-checked).
 */
function dockerEnvironment(
  site: string,
  docker: { app: SiteAppContainerInput; companions: SiteAppContainerInput[]; setup: string[] } | null,
): Record<string, string> {
  if (!docker) return { HD_CONTAINERS: '0' };
  const all = [docker.app, ...docker.companions];
  const values: Record<string, string> = {
    HD_CONTAINERS: String(all.length),
    HD_SETUP: docker.setup.join('\n'),
  };
  all.forEach((container, index) => {
    const companion = index === 0 ? undefined : container.name;
    const prefix = `HD_C${index}_`;
    values[`${prefix}NAME`] = container.name;
    values[`${prefix}CONTAINER`] = siteAppContainerName(site, companion);
    values[`${prefix}UNIT`] = `${siteAppContainerName(site, companion)}.service`;
    values[`${prefix}IMAGE`] = `${container.image}:${container.version}`;
    values[`${prefix}ENTRYPOINT`] = container.entrypoint ?? '';
    values[`${prefix}COMMAND`] = container.command.join('\n');
    values[`${prefix}ENV`] = container.environment.join('\n');
    values[`${prefix}VOLUMES`] = container.volumes
      .map((volume) => `${volume.folder}:${volume.path}`)
      .join('\n');
  });
  return values;
}

const paths = (site: string, user: string) => ({
  HD_SITE: site,
  HD_LINUX_USER: user,
  HD_APP_ROOT: siteAppRoot(user, site),
  HD_ENV_FILE: siteAppEnvironmentFile(site),
  HD_UNIT: siteAppUnitName(site),
  HD_INCLUDE_FILE: siteAppIncludePath(site),
  HD_UNITS_FILE: siteAppUnitsFile(site),
  HD_NETWORK: siteAppNetwork(site),
});

/** Quick read: what the server has (cores, memory, free disk under /home), read before an install. */
export const siteAppResources = defineRecipe({
  id: 'site-app-resources',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read the server resources',
      script: 'site-apps/resources.sh',
      timeoutMs: 15_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});

export const siteAppInstall = defineRecipe({
  id: 'site-app-install',
  input: z.strictObject({
    site: domainSchema,
    linux_user: siteOwnerSchema,
    app: siteAppIdSchema,
    version: versionSchema,
    runtime: z.enum(SITE_APP_RUNTIMES, { message: INVALID }),
    artifact: artifactSchema,
    entry: entrySchema.nullable(),
    source: siteAppSourceSchema,
    port: portSchema.nullable(),
    health_path: healthPathSchema.nullable(),
    websockets: z.boolean(),
    /** node runtime: the Node.js tarball (panel setting SITE_APPS_NODE_URL) and its lowest major. */
    node_url: siteAppSourceSchema.nullable(),
    node_major: z.number().int().min(18).max(99).nullable(),
    /** The site's served folder (`{web_root}`; where an installer puts its UI). */
    web_root: webRootSchema,
    /** installer runtime: the script's SHA-256 (null: not checked). */
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, INVALID)
      .nullable(),
    config_file: configFileSchema.nullable(),
    min_cores: z.number().int().min(1).max(1024),
    min_memory_mb: z.number().int().min(1).max(16_777_216),
    min_disk_mb: z.number().int().min(0).max(1_073_741_824),
    environment: z.array(environmentEntrySchema).max(64),
    secrets: z.array(secretEntrySchema).max(16),
    /** The docker runtime: the app's container (name `app`), its companions and the one-time setup. */
    docker: z
      .strictObject({
        app: containerSchema,
        companions: z.array(containerSchema).max(6),
        setup: z.array(commandWordSchema).max(32),
      })
      .nullable(),
  }),
  steps: [
    {
      id: 'check',
      title: 'Check the server resources',
      script: 'site-apps/check.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
    {
      id: 'install',
      title: 'Install the app',
      script: 'site-apps/install.sh',
      timeoutMs: 20 * MINUTE,
      idempotent: true,
    },
    {
      id: 'start',
      title: 'Start the app',
      script: 'site-apps/start.sh',
      timeoutMs: 5 * MINUTE,
      idempotent: true,
    },
    {
      id: 'proxy',
      title: 'Proxy the site to the app',
      script: 'site-apps/proxy.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    ...paths(input.site, input.linux_user),
    HD_APP: input.app,
    HD_VERSION: input.version,
    HD_RUNTIME: input.runtime,
    HD_ARTIFACT: input.artifact,
    HD_ENTRY: input.entry ?? '',
    HD_SOURCE: input.source,
    HD_PORT: input.port === null ? '' : String(input.port),
    HD_HEALTH_PATH: input.health_path ?? '',
    HD_WEBSOCKETS: flag(input.websockets),
    HD_NODE_URL: input.node_url ?? '',
    HD_NODE_MAJOR: String(input.node_major ?? 20),
    HD_NODE_DIR: SITE_APP_NODE_DIR,
    HD_WEB_ROOT: input.web_root,
    HD_SHA256: input.sha256 ?? '',
    HD_CONFIG_PATH: input.config_file?.path ?? '',
    // One line per entry: each passed its grammar (no newline, quote, `$` or backslash).
    HD_CONFIG_LINES: input.config_file?.lines.join('\n') ?? '',
    HD_MIN_CORES: String(input.min_cores),
    HD_MIN_MEMORY_MB: String(input.min_memory_mb),
    HD_MIN_DISK_MB: String(input.min_disk_mb),
    // One NAME=VALUE per line: every name and value passed its grammar (no newline, no quote).
    HD_APP_ENVIRONMENT: input.environment.map((entry) => `${entry.name}=${entry.value}`).join('\n'),
    ...dockerEnvironment(input.site, input.docker),
  }),
  // Secrets never travel in the environment: NAME=HEX lines on stdin.
  secrets: (input) => input.secrets.map((entry) => `${entry.name}=${entry.value}\n`).join(''),
  example: {
    site: 'example.com',
    linux_user: 'hostdeck',
    app: 'uptime-kuma',
    version: '2.0.0-dev.0',
    runtime: 'node',
    artifact: 'uptime-kuma',
    entry: 'server/server.js',
    source: 'https://registry.npmjs.org/',
    port: 3001,
    health_path: '/',
    websockets: true,
    node_url: 'https://nodejs.org/dist/v20.20.2/node-v20.20.2-linux-x64.tar.gz',
    node_major: 20,
    web_root: '/home/hostdeck/example.com',
    sha256: null,
    config_file: null,
    min_cores: 1,
    min_memory_mb: 512,
    min_disk_mb: 1024,
    environment: [{ name: 'UPTIME_KUMA_HOST', value: '127.0.0.1' }],
    secrets: [{ name: 'SECRET_KEY_BASE', value: 'ab'.repeat(32) }],
    docker: null,
  },
});

export const siteAppUninstall = defineRecipe({
  id: 'site-app-uninstall',
  input: z.strictObject({
    site: domainSchema,
    linux_user: linuxUserSchema,
    delete_data: z.boolean(),
  }),
  steps: [
    {
      id: 'uninstall',
      title: 'Remove the app',
      script: 'site-apps/uninstall.sh',
      timeoutMs: 5 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    ...paths(input.site, input.linux_user),
    HD_DELETE_DATA: flag(input.delete_data),
  }),
  example: { site: 'example.com', linux_user: 'hostdeck', delete_data: false },
});

/** The git code types: the deploy key goes; with delete_data the releases, `current` and `shared/` too. */
export const siteCodeGitUninstall = defineRecipe({
  id: 'site-code-git-uninstall',
  input: z.strictObject({
    site: domainSchema,
    linux_user: linuxUserSchema,
    delete_data: z.boolean(),
  }),
  steps: [
    {
      id: 'uninstall',
      title: 'Remove the deployed code',
      script: 'site-apps/git-uninstall.sh',
      timeoutMs: 5 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_LINUX_USER: input.linux_user,
    HD_DELETE_DATA: flag(input.delete_data),
  }),
  example: { site: 'example.com', linux_user: 'hostdeck', delete_data: false },
});

export const siteTinyFileManagerRemove = defineRecipe({
  id: 'site-tiny-file-manager-remove',
  input: z.strictObject({
    site: domainSchema,
    linux_user: linuxUserSchema,
    directory: relativeDirectorySchema,
    releases: z.boolean(),
  }),
  steps: [
    {
      id: 'remove',
      title: 'Remove Tiny File Manager',
      script: 'site-apps/tiny-file-manager-remove.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_LINUX_USER: input.linux_user,
    HD_DIRECTORY: input.directory,
    HD_RELEASES: flag(input.releases),
    HD_FILE_NAME: TINY_FILE_MANAGER_FILE,
    HD_MARKER: TINY_FILE_MANAGER_MARKER,
  }),
  example: { site: 'example.com', linux_user: 'hostdeck', directory: '/', releases: false },
});
