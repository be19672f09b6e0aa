import { defineArea } from '../area.js';
import { healthRoutes } from './health.routes.js';

/** GET api/health: the process answers and its database too. */
export const healthArea = defineArea({ name: 'health', routes: healthRoutes });
