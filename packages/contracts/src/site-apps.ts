import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { DEFAULT_N8N_NODE_URL } from './n8n.js';
import { idParamSchema, defineRoutes } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * The app catalogue of a site (issue 21 point 5; spec/000 §7 Sites: code install POST for
 * uptime-kuma, imunifyav and chatwoot, `uninstall` DELETE, `tiny-file-manager` DELETE; §9
 * "chatwoot needs at least 4 cores and 4 GB RAM"). Each app is DATA: a template with a pinned
 * version, the panel setting that names where the server fetches it from, the secrets generated at
 * install, what it needs of the server, the local port it binds on 127.0.0.1, the path the recipe
 * checks once it runs, and whether its vhost must pass websockets. One generic recipe installs any
 * template from these validated values (packages/recipes/src/site-apps). docs/site-apps.md.
 * Import as `@hostdeck/contracts/site-apps`.
 */

export const SITE_APP_IDS = ['uptime-kuma', 'chatwoot', 'imunifyav'] as const;
export type SiteAppId = (typeof SITE_APP_IDS)[number];
export const siteAppIdSchema = z.enum(SITE_APP_IDS, { message: VALIDATION_MESSAGES.invalid });

/**
 * How the app runs: `node` an npm package started by a systemd unit as the site user; `docker` an
 * image run by a systemd unit (`docker run`, port published on 127.0.0.1 only); `installer` a
 * vendor's installer script run once (a server-wide tool whose web UI the site serves).
 */
export const SITE_APP_RUNTIMES = ['node', 'docker', 'installer'] as const;
export type SiteAppRuntime = (typeof SITE_APP_RUNTIMES)[number];

/**
 * Values the template's environment (and its installer's configuration lines) may take, filled by
 * the panel from validated data only: `web_root` is the site's served folder, `user` its Linux user.
 */
export const SITE_APP_PLACEHOLDERS = [
  'port',
  'domain',
  'url',
  'data_dir',
  'web_root',
  'user',
  'secret',
] as const;

/** A panel setting naming where servers fetch something (see SITE_APP_SOURCE_DEFAULTS). */
export type SiteAppSourceSetting =
  'SITE_APPS_NPM_REGISTRY' | 'SITE_APPS_IMAGE_REGISTRY' | 'SITE_APPS_IMUNIFYAV_INSTALLER_URL';

export interface SiteAppTemplate {
  id: SiteAppId;
  name: string;
  /** The pinned version: npm version, image tag or installer release. */
  version: string;
  runtime: SiteAppRuntime;
  /** npm package, image name or installer file name (a fixed value of ours, never typed). */
  artifact: string;
  /** The panel setting (configuration variable) that says where the server fetches the artifact. */
  sourceSetting: SiteAppSourceSetting;
  /** Names of the secrets generated at install (hex, 32 bytes each), given as `{secret}` by name. */
  secrets: readonly string[];
  /** Minimum of the server, read from the server itself before anything runs. */
  needs: { cores: number; memoryMb: number; diskMb: number };
  /** The port on 127.0.0.1 the app listens on (null: nothing to proxy, the site serves files). */
  port: number | null;
  /**
   * Answers 2xx or 3xx once the app runs: checked on 127.0.0.1:port by the recipe, or, without a
   * port (installer runtime), through the site's own vhost (nginx, the site's domain).
   */
  healthPath: string | null;
  websockets: boolean;
  /** The app's environment: values are fixed text or one `{placeholder}`/`{secret:NAME}`. */
  environment: Readonly<Record<string, string>>;
  /** The node entry point inside the package (node runtime). */
  entry?: string;
  /**
   * node runtime: the lowest Node.js major it runs on. The Node.js itself is the tarball of the
   * panel setting SITE_APPS_NODE_URL, unpacked in SITE_APP_NODE_DIR (lib/node.sh, as n8n's).
   */
  nodeMajor?: number;
  /** installer runtime: the site must run PHP (the installed UI is PHP served by the site). */
  needsPhp?: boolean;
  /**
   * installer runtime: the script's SHA-256 (null: the vendor changes it in place, nothing pinned)
   * and the panel setting that overrides it (empty setting: the template's value).
   */
  checksum?: { sha256: string | null; setting: SiteAppChecksumSetting };
  /**
   * installer runtime: the vendor's configuration file written (root's, 0644) before the script
   * runs, one line per entry, `{web_root}` and `{user}` filled. A file already there that the
   * panel did not write is kept (the operator's).
   */
  configFile?: { path: string; lines: readonly string[] };
  /** The docker runtime's containers (see SiteAppDocker). */
  docker?: SiteAppDocker;
}

/**
 * One container of a docker app: the app's own (`SiteAppDocker`) or a companion (its database,
 * cache, worker). Every container of a site joins the site's private Docker network
 * `hostdeck-app-SITE`, where a companion answers to its `name`; only the app publishes a port, on
 * 127.0.0.1. Volumes are folders of the app's data dir (`{folder: path in the container}`).
 */
export interface SiteAppContainer {
  /** Companion: container `hostdeck-app-SITE-NAME`, unit of the same name, host name on the network. */
  name: string;
  /** Image name and its pinned tag, fetched from the app's image registry setting. */
  image: string;
  version: string;
  /** Replaces the image's entry point (null: the image's own). */
  entrypoint: string | null;
  /** Arguments after the image (empty: the image's own command). Run by the container, never by a shell of ours. */
  command: readonly string[];
  /** Its environment, values as the app's (fixed text, a placeholder, `{secret:NAME}`). */
  environment: Readonly<Record<string, string>>;
  volumes: Readonly<Record<string, string>>;
}

export interface SiteAppDocker {
  /** The app's container: image `artifact:version`, environment `environment`. */
  entrypoint: string | null;
  command: readonly string[];
  volumes: Readonly<Record<string, string>>;
  /** Started before the app, each by its own unit. */
  companions: readonly SiteAppContainer[];
  /** Run once per install with the app's image, entry point and environment, after the companions started. */
  setup: readonly string[];
}

/** Panel settings that pin an installer's SHA-256 (empty: the template's). */
export type SiteAppChecksumSetting = 'SITE_APPS_IMUNIFYAV_INSTALLER_SHA256';
export const SITE_APP_CHECKSUM_SETTINGS = ['SITE_APPS_IMUNIFYAV_INSTALLER_SHA256'] as const;

/** Where the node runtime's Node.js is unpacked on a server (one for every site app). */
export const SITE_APP_NODE_DIR = '/opt/hostdeck/site-apps-node';

/** A SHA-256 in hex, or empty (the template's value stands). */
export const siteAppChecksumSchema = z.string().regex(/^(?:[0-9a-f]{64})?$/, VALIDATION_MESSAGES.invalid);

/** http(s) URL without user info, query, spaces or quotes; or a registry host[:port]. */
export const siteAppSourceSchema = z
  .string()
  .max(1000, VALIDATION_MESSAGES.invalid)
  .regex(
    /^(?:https?:\/\/[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?(?:\/[A-Za-z0-9._~%+-]+)*\/?|[a-z0-9][a-z0-9.-]{0,252}(?::[0-9]{1,5})?)$/,
    VALIDATION_MESSAGES.invalid,
  );

/** Where each app reads its sources by default (the panel settings of the same names). */
export const SITE_APP_SOURCE_DEFAULTS = {
  SITE_APPS_NPM_REGISTRY: 'https://registry.npmjs.org/',
  SITE_APPS_IMAGE_REGISTRY: 'docker.io',
  SITE_APPS_IMUNIFYAV_INSTALLER_URL: 'https://repo.imunify360.cloudlinux.com/defence360/imav-deploy.sh',
  // The same Node.js 20 tarball as n8n's (N8N_NODE_URL), in a folder of its own.
  SITE_APPS_NODE_URL: DEFAULT_N8N_NODE_URL,
} as const;

/** Chatwoot's web and worker environment (its .env as the production compose file reads it). */
const CHATWOOT_ENVIRONMENT = {
  RAILS_ENV: 'production',
  NODE_ENV: 'production',
  INSTALLATION_ENV: 'docker',
  RAILS_LOG_TO_STDOUT: 'true',
  FRONTEND_URL: '{url}',
  ENABLE_ACCOUNT_SIGNUP: 'false',
  ACTIVE_STORAGE_SERVICE: 'local',
  SECRET_KEY_BASE: '{secret:SECRET_KEY_BASE}',
  POSTGRES_HOST: 'postgres',
  POSTGRES_PORT: '5432',
  POSTGRES_DATABASE: 'chatwoot_production',
  POSTGRES_USERNAME: 'postgres',
  POSTGRES_PASSWORD: '{secret:POSTGRES_PASSWORD}',
  REDIS_URL: 'redis://redis:6379',
  REDIS_PASSWORD: '{secret:REDIS_PASSWORD}',
} as const;

export const SITE_APP_TEMPLATES: Readonly<Record<SiteAppId, SiteAppTemplate>> = {
  'uptime-kuma': {
    // The official image, as Uptime Kuma documents its install. The npm package (2.0.0-dev.0, its
    // only release there) cannot start a fresh database: its `db/old_migrations` lacks files its
    // own patch list names (patch-add-invert-keyword.sql…) and its `db/knex_migrations` is empty.
    id: 'uptime-kuma',
    name: 'Uptime Kuma',
    version: '1.23.16',
    runtime: 'docker',
    artifact: 'louislam/uptime-kuma',
    sourceSetting: 'SITE_APPS_IMAGE_REGISTRY',
    secrets: [],
    needs: { cores: 1, memoryMb: 512, diskMb: 1024 },
    port: 3001,
    healthPath: '/',
    websockets: true,
    environment: { UPTIME_KUMA_PORT: '{port}' },
    docker: { entrypoint: null, command: [], volumes: { data: '/app/data' }, companions: [], setup: [] },
  },
  chatwoot: {
    // Chatwoot's docker-compose.production.yaml as data: the web (rails) and worker (sidekiq)
    // containers of one image, PostgreSQL with pgvector (Chatwoot 4 needs it) and Redis with a
    // password, on the site's own network; `db:chatwoot_prepare` once per install.
    id: 'chatwoot',
    name: 'Chatwoot',
    version: 'v4.0.4',
    runtime: 'docker',
    artifact: 'chatwoot/chatwoot',
    sourceSetting: 'SITE_APPS_IMAGE_REGISTRY',
    secrets: ['SECRET_KEY_BASE', 'POSTGRES_PASSWORD', 'REDIS_PASSWORD'],
    // spec/000 §9: at least 4 cores and 4 GB RAM.
    needs: { cores: 4, memoryMb: 4096, diskMb: 10240 },
    port: 3000,
    healthPath: '/api',
    websockets: true,
    environment: CHATWOOT_ENVIRONMENT,
    docker: {
      entrypoint: 'docker/entrypoints/rails.sh',
      command: ['bundle', 'exec', 'rails', 's', '-p', '3000', '-b', '0.0.0.0'],
      volumes: { storage: '/app/storage' },
      companions: [
        {
          name: 'postgres',
          image: 'pgvector/pgvector',
          version: '0.8.0-pg16',
          entrypoint: null,
          command: [],
          environment: {
            POSTGRES_DB: 'chatwoot_production',
            POSTGRES_USER: 'postgres',
            POSTGRES_PASSWORD: '{secret:POSTGRES_PASSWORD}',
          },
          volumes: { postgres: '/var/lib/postgresql/data' },
        },
        {
          name: 'redis',
          image: 'redis',
          version: '7.2.5-alpine',
          entrypoint: null,
          // As Chatwoot's compose file: the container's shell expands the password from its environment.
          command: ['sh', '-c', 'exec redis-server --requirepass "$REDIS_PASSWORD"'],
          environment: { REDIS_PASSWORD: '{secret:REDIS_PASSWORD}' },
          volumes: { redis: '/data' },
        },
        {
          name: 'sidekiq',
          image: 'chatwoot/chatwoot',
          version: 'v4.0.4',
          entrypoint: null,
          command: ['bundle', 'exec', 'sidekiq', '-C', 'config/sidekiq.yml'],
          environment: CHATWOOT_ENVIRONMENT,
          volumes: { storage: '/app/storage' },
        },
      ],
      setup: ['bundle', 'exec', 'rails', 'db:chatwoot_prepare'],
    },
  },
  imunifyav: {
    id: 'imunifyav',
    name: 'ImunifyAV',
    version: '8.1',
    runtime: 'installer',
    artifact: 'imav-deploy.sh',
    sourceSetting: 'SITE_APPS_IMUNIFYAV_INSTALLER_URL',
    secrets: [],
    needs: { cores: 1, memoryMb: 1024, diskMb: 2048 },
    port: null,
    // The UI is a PHP single-page app the installer puts in `ui_path` (CloudLinux's stand-alone
    // guide: the site's document root, no other files there, PHP with proc_open).
    healthPath: '/',
    needsPhp: true,
    websockets: false,
    // imav-deploy.sh is replaced in place by CloudLinux: nothing to pin (the setting may pin one).
    checksum: { sha256: null, setting: 'SITE_APPS_IMUNIFYAV_INSTALLER_SHA256' },
    // Written before the installer runs, as the stand-alone guide requires.
    configFile: {
      path: '/etc/sysconfig/imunify360/integration.conf',
      lines: [
        '[paths]',
        'ui_path = {web_root}',
        'ui_path_owner = {user}:{user}',
        '[web_server]',
        'server_type = nginx',
        'graceful_restart_script = /usr/sbin/nginx -s reload',
        'config_test_script = /usr/sbin/nginx -t',
      ],
    },
    environment: {},
  },
};

/** English messages (i18n keys); Vietnamese in apps/api/src/site-apps/site-apps.vi.ts. */
export const SITE_APP_MESSAGES = {
  /** spec/000 §9; the server's own figures follow. */
  resources:
    '{app} needs at least {cores} cores and {memory} GB RAM; this server has {serverCores} cores and {serverMemory} GB',
  installed: 'This site already has its code ({codeType}): uninstall it first',
  noCode: 'This site has no code installed',
  alias: 'An alias shares its parent site’s code: install or uninstall on the parent site',
  agent: 'The agent’s site serves the agent: it takes no app',
  nginxOnly: 'Apps are proxied by nginx: this site is served by another web server',
  noUninstall: 'The panel cannot uninstall code of type {codeType} yet',
  needsPhp: '{app} is served by the site’s PHP: choose a PHP version for this site first',
  needsDocker: '{app} runs in Docker: install Docker from this server’s Apps first',
} as const;

/** POST api/sites/{site}/code/{app}: nothing to choose; every value comes from the template. */
export const installSiteAppBodySchema = z.strictObject({});

/** DELETE api/sites/{site}/uninstall: the app's data (database, uploads, `shared/`) stays unless asked. */
export const uninstallSiteCodeBodySchema = z.strictObject({ delete_data: z.boolean().optional() });
export type UninstallSiteCode = z.infer<typeof uninstallSiteCodeBodySchema>;

/** A catalogue card: the template as the page shows it. */
export const siteAppCardSchema = z.object({
  id: siteAppIdSchema,
  name: z.string(),
  version: z.string(),
  runtime: z.enum(SITE_APP_RUNTIMES),
  cores: z.number().int(),
  memory_mb: z.number().int(),
  disk_mb: z.number().int(),
  websockets: z.boolean(),
});
export type SiteAppCard = z.infer<typeof siteAppCardSchema>;

export function siteAppCards(): SiteAppCard[] {
  return SITE_APP_IDS.map((id) => {
    const template = SITE_APP_TEMPLATES[id];
    return {
      id,
      name: template.name,
      version: template.version,
      runtime: template.runtime,
      cores: template.needs.cores,
      memory_mb: template.needs.memoryMb,
      disk_mb: template.needs.diskMb,
      websockets: template.websockets,
    };
  });
}

const siteParams = z.object({ site: idParamSchema });

export const siteAppsRoutes = defineRoutes({
  catalogue: {
    method: 'GET',
    path: '/api/sites/:site/apps',
    params: siteParams,
    response: z.object({ data: z.array(siteAppCardSchema) }),
  },
  // Static paths: they win over `code/:provider` (sourcecode) in the router.
  installUptimeKuma: {
    method: 'POST',
    path: '/api/sites/:site/code/uptime-kuma',
    params: siteParams,
    body: installSiteAppBodySchema,
    response: startedEventResponseSchema,
  },
  installChatwoot: {
    method: 'POST',
    path: '/api/sites/:site/code/chatwoot',
    params: siteParams,
    body: installSiteAppBodySchema,
    response: startedEventResponseSchema,
  },
  installImunifyav: {
    method: 'POST',
    path: '/api/sites/:site/code/imunifyav',
    params: siteParams,
    body: installSiteAppBodySchema,
    response: startedEventResponseSchema,
  },
  uninstall: {
    method: 'DELETE',
    path: '/api/sites/:site/uninstall',
    params: siteParams,
    body: uninstallSiteCodeBodySchema,
    response: startedEventResponseSchema,
  },
  removeTinyFileManager: {
    method: 'DELETE',
    path: '/api/sites/:site/tiny-file-manager',
    params: siteParams,
    response: startedEventResponseSchema,
  },
});

export const SITE_APP_EVENT_TYPES = {
  install: 'site_app_install',
  uninstall: 'site_app_uninstall',
  tinyFileManager: 'site_app_tiny_file_manager',
} as const;

export const SITE_APPS_EVENT_DESCRIPTIONS = defineEventDescriptions({
  installSiteApp: 'Install {app} (version {version}) on {site}',
  uninstallSiteCode: 'Uninstall the {codeType} code of {site}',
  uninstallSiteCodeWithData: 'Uninstall the {codeType} code of {site} and delete its data',
  removeTinyFileManager: 'Remove Tiny File Manager from {site}',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    'site-apps': typeof SITE_APPS_EVENT_DESCRIPTIONS;
  }
}
