import type { EventHooks } from '../jobs/event-hooks.js';
import type { ServerConnections } from './server-connection.js';

/**
 * What the servers area settles when any event on a server finishes, however it ended (the job
 * runner, the lease reaper, a cancel): provisioning marks the server installed or failed, a
 * hotfix ends the busy state, and the server's page reloads after the events that change it.
 * Registered before the other areas' handlers, so theirs read the server as it now is.
 */
export function registerServerFinishedHandlers(
  hooks: Pick<EventHooks, 'onFinished'>,
  connections: Pick<ServerConnections, 'settleFinishedEvent'>,
) {
  hooks.onFinished('', (event) => connections.settleFinishedEvent(event));
}
