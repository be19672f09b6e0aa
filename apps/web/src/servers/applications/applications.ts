import { APPLICATION_GROUPS, type Application, type ApplicationName } from '@hostdeck/contracts/applications';

/**
 * The applications page (spec/000 §2 servers.applications, §3 Application): rows grouped by their
 * group, which actions each row offers, and its filters in the URL (`installed=no`, `search`).
 */

export type ApplicationGroup = (typeof APPLICATION_GROUPS)[number];

/** The groups in the spec's order (web servers, PHP, databases, the rest), empty ones left out. */
export function groupApplications(
  applications: readonly Application[],
): { group: ApplicationGroup; applications: Application[] }[] {
  return APPLICATION_GROUPS.map((group) => ({
    group,
    applications: applications.filter((application) => application.group === group),
  })).filter((entry) => entry.applications.length > 0);
}

export type ApplicationAction = 'install' | 'uninstall' | 'start' | 'stop' | 'restart' | 'autoRestart';

/**
 * What a row offers: an application that is not installed can be installed (when this panel
 * supports it on the server's system); an installed one can be removed, and when it runs as a
 * service, started when it is not running, stopped and restarted when it is, and kept restarting.
 */
export function applicationActions(application: Application): ApplicationAction[] {
  if (!application.is_installed) return application.supported ? ['install'] : [];
  const actions: ApplicationAction[] = [];
  if (application.service_state !== null) {
    if (application.service_state === 'active') actions.push('stop', 'restart');
    else actions.push('start');
    actions.push('autoRestart');
  }
  actions.push('uninstall');
  return actions;
}

export interface ApplicationFilters {
  installed?: 'yes' | 'no';
  search?: string;
}

/** The filters of the page from its URL; anything else is left out. */
export function parseApplicationFilters(search: URLSearchParams): ApplicationFilters {
  const installed = search.get('installed');
  const text = search.get('search')?.trim() ?? '';
  return {
    ...(installed === 'yes' || installed === 'no' ? { installed } : {}),
    ...(text !== '' ? { search: text.slice(0, 255) } : {}),
  };
}

/**
 * The failed install a row shows (issue 26: the row must not just offer "Install" again): the
 * panel's answer while the application is still missing, hidden while a new action runs.
 */
export function shownInstallFailure(application: Application, busy: boolean): Application['install_failure'] {
  if (busy || application.is_installed) return null;
  return application.install_failure;
}

/** The colour of a systemd service state. */
export function serviceStateColor(state: string | null): 'success' | 'error' | 'default' {
  if (state === 'active') return 'success';
  if (state === 'failed') return 'error';
  return 'default';
}

/**
 * The names people know these programs by (issue 26: the list mixed "Nginx" with "postgresql"
 * and "mongod", the names of packages and daemons). Product names, the same in every language.
 */
const DISPLAY_NAMES: Readonly<Record<Exclude<ApplicationName, `php${string}` | 'mailserver'>, string>> = {
  nginx: 'Nginx',
  apache2: 'Apache',
  openlitespeed: 'OpenLiteSpeed',
  pm2: 'PM2',
  docker: 'Docker',
  wireguard: 'WireGuard',
  bind9: 'BIND 9',
  postgresql: 'PostgreSQL',
  mongod: 'MongoDB',
  mariadb: 'MariaDB',
  mysql: 'MySQL',
  mtproxy: 'MTProxy',
};

/** Applications named for what they do, not by a product: their names are translated. */
const DESCRIBED_NAMES = { mailserver: 'applications.names.mailserver' } as const;

/**
 * 'postgresql' → 'PostgreSQL', 'php8.3' → 'PHP 8.3', 'mailserver' → "Mail Server" in the reader's
 * language; an id this panel does not know keeps its name.
 */
export function applicationDisplayName(
  application: Pick<Application, 'id' | 'name'>,
  t: (key: (typeof DESCRIBED_NAMES)[keyof typeof DESCRIBED_NAMES]) => string,
): string {
  const php = /^php(\d+\.\d+)$/.exec(application.id);
  if (php) return `PHP ${php[1]}`;
  const described = DESCRIBED_NAMES[application.id as keyof typeof DESCRIBED_NAMES];
  if (described) return t(described);
  return DISPLAY_NAMES[application.id as keyof typeof DISPLAY_NAMES] ?? application.name;
}
