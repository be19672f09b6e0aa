import type { SiteCommandStarted } from '@hostdeck/contracts';
import { presentEvent } from '../events/event-presenter.js';
import type { EventsService } from '../events/events.service.js';
import { paginate } from '../domain/paginate.js';
import type { Caller } from '../policy/server-policy.js';
import type { SiteAccess } from '../sites/site-access.js';
import { presentSiteCommand } from './deployment-presenter.js';
import { COMMAND_TASK, SITE_COMMAND_EVENT_TYPE, SITE_COMMAND_MODEL } from './deployment-messages.js';
import type { DeploymentsRepository } from './deployments.repository.js';
import type { NamedCaller } from './deployments.service.js';

/**
 * Commands of a site (spec/000 §7 commands): run one as the site's user in its project root, as
 * an event whose output streams live, and the paged history with each run's status. The command
 * text is stored with its record and read by the task when the event runs; it is never part of
 * the event's description (it may hold a secret the user typed).
 */
export function createSiteCommandsService(dependencies: {
  repository: DeploymentsRepository;
  access: Pick<SiteAccess, 'authorize'>;
  events: Pick<EventsService, 'startTask'>;
}) {
  const { repository, access } = dependencies;

  return {
    async run(caller: NamedCaller, siteId: number, command: string): Promise<SiteCommandStarted> {
      const { site, server } = await access.authorize(caller, siteId, 'manage');
      const record = await repository.insertCommand({ siteId: site.id, userId: caller.id, command });
      const event = await dependencies.events.startTask({
        userId: caller.id,
        serverId: server.id,
        siteId: site.id,
        task: COMMAND_TASK,
        input: { command_id: record.id },
        type: SITE_COMMAND_EVENT_TYPE,
        description: { id: 'runSiteCommand', values: { site: site.name } },
        modelId: record.id,
        modelType: SITE_COMMAND_MODEL,
      });
      await repository.setCommandEvent(record.id, event.id);
      return {
        event: presentEvent(event, { name: caller.name, photo: null }),
        command: presentSiteCommand({ ...record, eventId: event.id }, caller.name, {
          status: event.status,
          isFinished: event.isFinished,
        }),
      };
    },

    async list(caller: Caller, siteId: number, page: number, perPage: number) {
      const { site } = await access.authorize(caller, siteId, 'view');
      const { total, rows } = await repository.listCommands(site.id, page, perPage);
      return paginate({
        data: rows.map((row) =>
          presentSiteCommand(row.command, row.userName, {
            status: row.eventStatus,
            isFinished: row.eventFinished,
          }),
        ),
        total,
        page,
        perPage,
        path: `/api/sites/${site.id}/commands`,
      });
    },
  };
}
export type SiteCommandsService = ReturnType<typeof createSiteCommandsService>;
