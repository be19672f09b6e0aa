import { useState } from 'react';
import type { Application } from '@hostdeck/contracts';
import { handleApiError, notifySuccess } from '../api/error-handling';
import type { RowAction } from './ApplicationRow';
import type { EventRuns } from './event-runs';
import {
  installApplication,
  runApplicationAction,
  setApplicationAutoRestart,
  uninstallApplication,
} from './server-api';

/**
 * Starts an application's action (each one an event, 201 with its id) and tracks it under the
 * application, so its row is busy from the click until the event ends.
 */
export function useApplicationActions(serverId: number, runs: EventRuns) {
  // Between the click and the panel's answer, before there is an event to follow.
  const [starting, setStarting] = useState<ReadonlySet<string>>(new Set());

  async function start(application: Application, action: RowAction): Promise<number> {
    switch (action) {
      case 'install':
        return installApplication(serverId, application.id);
      case 'uninstall':
        return uninstallApplication(serverId, application.id);
      case 'autoRestartOn':
      case 'autoRestartOff':
        return setApplicationAutoRestart(serverId, application.id, action === 'autoRestartOn');
      default:
        return runApplicationAction(serverId, application.id, action);
    }
  }

  async function run(application: Application, action: RowAction, { rethrow = false } = {}) {
    setStarting((current) => new Set(current).add(application.id));
    try {
      runs.track(`app:${application.id}`, await start(application, action));
      notifySuccess();
    } catch (error) {
      handleApiError(error);
      if (rethrow) throw error;
    } finally {
      setStarting((current) => {
        const next = new Set(current);
        next.delete(application.id);
        return next;
      });
    }
  }

  return {
    run,
    isBusy: (name: string) => starting.has(name) || runs.isRunning(`app:${name}`),
  };
}
