import { z } from 'zod';
import {
  APPLICATION_ACTIONS,
  APPLICATION_EVENT_DESCRIPTIONS,
  applicationsSection,
  type ApplicationEventDescriptionId,
  type ApplicationName,
  type autoRestartRequestSchema,
  type installApplicationRequestSchema,
} from '@hostdeck/contracts/applications';
import {
  APPLICATION_CATALOGUE,
  applicationRecipes,
  applicationAutoRestart,
  applicationInstall,
  applicationInventory,
  applicationNameInputSchema,
  applicationService,
  applicationUninstall,
  parseApplicationInventory,
  type ApplicationInventory,
} from '@hostdeck/recipes/applications';
import { defineRecipeSection } from '../server-sections/recipe-section.js';
import { APPLICATION_EVENT_PREFIX, APPLICATION_ID_VALUE } from './application-events.js';
import { filterApplications, presentApplication } from './application-presenter.js';
import { createApplicationsRepository } from './applications.repository.js';

// The recipes' grammar, whose message for an unknown name is translated ("Unknown application").
const applicationParams = z.object({ application: applicationNameInputSchema });
const serviceParams = applicationParams.extend({
  action: z.enum(APPLICATION_ACTIONS, { error: 'Invalid value' }),
});
// The contracts' installApplicationRequestSchema, with the recipes' translated message.
const installBody = z.strictObject({ name: applicationNameInputSchema }) satisfies z.ZodType<
  z.infer<typeof installApplicationRequestSchema>
>;
// The contracts' autoRestartRequestSchema, with messages the API translates ("Required", "Invalid value").
const autoRestartBody = z.strictObject({
  enabled: z.boolean({ error: (issue) => (issue.input === undefined ? 'Required' : 'Invalid value') }),
}) satisfies z.ZodType<z.infer<typeof autoRestartRequestSchema>>;

const SERVICE_DESCRIPTIONS = {
  start: 'startApplication',
  stop: 'stopApplication',
  restart: 'restartApplication',
} as const satisfies Record<(typeof APPLICATION_ACTIONS)[number], ApplicationEventDescriptionId>;

/** The name for the reader, the id for finding the application's last install again. */
const describe = (id: ApplicationEventDescriptionId, name: ApplicationName) => ({
  id,
  values: { application: APPLICATION_CATALOGUE[name].name, [APPLICATION_ID_VALUE]: name },
});

/**
 * A server's applications (spec/000 §2 /servers/{server}/applications, §3 Application, §7): the
 * catalogue with what the `application-inventory` recipe reads from the server each time (never
 * cached: real-server truth), and install, uninstall, start, stop, restart and auto-restart, each
 * an `application_*` event.
 */
export const applicationsRecipeSection = defineRecipeSection(
  applicationsSection,
  {
    eventPrefix: APPLICATION_EVENT_PREFIX,
    recipes: applicationRecipes,
    eventDescriptions: APPLICATION_EVENT_DESCRIPTIONS,
  },
  ({ db, config }) => {
    const repository = createApplicationsRepository(db);
    return {
      inventory: { recipe: applicationInventory, parse: parseApplicationInventory },
      async list(inventory: ApplicationInventory, { serverId, query, locale }) {
        const lastInstalls = await repository.lastInstalls(serverId);
        const applications = Object.values(APPLICATION_CATALOGUE).map((definition) =>
          presentApplication(definition, inventory, lastInstalls.get(definition.id), locale),
        );
        return filterApplications(applications, query);
      },
      actions: {
        install: {
          recipe: applicationInstall,
          body: installBody,
          // MTProxy (mtg) comes from the configured release URL (a mirror where GitHub is out of reach).
          input: ({ body }) => ({ name: body.name, mtproxy_download_url: config.mtproxyDownloadUrl }),
          eventType: 'install',
          description: ({ body }) => describe('installApplication', body.name),
        },
        uninstall: {
          recipe: applicationUninstall,
          params: applicationParams,
          input: ({ params }) => ({ name: params.application }),
          eventType: 'uninstall',
          description: ({ params }) => describe('uninstallApplication', params.application),
        },
        service: {
          recipe: applicationService,
          params: serviceParams,
          input: ({ params }) => ({ name: params.application, action: params.action }),
          eventType: ({ params }) => params.action,
          description: ({ params }) => describe(SERVICE_DESCRIPTIONS[params.action], params.application),
        },
        autoRestart: {
          recipe: applicationAutoRestart,
          params: applicationParams,
          body: autoRestartBody,
          input: ({ params, body }) => ({ name: params.application, enabled: body.enabled }),
          eventType: 'auto_restart',
          description: ({ params, body }) =>
            describe(body.enabled ? 'enableAutoRestart' : 'disableAutoRestart', params.application),
        },
      },
    };
  },
);
