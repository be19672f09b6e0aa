import { isFailedStatus, type Locale } from '@hostdeck/contracts';
import { type Application, type ApplicationListQuery } from '@hostdeck/contracts/applications';
import {
  displayVersion,
  isSupportedOn,
  type ApplicationDefinition,
  type ApplicationInventory,
} from '@hostdeck/recipes/applications';
import { translateEventText } from '../events/event-texts.js';
import type { LastInstall } from './applications.repository.js';

/**
 * One application as the API shows it: the catalogue's description, the server's facts and, when
 * its last install failed and it is still missing, that failure (issue 26: the row says so).
 */
export function presentApplication(
  definition: ApplicationDefinition,
  inventory: ApplicationInventory,
  lastInstall?: LastInstall,
  locale: Locale = 'en',
): Application {
  const entry = inventory.applications.get(definition.id);
  const installed = entry?.installed ?? false;
  const failed = !installed && lastInstall?.isFinished === true && isFailedStatus(lastInstall.status);
  return {
    id: definition.id,
    name: definition.name,
    group: definition.group,
    binary_name: definition.binaryName,
    is_installed: installed,
    installed_version: installed && entry?.rawVersion ? displayVersion(entry.rawVersion) : null,
    service_state: installed && definition.service ? (entry?.serviceState ?? null) : null,
    auto_restart: entry?.autoRestart ?? false,
    icon: definition.icon,
    supported: isSupportedOn(definition, inventory.os),
    install_failure: failed ? presentInstallFailure(lastInstall, locale) : null,
  };
}

function presentInstallFailure(lastInstall: LastInstall, locale: Locale) {
  const error = lastInstall.errorId ? { id: lastInstall.errorId, values: lastInstall.errorValues } : null;
  return {
    event_id: lastInstall.id,
    status: lastInstall.status,
    error_reason:
      lastInstall.errorReason === null
        ? null
        : ((error && translateEventText(locale, 'error', error)) ?? lastInstall.errorReason),
    error_id: error?.id ?? null,
    error_values: error?.values ?? {},
  };
}

/** `installed=yes|no` and a case-insensitive search in the name and id (spec/000 §2). */
export function filterApplications(applications: Application[], query: ApplicationListQuery): Application[] {
  const search = query.search?.trim().toLocaleLowerCase() ?? '';
  return applications.filter((application) => {
    if (query.installed === 'yes' && !application.is_installed) return false;
    if (query.installed === 'no' && application.is_installed) return false;
    if (!search) return true;
    return [application.name, application.id].some((text) => text.toLocaleLowerCase().includes(search));
  });
}
