import { DEFAULT_PAGE_EVENT_TYPE, type DefaultPage } from '@hostdeck/contracts/default-page';
import { defaultPageRead, defaultPageWrite, parseDefaultPage } from '@hostdeck/recipes/default-page';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { ServerReader } from './server-read.js';

export interface DefaultPageServiceDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  reader: Pick<ServerReader, 'read'>;
  events: Pick<EventsService, 'startRecipe'>;
}

/** The page (256 KiB at most, checked on the server) and its header line. */
const READ_LIMIT = 256 * 1024 + 1024;

/**
 * The server's default page (spec/000 §7 "Default page"): read while the request waits, written
 * as a `default_page_update` event (recipes/src/default-page: the web server's config checked,
 * the page written, reloaded, fetched back, rolled back when it is not what answers).
 */
export function createDefaultPageService(dependencies: DefaultPageServiceDependencies) {
  return {
    /** GET default-page */
    async show(caller: Caller, serverId: number): Promise<{ data: DefaultPage }> {
      const page = await dependencies.reader.read(
        caller,
        serverId,
        defaultPageRead,
        {},
        parseDefaultPage,
        READ_LIMIT,
      );
      return {
        data: { path: page.path, exists: page.exists, web_server: page.webServer, content: page.content },
      };
    },

    /** POST default-page {content}: the content reaches the server only on the step's stdin. */
    async update(caller: Caller, serverId: number, content: string) {
      await dependencies.policy.authorizeServer(caller, serverId, 'manage');
      const event = await dependencies.events.startRecipe({
        userId: caller.id,
        serverId,
        recipeId: defaultPageWrite.id,
        input: { content_hex: Buffer.from(content, 'utf8').toString('hex') },
        type: DEFAULT_PAGE_EVENT_TYPE,
        description: { id: 'updateDefaultPage' },
      });
      return { data: { id: event.id } };
    },
  };
}
export type DefaultPageService = ReturnType<typeof createDefaultPageService>;
