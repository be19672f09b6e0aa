import { defineArea } from '../area.js';
import { realtimeRoutes } from './realtime.routes.js';
import { readWebBuildId } from './web-build.js';

/** The realtime websocket (spec/000 §4): each browser tab's private channel. */
export const realtimeArea = defineArea({
  name: 'realtime',
  services: ({ config }) => ({
    allowedOrigins: config.allowedOrigins,
    // The build this panel serves: a browser running another one is offered a reload.
    webBuildId: readWebBuildId(config.webDistDir),
  }),
  routes: realtimeRoutes,
});
