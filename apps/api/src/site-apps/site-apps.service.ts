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
    const match = /^(cores|memory_mb|disk_mb)=([0-9]+)$/.exec(line.trim());
    if (match) values.set(match[1]!, Number(match[2]));
  }
  const cores = values.get('cores');
  const memoryMb = values.get('memory_mb');
  const diskMb = values.get('disk_mb');
  if (cores === undefined || memoryMb === undefined || diskMb === undefined) {
    throw new Error(`unexpected output of site-app-resources: ${stdout.slice(0, 200)}`);
  }
  return { cores, memoryMb, diskMb };
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

  /** A template's text with the validated values (every placeholder but `{secret:NAME}`). */
  function fillText(text: string, template: SiteAppTemplate, values: Record<string, string>) {
    return text.replace(/\{(port|domain|url|data_dir|web_root|user)\}/g, (_, name: string) =>
      name === 'port' ? String(template.port ?? '') : values[name]!,
    );
  }

  /** The template's environment with the validated values; `{secret:NAME}` travel on stdin instead. */
  function fill(template: SiteAppTemplate, values: Record<string, string>) {
    return Object.entries(template.environment)
      .filter(([, value]) => !/^\{secret:[A-Z0-9_]+\}$/.test(value))
      .map(([name, value]) => ({ name, value: fillText(value, template, values) }));
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
      const { cores, memoryMb } = parseResources(
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
      const secrets = Object.fromEntries(
        template.secrets.map((name) => [name, randomBytes(32).toString('hex')]),
      );
      const webRoot = siteWebRoot(site);
      const values = {
        domain: site.name,
        url: `https://${site.name}`,
        data_dir: `${siteAppRoot(site.linuxUser, site.name)}/data`,
        web_root: webRoot,
        user: site.linuxUser,
      };
      const environment = fill(template, values);
      const checksum = template.checksum
        ? checksums[template.checksum.setting] || template.checksum.sha256
        : null;
      const event = await events.startRecipe({
        userId: caller.id,
        serverId: server.id,
        recipeId: siteAppInstall.id,
        input: {
          site: site.name,
          linux_user: site.linuxUser,
          app,
          version: template.version,
          runtime: template.runtime,
          artifact: template.artifact,
          entry: template.entry ?? null,
          source: sources[template.sourceSetting],
          port: template.port,
          health_path: template.healthPath,
          websockets: template.websockets,
          node_url: template.runtime === 'node' ? sources.SITE_APPS_NODE_URL : null,
          node_major: template.runtime === 'node' ? (template.nodeMajor ?? 20) : null,
          web_root: webRoot,
          sha256: checksum,
          config_file: template.configFile
            ? {
                path: template.configFile.path,
                lines: template.configFile.lines.map((line) => fillText(line, template, values)),
              }
            : null,
          min_cores: needs.cores,
          min_memory_mb: needs.memoryMb,
          min_disk_mb: needs.diskMb,
          environment,
          secrets: Object.entries(secrets).map(([name, value]) => ({ name, value })),
        },
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
