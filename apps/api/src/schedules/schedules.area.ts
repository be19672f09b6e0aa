import { UPDATE_KEYS } from '@hostdeck/contracts';
import { SCHEDULE_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/schedules';
import { scheduleRecipes } from '@hostdeck/recipes/schedules';
import { defineArea } from '../area.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { startScheduleFailureChecks } from './schedule-failures.js';
import { schedulesRoutes } from './schedules.routes.js';
import { createSchedulesRepository } from './schedules.repository.js';
import { createSchedulesService, registerScheduleEventHandlers } from './schedules.service.js';
import { schedulesVi } from './schedules.vi.js';

/**
 * The cron jobs of a server (issue 16, docs/schedules.md): the panel's jobs in /etc/cron.d files of
 * its own running its wrapper, hand-written lines shown and kept; every change a `schedule_*`
 * recipe event whose end settles the row and publishes the `schedules` Update-data key.
 */
export const schedulesArea = defineArea({
  name: 'schedules',
  services: (panel) => {
    const repository = createSchedulesRepository(panel.db);
    const inventory = createInventoryReader({ executor: panel.executor, connections: panel.connections });
    return {
      scheduleRepository: repository,
      scheduleInventoryReader: inventory,
      schedules: createSchedulesService({
        policy: panel.policy,
        repository,
        events: panel.events,
        inventory,
        publish: panel.publish,
      }),
    };
  },
  routes: schedulesRoutes,
  onFinished: (hooks, { scheduleRepository }) => registerScheduleEventHandlers(hooks, scheduleRepository),
  // cron.failed: the jobs' last runs read every ALERTS_CRON_CHECK_SECONDS (schedule-failures.ts).
  schedules: (app, { scheduleRepository, scheduleInventoryReader, alerts, config }) =>
    startScheduleFailureChecks(app, config.alerts.cronCheckMs, {
      repository: scheduleRepository,
      inventory: scheduleInventoryReader,
      alerts,
      log: (message, details) => app.log.warn(details, message),
    }),
  updateKeys: [UPDATE_KEYS.schedules],
  recipes: scheduleRecipes,
  eventDescriptions: SCHEDULE_EVENT_DESCRIPTIONS,
  messages: schedulesVi,
});
