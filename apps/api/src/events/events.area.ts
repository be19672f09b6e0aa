import { defineArea } from '../area.js';
import { eventsRoutes } from './events.routes.js';
import { eventsVi } from './events.vi.js';

/** Events (spec/000 §4): the bell's list, one event with its output, cancelling one. */
export const eventsArea = defineArea({ name: 'events', routes: eventsRoutes, messages: eventsVi });
