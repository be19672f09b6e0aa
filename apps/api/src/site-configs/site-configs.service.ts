import {
  SITE_CONFIG_MAX_BYTES,
  SITE_CONFIG_MESSAGES,
  SITE_LOG_MAX_BYTES,
  SITE_WEB_SERVERS,
  type CreateSiteConfigRequest,
  type SiteConfigContent,
  type SiteConfigList,
  type SiteConfigSaved,
  type SiteLog,
  type SiteLogKind,
  type SiteLogLines,
  type SiteWebServer,
} from '@hostdeck/contracts';
import {
  SITE_CONFIG_EXIT_CODES,
  isMainSiteConfig,
  parseSiteConfigList,
  parseSiteLogOutput,
  parseStepLogLine,
  siteConfigPath,
  siteLogPath,
} from '@hostdeck/recipes';
import { NotFoundError, RemoteCommandError, ValidationError } from '../domain/errors.js';
import type { Caller } from '../policy/server-policy.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import type { SiteAccess, SiteRow } from '../sites/site-access.js';

/** Room for the log's header line and multi-byte text beside the file's own bytes. */
const OUTPUT_MARGIN_BYTES = 64 * 1024;

export interface SiteConfigsServiceDependencies {
  access: Pick<SiteAccess, 'authorize' | 'runQuickRecipe'>;
}

/**
 * The web server configs and logs of a site (spec/000 §2 /sites/{site}/{webserver}, §7 configs
 * CRUD). Each call reads or changes the server while the request waits (site-config-* and
 * site-log-read recipes). Reading needs `view`, changing needs `manage`; another user's site
 * answers 404 before anything runs. A save the web server refuses (`nginx -t`, `apachectl
 * configtest`) answers 422 with the tool's own output, and the previous file stays live.
 */
export function createSiteConfigsService({ access }: SiteConfigsServiceDependencies) {
  function webServerOf(site: SiteRow): SiteWebServer {
    const webServer = site.webServer as SiteWebServer;
    if (!SITE_WEB_SERVERS.includes(webServer)) throw new ServerError(SITE_CONFIG_MESSAGES.notServed);
    return webServer;
  }

  async function target(caller: Caller, siteId: number, ability: 'view' | 'manage') {
    const { site, server } = await access.authorize(caller, siteId, ability);
    return {
      site,
      server,
      webServer: webServerOf(site),
      base: { site: site.name, web_server: webServerOf(site) },
    };
  }

  /** Turns the recipes' own exit codes into what the user can act on; other failures pass as they are. */
  function explain(error: unknown): unknown {
    if (!(error instanceof RemoteCommandError)) return error;
    switch (error.exitCode) {
      case SITE_CONFIG_EXIT_CODES.exists:
        return new ValidationError({ name: [SITE_CONFIG_MESSAGES.exists] });
      case SITE_CONFIG_EXIT_CODES.missing:
        return new NotFoundError();
      case SITE_CONFIG_EXIT_CODES.mainVhost:
        return new ValidationError({ name: [SITE_CONFIG_MESSAGES.mainVhost] });
      case SITE_CONFIG_EXIT_CODES.symlink:
        return new RemoteCommandError(SITE_CONFIG_MESSAGES.symlink, error.exitCode, '');
      case SITE_CONFIG_EXIT_CODES.tooLarge:
        return new RemoteCommandError(SITE_CONFIG_MESSAGES.tooLarge, error.exitCode, '');
      case SITE_CONFIG_EXIT_CODES.refused:
        // The tool's output (nginx's `[emerg] …`) follows the message in the answer.
        return new RemoteCommandError(SITE_CONFIG_MESSAGES.refused, error.exitCode, error.stderrTail);
      default:
        return error;
    }
  }

  async function run(
    server: Parameters<SiteAccess['runQuickRecipe']>[0],
    recipeId: string,
    input: unknown,
    outputLimitBytes?: number,
  ): Promise<string> {
    try {
      return await access.runQuickRecipe(
        server,
        recipeId,
        input,
        outputLimitBytes ? { outputLimitBytes } : {},
      );
    } catch (error) {
      throw explain(error);
    }
  }

  /** A recipe's answer in an unexpected shape is the server's problem, said plainly (422). */
  function readOutput<T>(parse: () => T): T {
    try {
      return parse();
    } catch {
      throw new ServerError(SERVER_MESSAGES.unreadableOutput);
    }
  }

  async function write(
    caller: Caller,
    siteId: number,
    name: string,
    content: string,
    mode: 'create' | 'update',
  ): Promise<SiteConfigSaved> {
    const { site, server, webServer, base } = await target(caller, siteId, 'manage');
    const main = isMainSiteConfig(site.name, name);
    // The main vhost comes with the site (site-apply writes it); it is edited, never created.
    if (main && mode === 'create') throw new ValidationError({ name: [SITE_CONFIG_MESSAGES.exists] });
    const stdout = await run(server, 'site-config-write', {
      ...base,
      name,
      mode,
      content: Buffer.from(content, 'utf8'),
    });
    const changed = stdout.split('\n').some((line) => parseStepLogLine(line)?.level === 'change');
    return { name, path: siteConfigPath(site.name, webServer, name), main, changed };
  }

  return {
    async list(caller: Caller, siteId: number): Promise<SiteConfigList> {
      const { server, webServer, base } = await target(caller, siteId, 'view');
      const stdout = await run(server, 'site-config-list', base);
      const entries = readOutput(() => parseSiteConfigList(stdout));
      return {
        data: entries.map((entry) => ({
          name: entry.name,
          path: entry.path,
          size: entry.size,
          modified: new Date(entry.modified * 1000).toISOString(),
          main: entry.main,
        })),
        web_server: webServer,
      };
    },

    async read(caller: Caller, siteId: number, name: string): Promise<SiteConfigContent> {
      const { site, server, webServer, base } = await target(caller, siteId, 'view');
      const content = await run(
        server,
        'site-config-read',
        { ...base, name },
        SITE_CONFIG_MAX_BYTES + OUTPUT_MARGIN_BYTES,
      );
      return {
        name,
        path: siteConfigPath(site.name, webServer, name),
        main: isMainSiteConfig(site.name, name),
        content,
      };
    },

    create: (caller: Caller, siteId: number, request: CreateSiteConfigRequest) =>
      write(caller, siteId, request.name, request.content, 'create'),

    update: (caller: Caller, siteId: number, name: string, content: string) =>
      write(caller, siteId, name, content, 'update'),

    async remove(caller: Caller, siteId: number, name: string): Promise<void> {
      const { site, server, base } = await target(caller, siteId, 'manage');
      if (isMainSiteConfig(site.name, name))
        throw new ValidationError({ name: [SITE_CONFIG_MESSAGES.mainVhost] });
      await run(server, 'site-config-delete', { ...base, name });
    },

    async readLog(caller: Caller, siteId: number, kind: SiteLogKind, lines: SiteLogLines): Promise<SiteLog> {
      const { site, server, webServer, base } = await target(caller, siteId, 'view');
      const stdout = await run(
        server,
        'site-log-read',
        { ...base, kind, lines },
        SITE_LOG_MAX_BYTES + OUTPUT_MARGIN_BYTES,
      );
      const log = readOutput(() => parseSiteLogOutput(stdout));
      return { kind, path: siteLogPath(site.name, webServer, kind), web_server: webServer, ...log };
    },
  };
}
export type SiteConfigsService = ReturnType<typeof createSiteConfigsService>;
