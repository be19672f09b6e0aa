import { isFailedStatus, type Event, type ProvisionOptions } from '@hostdeck/contracts';

/**
 * The provisioning panel of a server that is not installed yet (spec/000 §2 "A not-installed panel
 * lists apps to install"; issue #5: live output, and "retry from here" after a failed step).
 */

/**
 * The output of a running event as the page shows it: the text stored on the panel (from the
 * events list or the last Event-status) followed by what streamed since (Stream_content chunks in
 * arrival order). The two overlap when chunks arrived before the stored text was read, so the
 * streamed text is joined where it picks up from the stored one. Overlaps are only looked for at
 * chunk boundaries, the way the text really arrived, so repeated lines do not fool it.
 */
export function mergeStreamedOutput(stored: string, chunks: readonly string[]): string {
  if (chunks.length === 0) return stored;
  const streamed = chunks.join('');
  if (stored === '') return streamed;
  const boundaries: number[] = [];
  let offset = 0;
  for (const chunk of chunks) {
    offset += chunk.length;
    boundaries.push(offset);
  }
  // The longest run of whole chunks that the stored text already ends with.
  for (let index = boundaries.length - 1; index >= 0; index -= 1) {
    const length = boundaries[index]!;
    if (length <= stored.length && stored.endsWith(streamed.slice(0, length))) {
      return stored + streamed.slice(length);
    }
  }
  // The stored text may hold all of it already (read after the last chunk arrived).
  if (stored.includes(streamed)) return stored;
  return stored + streamed;
}

/** What the provisioning event failed on, for "retry from here"; null when it did not fail. */
export function failedStep(
  event: Pick<Event, 'is_finished' | 'status' | 'current_step'> | null,
): string | null {
  if (!event || !event.is_finished || !isFailedStatus(event.status)) return null;
  return event.current_step;
}

export type PlannedItem =
  | { kind: 'base' }
  | { kind: 'linuxUser'; name: string }
  | { kind: 'security' }
  | { kind: 'timezone'; name: string }
  | { kind: 'webServer'; name: string }
  | { kind: 'php'; version: string }
  | { kind: 'database'; name: string };

/**
 * What provisioning installs, in the order the recipe runs (issue #5): base packages and the time
 * zone, the default Linux user, ufw and fail2ban, then the chosen web server, PHP and database.
 */
export function plannedInstall(provision: ProvisionOptions): PlannedItem[] {
  const items: PlannedItem[] = [
    { kind: 'base' },
    { kind: 'timezone', name: provision.timezone },
    { kind: 'linuxUser', name: provision.default_linux_user },
    { kind: 'security' },
  ];
  if (provision.web_server !== 'none') items.push({ kind: 'webServer', name: provision.web_server });
  for (const version of provision.php_versions) items.push({ kind: 'php', version });
  if (provision.database !== 'none') items.push({ kind: 'database', name: provision.database });
  return items;
}

/** Display names of the programs provisioning may install. */
export const PROGRAM_NAMES: Readonly<Record<string, string>> = {
  nginx: 'Nginx',
  apache2: 'Apache2',
  openlitespeed: 'OpenLiteSpeed',
  mysql: 'MySQL',
  mariadb: 'MariaDB',
  postgresql: 'PostgreSQL',
};

export function programName(name: string): string {
  return PROGRAM_NAMES[name] ?? name;
}
