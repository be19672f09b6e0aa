import { applicationsSection, type Application } from '@hostdeck/contracts/applications';
import { useSectionActions } from '../../server-sections/use-server-section';
import type { RowAction } from './ApplicationRow';

/**
 * Starts an application's action through the applications section (each one an event, 201 with
 * its id) and tracks it under the application, so its row is busy from the click until the event
 * ends and the list is read from the server again.
 */
export function useApplicationActions(serverId: number) {
  const section = useSectionActions(applicationsSection, serverId);
  const busyKey = (id: string) => `app:${id}`;

  function run(application: Application, action: RowAction, options: { rethrow?: boolean } = {}) {
    const key = busyKey(application.id);
    const params = { application: application.id };
    switch (action) {
      case 'install':
        return section.run(key, 'install', { body: { name: application.id } }, options);
      case 'uninstall':
        return section.run(key, 'uninstall', { params }, options);
      case 'autoRestartOn':
      case 'autoRestartOff':
        return section.run(
          key,
          'autoRestart',
          { params, body: { enabled: action === 'autoRestartOn' } },
          options,
        );
      default:
        return section.run(key, 'service', { params: { ...params, action } }, options);
    }
  }

  return { run, isBusy: (name: string) => section.isBusy(busyKey(name)) };
}
