import { randomBytes } from 'node:crypto';
import { AGENT_PORT } from '@hostdeck/contracts';
import {
  SITE_APP_EVENT_TYPES,
  SITE_APP_MESSAGES,
  SITE_APP_TEMPLATES,
  siteAppCards,
  type SiteAppChecksumSetting,
  type SiteAppId,
  type SiteAppTemplate,
  type UninstallSiteCode,
} from '@hostdeck/contracts/site-apps';
import {
  siteAppInstall,
  siteAppResources,
  siteAppRoot,
  siteTinyFileManagerRemove,
} from '@hostdeck/recipes/site-apps';
import { ConflictError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { Caller } from '../policy/server-policy.js';
import type { AuthorizedSite, SiteAccess } from '../sites/site-access.js';
import { requireSettled } from '../sites/site-dependencies.js';
import type { SiteAppsRepository } from './site-apps.repository.js';
import { siteUninstallerFor } from './site-uninstallers.js';

export const SITE_UNINSTALL_TASK = 'site-uninstall';

export interface SiteAppsDependencies {
  access: Pick<SiteAccess, 'authorize' | 'runQuickRecipe'>;
  events: Pick<EventsService, 'startRecipe' | 'startTask'>;
  repository: SiteAppsRepository;
  /** config.siteAppSources: where servers fetch each template's artifact (and the node apps' Node.js). */
  sources: Readonly<Record<SiteAppTemplate['sourceSetting'] | 'SITE_APPS_NODE_URL', string>>;
  /** config.siteAppChecksums: SHA-256 pins that override a template's (empty: the template's). */
  checksums?: Readonly<Partial<Record<SiteAppChecksumSetting, string>>>;
}

/** The site's served folder: its home, or its `directory` under it (no trailing slash). */
export function siteWebRoot(site: { linuxUser: string; name: string; directory: string }) {
  return `/home/${site.linuxUser}/${site.name}${site.directory}`.replace(/\/+$/, '');
}

/** What site-app-resources printed (`key=value` lines), strictly. */
export function parseResources(stdout: string) {
  const values = new Map<string, number>();
  for (const line of stdout.split('\n')) {
    const match = /^(cores|memory_mb|disk_mb|docker)=([0-9]+)$/.exec(line.trim());
    if (match) values.set(match[1]!, Number(match[2]));
  }
  const cores = values.get('cores');
  const memoryMb = values.get('memory_mb');
  const diskMb = values.get('disk_mb');
  if (cores === undefined || memoryMb === undefined || diskMb === undefined) {
    throw new Error(`unexpected output of site-app-resources: ${stdout.slice(0, 200)}`);
  }
  // An older server answers without the line: the recipe's own check still refuses then.
  return { cores, memoryMb, diskMb, docker: values.get('docker') !== 0 };
}

/** `{secret:NAME}` values travel on stdin, never in the environment. */
const SECRET_VALUE = /^\{secret:[A-Z0-9_]+\}$/;

/** The values a template's text may name (`{secret:NAME}` aside), filled from validated data. */
interface TemplateValues {
  port: string;
  domain: string;
  url: string;
  data_dir: string;
  web_root: string;
  user: string;
}

/** A template's text with the validated values (every placeholder but `{secret:NAME}`). */
function fillText(text: string, values: TemplateValues) {
  return text.replace(
    /\{(port|domain|url|data_dir|web_root|user)\}/g,
    (_, name: keyof TemplateValues) => values[name],
  );
}

/** A template's environment with the validated values (`{secret:NAME}` left out: they go on stdin). */
function fill(environment: Readonly<Record<string, string>>, values: TemplateValues) {
  return Object.entries(environment)
    .filter(([, value]) => !SECRET_VALUE.test(value))
    .map(([name, value]) => ({ name, value: fillText(value, values) }));
}

const volumes = (folders: Readonly<Record<string, string>>) =>
  Object.entries(folders).map(([folder, path]) => ({ folder, path }));

/**
 * The site-app-install input of a template for a site: its values, the environment file's entries
 * (the app's and every companion's; one name has one value, or the template is wrong), the
 * generated secrets and, for the docker runtime, each container with the names of the variables
 * it gets.
 */
export function siteAppInstallInput(
  template: SiteAppTemplate,
  site: { name: string; linuxUser: string; directory?: string },
  source: string,
  secrets: Readonly<Record<string, string>>,
  /** The node runtime's Node.js tarball, and an installer's SHA-256 pin (null: none). */
  options: { nodeUrl?: string; checksum?: string | null } = {},
) {
  const dataDir = `${siteAppRoot(site.linuxUser, site.name)}/data`;
  const webRoot = siteWebRoot({ ...site, directory: site.directory ?? '' });
  const values: TemplateValues = {
    port: String(template.port ?? ''),
    domain: site.name,
    url: `https://${site.name}`,
    data_dir: dataDir,
    web_root: webRoot,
    user: site.linuxUser,
  };
  const companions = template.docker?.companions ?? [];
  const merged = new Map<string, string>();
  for (const environment of [template.environment, ...companions.map((companion) => companion.environment)]) {
    for (const entry of fill(environment, values)) {
      const known = merged.get(entry.name);
      if (known !== undefined && known !== entry.value) {
        throw new Error(`${template.id}: ${entry.name} has two values in its containers`);
      }
      merged.set(entry.name, entry.value);
    }
  }
  const docker = template.docker;
  return {
    site: site.name,
    linux_user: site.linuxUser,
    app: template.id,
    version: template.version,
    runtime: template.runtime,
    artifact: template.artifact,
    entry: template.entry ?? null,
    source,
    port: template.port,
    health_path: template.healthPath,
    websockets: template.websockets,
    node_url: template.runtime === 'node' ? (options.nodeUrl ?? null) : null,
    node_major: template.runtime === 'node' ? (template.nodeMajor ?? 20) : null,
    web_root: webRoot,
    sha256: options.checksum ?? null,
    config_file: template.configFile
      ? {
          path: template.configFile.path,
          lines: template.configFile.lines.map((line) => fillText(line, values)),
        }
      : null,
    min_cores: template.needs.cores,
    min_memory_mb: template.needs.memoryMb,
    min_disk_mb: template.needs.diskMb,
    environment: [...merged].map(([name, value]) => ({ name, value })),
    secrets: Object.entries(secrets).map(([name, value]) => ({ name, value })),
    docker:
      template.runtime === 'docker' && docker
        ? {
            app: {
              name: 'app',
              image: template.artifact,
              version: template.version,
              entrypoint: docker.entrypoint,
              command: [...docker.command],
              environment: Object.keys(template.environment),
              volumes: volumes(docker.volumes),
            },
            companions: companions.map((companion) => ({
              name: companion.name,
              image: companion.image,
              version: companion.version,
              entrypoint: companion.entrypoint,
              command: [...companion.command],
              environment: Object.keys(companion.environment),
              volumes: volumes(companion.volumes),
            })),
            setup: [...docker.setup],
          }
        : null,
  };
}

/** MemTotal of a machine sold with N GB is a little under N × 1024 MB (the kernel keeps some). */
const MEMORY_SLACK = 0.95;

const gigabytes = (megabytes: number) => Math.round((megabytes / 1024) * 10) / 10;

/**
 * The app catalogue of a site (issue 21 point 5, docs/site-apps.md). An install reads the server's
 * own cores and memory first (a quick read over SSH) and refuses below the template's needs
 * (Chatwoot: spec/000 §9) with 422 before any event; then one site-app-install event runs the
 * template's values (generated secrets on stdin) and the site's code type becomes the app. The
 * uninstall is one task event that runs the code type's registered uninstaller
 * (site-uninstallers.ts). `manage` is needed; another user's site answers 404 before anything runs.
 */
export function createSiteAppsService({
  access,
  events,
  repository,
  sources,
  checksums = {},
}: SiteAppsDependencies) {
  async function manageable(caller: Caller, siteId: number): Promise<AuthorizedSite> {
    const found = await access.authorize(caller, siteId, 'manage');
    requireSettled(found.site);
    if (found.site.siteId !== null) throw new ConflictError(SITE_APP_MESSAGES.alias);
    if (found.site.proxyPort === AGENT_PORT) throw new ConflictError(SITE_APP_MESSAGES.agent);
    return found;
  }

  return {
    /** GET api/sites/{site}/apps: the catalogue's cards. */
    async catalogue(caller: Caller, siteId: number) {
      await access.authorize(caller, siteId, 'view');
      return siteAppCards();
    },

    /** POST api/sites/{site}/code/{uptime-kuma|chatwoot|imunifyav} */
    async install(caller: Caller, siteId: number, app: SiteAppId) {
      const { site, server } = await manageable(caller, siteId);
      if (site.codeType) throw new ConflictError(SITE_APP_MESSAGES.installed, { codeType: site.codeType });
      if (site.webServer !== 'nginx') throw new ConflictError(SITE_APP_MESSAGES.nginxOnly);
      const template = SITE_APP_TEMPLATES[app];
      if (template.needsPhp && !site.phpVersion)
        throw new ConflictError(SITE_APP_MESSAGES.needsPhp, { app: template.name });
      const { cores, memoryMb, docker } = parseResources(
        await access.runQuickRecipe(server, siteAppResources.id, {}),
      );
      const { needs } = template;
      if (cores < needs.cores || memoryMb < needs.memoryMb * MEMORY_SLACK) {
        throw new ValidationError(
          { app: [SITE_APP_MESSAGES.resources] },
          {
            app: template.name,
            cores: needs.cores,
            memory: gigabytes(needs.memoryMb),
            serverCores: cores,
            serverMemory: gigabytes(memoryMb),
          },
        );
      }
      // After the needs: a server too small for the app is told so before being sent to install Docker.
      if (template.runtime === 'docker' && !docker)
        throw new ConflictError(SITE_APP_MESSAGES.needsDocker, { app: template.name });
      const secrets = Object.fromEntries(
        template.secrets.map((name) => [name, randomBytes(32).toString('hex')]),
      );
      const checksum = template.checksum
        ? checksums[template.checksum.setting] || template.checksum.sha256
        : null;
      const event = await events.startRecipe({
        userId: caller.id,
        serverId: server.id,
        recipeId: siteAppInstall.id,
        input: siteAppInstallInput(template, site, sources[template.sourceSetting], secrets, {
          nodeUrl: sources.SITE_APPS_NODE_URL,
          checksum,
        }),
        type: SITE_APP_EVENT_TYPES.install,
        description: {
          id: 'installSiteApp',
          values: { app: template.name, version: template.version, site: site.name },
        },
        siteId: site.id,
      });
      await repository.setCodeType(site.id, app);
      return { data: { id: event.id } };
    },

    /** DELETE api/sites/{site}/uninstall: the code type's uninstaller, then no code type. */
    async uninstall(caller: Caller, siteId: number, body: UninstallSiteCode) {
      const { site, server } = await manageable(caller, siteId);
      if (!site.codeType) throw new ConflictError(SITE_APP_MESSAGES.noCode);
      if (!siteUninstallerFor(site.codeType))
        throw new ConflictError(SITE_APP_MESSAGES.noUninstall, { codeType: site.codeType });
      const deleteData = body?.delete_data === true;
      const event = await events.startTask({
        userId: caller.id,
        serverId: server.id,
        task: SITE_UNINSTALL_TASK,
        input: { site_id: site.id, delete_data: deleteData },
        type: SITE_APP_EVENT_TYPES.uninstall,
        description: {
          id: deleteData ? 'uninstallSiteCodeWithData' : 'uninstallSiteCode',
          values: { codeType: site.codeType, site: site.name },
        },
        siteId: site.id,
      });
      return { data: { id: event.id } };
    },

    /** DELETE api/sites/{site}/tiny-file-manager: the panel's own file only. */
    async removeTinyFileManager(caller: Caller, siteId: number) {
      const { site, server } = await manageable(caller, siteId);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId: server.id,
        recipeId: siteTinyFileManagerRemove.id,
        input: {
          site: site.name,
          linux_user: site.linuxUser,
          directory: site.directory,
          releases: site.currentRelease !== null,
        },
        type: SITE_APP_EVENT_TYPES.tinyFileManager,
        description: { id: 'removeTinyFileManager', values: { site: site.name } },
        siteId: site.id,
      });
      return { data: { id: event.id } };
    },
  };
}
export type SiteAppsService = ReturnType<typeof createSiteAppsService>;
