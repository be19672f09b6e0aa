import { PHP_VERSIONS, SUPPORTED_OS_IDS, type SupportedOsId } from '@hostdeck/contracts';
import {
  APPLICATION_NAMES,
  type APPLICATION_GROUPS,
  type ApplicationName,
} from '@hostdeck/contracts/applications';

/**
 * The applications a server can have (spec/000 §3 Application), as data: how each is installed,
 * found, started and removed on Debian and Ubuntu. The recipes (`application-*`) and the read-only
 * inventory receive these values as HD_* environment pairs, so the shell scripts stay generic and
 * this table is the one place to read. Every value here is a constant of the panel, never input.
 */

export type ApplicationGroup = (typeof APPLICATION_GROUPS)[number];

/**
 * The third-party repository the packages come from, added by the `repository` step only when the
 * configured sources do not offer them. PHP (ondrej/sury) and MySQL on Debian (repo.mysql.com) are
 * handled by the shared helpers of scripts/lib (php.sh, database.sh), as provisioning does, so a
 * server gets the same sources whichever path installed them.
 */
export type ApplicationRepository = 'mongodb' | 'litespeed';

/**
 * How `application-install` installs it: `apt` packages; `php` and `database` through the shared
 * helpers `hd_php_install` and `hd_database_install` (the same code as provisioning: repository
 * when needed, configuration check, MySQL root on the local socket only); `npm` (PM2 over the
 * distribution's Node.js); `source` (MTProxy: mtg's release binary, downloaded from the configured
 * MTPROXY_DOWNLOAD_URL by scripts/lib/mtproxy.sh, as the MTProxy page installs it).
 */
export type InstallMethod = 'apt' | 'php' | 'database' | 'npm' | 'source';

/** How the installed version is read: a Debian package, a global npm module, or a version file. */
export type ApplicationProbe =
  | { kind: 'dpkg'; packages: readonly string[] }
  | { kind: 'npm'; module: string }
  | { kind: 'file'; path: string };

export interface ApplicationDefinition {
  id: ApplicationName;
  /** Display name, as spec/000 §3 spells it. */
  name: string;
  group: ApplicationGroup;
  binaryName: string;
  icon: string;
  method: InstallMethod;
  /** apt packages installed (the same names on Debian and Ubuntu); for npm and source, their prerequisites. */
  packages: readonly string[];
  repository: ApplicationRepository | null;
  probe: ApplicationProbe;
  /**
   * Packages removed on uninstall, as dpkg-query patterns (`php8.3-*`); the installed ones only.
   * Empty for npm and source applications, which remove their own files.
   */
  removes: readonly string[];
  /**
   * Data an uninstall keeps (databases, Docker volumes): such applications are removed with
   * `apt-get remove`, never purged, so nothing a user stored disappears silently.
   */
  keeps: readonly string[];
  /** The systemd unit started, stopped and restarted; null when it has none of its own. */
  service: string | null;
  /** Where the auto-restart drop-in goes (a template for PostgreSQL, whose `postgresql` unit is a oneshot). */
  restartUnit: string | null;
  /** Instances whose states make up the service state (PostgreSQL's clusters), as a unit pattern. */
  instances: string | null;
  /** Applications that cannot be installed beside this one (one web server on port 80, one MySQL). */
  conflicts: readonly ApplicationName[];
  supportedOs: readonly SupportedOsId[];
}

/** Installed by the application's own recipe; the step `check` refuses other machines. */
const ALL_OS = SUPPORTED_OS_IDS;
/** Node.js 18 or later from the distribution (PM2 7 needs it): not Ubuntu 20.04 (10) or 22.04 (12). */
const NODE_18_OS: readonly SupportedOsId[] = ['ubuntu-24.04', 'debian-12'];

const WEB_SERVERS = ['nginx', 'apache2', 'openlitespeed'] as const satisfies readonly ApplicationName[];
const MYSQL_SERVERS = ['mysql', 'mariadb'] as const satisfies readonly ApplicationName[];
/** PostgreSQL server packages, newest first (Ubuntu 20.04: 12, 22.04: 14, 24.04: 16, Debian 12: 15). */
const POSTGRESQL_SERVERS = ['17', '16', '15', '14', '13', '12'].map((major) => `postgresql-${major}`);

type Definition = Omit<
  ApplicationDefinition,
  'id' | 'removes' | 'keeps' | 'instances' | 'conflicts' | 'restartUnit'
> &
  Partial<Pick<ApplicationDefinition, 'removes' | 'keeps' | 'instances' | 'conflicts' | 'restartUnit'>>;

function define(id: ApplicationName, definition: Definition): ApplicationDefinition {
  return Object.freeze({
    id,
    removes: ['npm', 'source'].includes(definition.method) ? [] : definition.packages,
    keeps: [],
    instances: null,
    conflicts: [],
    restartUnit: definition.service,
    ...definition,
  });
}

/**
 * The packages of one PHP version: FPM (what sites run on), the CLI and the usual extensions, as
 * `hd_php_install` (scripts/lib/php.sh) installs them.
 */
export function phpPackages(version: (typeof PHP_VERSIONS)[number]): string[] {
  const extensions = ['fpm', 'cli', 'common', 'mysql', 'pgsql', 'curl', 'mbstring', 'xml', 'zip', 'gd'];
  extensions.push('intl', 'bcmath', 'opcache');
  return extensions.map((extension) => `php${version}-${extension}`);
}

const definitions: ApplicationDefinition[] = [
  define('nginx', {
    name: 'Nginx',
    group: 'webserver',
    binaryName: 'nginx',
    icon: 'nginx',
    method: 'apt',
    packages: ['nginx'],
    repository: null,
    // Ubuntu's `nginx` is a metapackage over nginx-core; Debian 12's is the server itself.
    probe: { kind: 'dpkg', packages: ['nginx-core', 'nginx-full', 'nginx-light', 'nginx-extras', 'nginx'] },
    removes: ['nginx', 'nginx-core', 'nginx-full', 'nginx-light', 'nginx-extras'],
    service: 'nginx',
    conflicts: WEB_SERVERS.filter((name) => name !== 'nginx'),
    supportedOs: ALL_OS,
  }),
  define('apache2', {
    name: 'Apache2',
    group: 'webserver',
    binaryName: 'apache2',
    icon: 'apache2',
    method: 'apt',
    packages: ['apache2'],
    repository: null,
    probe: { kind: 'dpkg', packages: ['apache2'] },
    service: 'apache2',
    conflicts: WEB_SERVERS.filter((name) => name !== 'apache2'),
    supportedOs: ALL_OS,
  }),
  define('openlitespeed', {
    name: 'OpenLiteSpeed',
    group: 'webserver',
    binaryName: 'openlitespeed',
    icon: 'openlitespeed',
    method: 'apt',
    packages: ['openlitespeed'],
    repository: 'litespeed',
    probe: { kind: 'dpkg', packages: ['openlitespeed'] },
    service: 'lshttpd',
    conflicts: WEB_SERVERS.filter((name) => name !== 'openlitespeed'),
    supportedOs: ALL_OS,
  }),
  define('pm2', {
    name: 'PM2',
    group: 'other',
    binaryName: 'pm2',
    icon: 'pm2',
    method: 'npm',
    packages: ['nodejs', 'npm'],
    repository: null,
    probe: { kind: 'npm', module: 'pm2' },
    // PM2 runs one daemon per user (the PM2 page manages it), not a system service.
    service: null,
    supportedOs: NODE_18_OS,
  }),
  define('docker', {
    name: 'docker',
    group: 'other',
    binaryName: 'docker',
    icon: 'docker',
    method: 'apt',
    packages: ['docker.io'],
    repository: null,
    // docker-ce: a server where Docker was installed from Docker's own repository.
    probe: { kind: 'dpkg', packages: ['docker.io', 'docker-ce'] },
    removes: ['docker.io', 'docker-ce', 'docker-ce-cli'],
    keeps: ['/var/lib/docker'],
    service: 'docker',
    supportedOs: ALL_OS,
  }),
  define('wireguard', {
    name: 'wireguard',
    group: 'other',
    binaryName: 'wg',
    icon: 'wireguard',
    method: 'apt',
    packages: ['wireguard-tools'],
    repository: null,
    probe: { kind: 'dpkg', packages: ['wireguard-tools'] },
    removes: ['wireguard', 'wireguard-tools'],
    // Each tunnel is its own `wg-quick@NAME` unit, managed on the WireGuard page.
    service: null,
    supportedOs: ALL_OS,
  }),
  define('bind9', {
    name: 'bind9',
    group: 'other',
    binaryName: 'named',
    icon: 'bind9',
    method: 'apt',
    packages: ['bind9'],
    repository: null,
    probe: { kind: 'dpkg', packages: ['bind9'] },
    // `bind9.service` is only an alias of `named.service`, present while it is enabled.
    service: 'named',
    supportedOs: ALL_OS,
  }),
  define('postgresql', {
    name: 'postgresql',
    group: 'mysql',
    binaryName: 'psql',
    icon: 'postgresql',
    method: 'database',
    packages: ['postgresql'],
    repository: null,
    probe: { kind: 'dpkg', packages: POSTGRESQL_SERVERS },
    removes: ['postgresql', 'postgresql-[0-9]*'],
    keeps: ['/var/lib/postgresql', '/etc/postgresql'],
    service: 'postgresql',
    // `postgresql.service` is a oneshot that starts the clusters: Restart=always is invalid there.
    restartUnit: 'postgresql@',
    instances: 'postgresql@*.service',
    supportedOs: ALL_OS,
  }),
  define('mongod', {
    name: 'mongod',
    group: 'mysql',
    binaryName: 'mongod',
    icon: 'mongod',
    method: 'apt',
    packages: ['mongodb-org'],
    repository: 'mongodb',
    probe: { kind: 'dpkg', packages: ['mongodb-org-server'] },
    removes: ['mongodb-org', 'mongodb-org-*', 'mongodb-mongosh', 'mongodb-database-tools'],
    keeps: ['/var/lib/mongodb'],
    service: 'mongod',
    supportedOs: ALL_OS,
  }),
  define('mariadb', {
    name: 'mariadb',
    group: 'mysql',
    binaryName: 'mariadb',
    icon: 'mariadb',
    method: 'database',
    packages: ['mariadb-server', 'mariadb-client'],
    repository: null,
    probe: { kind: 'dpkg', packages: ['mariadb-server'] },
    removes: ['mariadb-server', 'mariadb-server-[0-9]*', 'mariadb-client'],
    keeps: ['/var/lib/mysql'],
    service: 'mariadb',
    conflicts: MYSQL_SERVERS.filter((name) => name !== 'mariadb'),
    supportedOs: ALL_OS,
  }),
  define('mysql', {
    name: 'mysql',
    group: 'mysql',
    binaryName: 'mysql',
    icon: 'mysql',
    method: 'database',
    packages: ['mysql-server'],
    // Ubuntu ships MySQL 8.0; Debian 12 only MariaDB: hd_database_install adds repo.mysql.com there.
    repository: null,
    probe: { kind: 'dpkg', packages: ['mysql-server-8.0', 'mysql-community-server', 'mysql-server'] },
    removes: ['mysql-server', 'mysql-server-[0-9]*', 'mysql-community-server', 'mysql-community-client'],
    keeps: ['/var/lib/mysql'],
    service: 'mysql',
    conflicts: MYSQL_SERVERS.filter((name) => name !== 'mysql'),
    supportedOs: ALL_OS,
  }),
  define('mtproxy', {
    name: 'mtproxy',
    group: 'other',
    // mtg (github.com/9seconds/mtg): maintained, unlike Telegram's own MTProxy (docs/mtproxy.md).
    binaryName: 'mtg',
    icon: 'mtproxy',
    method: 'source',
    // What downloading mtg's release needs.
    packages: ['curl', 'ca-certificates'],
    repository: null,
    probe: { kind: 'file', path: '/opt/mtproxy/VERSION' },
    // Its configuration with the secret: what Telegram clients were given.
    keeps: ['/etc/mtproxy'],
    service: 'mtproxy',
    supportedOs: ALL_OS,
  }),
  define('mailserver', {
    name: 'Mail Server',
    group: 'other',
    // Postfix + Dovecot (IMAP, LMTP) + OpenDKIM from the distribution (docs/mailserver.md). The
    // install step preseeds Postfix ("Internet Site") and writes the panel's base configuration
    // (scripts/lib/mailserver.sh hd_mail_configure).
    binaryName: 'postfix',
    icon: 'mailserver',
    method: 'apt',
    packages: [
      'postfix',
      'dovecot-imapd',
      'dovecot-lmtpd',
      'opendkim',
      'opendkim-tools',
      'ssl-cert',
      'openssl',
    ],
    repository: null,
    probe: { kind: 'dpkg', packages: ['postfix', 'dovecot-imapd', 'dovecot-lmtpd', 'opendkim'] },
    removes: ['postfix', 'dovecot-core', 'dovecot-imapd', 'dovecot-lmtpd', 'opendkim', 'opendkim-tools'],
    // The mailboxes and the panel's maps, keys and accounts.
    keeps: ['/var/mail/vhosts', '/etc/postfix/hostdeck', '/etc/dovecot/hostdeck', '/etc/opendkim/hostdeck'],
    service: 'postfix',
    // Dovecot 2.3's configuration (Debian 12, Ubuntu 20.04 to 24.04).
    supportedOs: ALL_OS,
  }),
  ...PHP_VERSIONS.map((version) =>
    define(`php${version}`, {
      name: `PHP ${version}`,
      group: 'php',
      binaryName: `php${version}`,
      icon: 'php',
      method: 'php',
      packages: phpPackages(version),
      // The distribution's own version comes from the distribution; the `repository` step adds
      // ondrej/sury for the others.
      repository: null,
      probe: { kind: 'dpkg', packages: [`php${version}-fpm`] },
      removes: [`php${version}`, `php${version}-*`],
      service: `php${version}-fpm`,
      supportedOs: ALL_OS,
    }),
  ),
];

/** Every application by name, in the order of APPLICATION_NAMES (the list's order). */
export const APPLICATION_CATALOGUE: Readonly<Record<ApplicationName, ApplicationDefinition>> = Object.freeze(
  Object.fromEntries(
    APPLICATION_NAMES.map((name) => {
      const definition = definitions.find((candidate) => candidate.id === name);
      if (!definition) throw new Error(`the application catalogue has no ${name}`);
      return [name, definition];
    }),
  ) as Record<ApplicationName, ApplicationDefinition>,
);

export function findApplication(name: ApplicationName): ApplicationDefinition {
  return APPLICATION_CATALOGUE[name];
}

/** Whether the panel installs this application on this OS (`os`: `debian-12`, `ubuntu-24.04`…). */
export function isSupportedOn(definition: ApplicationDefinition, os: string | null): boolean {
  return os !== null && (definition.supportedOs as readonly string[]).includes(os);
}

/**
 * The environment every `application-*` recipe step receives for one application: the catalogue's
 * values as text (lists space-separated; conflicts one `NAME<TAB>PACKAGE…` line each).
 */
export function applicationEnvironment(name: ApplicationName): Record<string, string> {
  const definition = findApplication(name);
  const environment: Record<string, string> = {
    HD_APPLICATION: definition.id,
    HD_APPLICATION_NAME: definition.name,
    HD_APPLICATION_METHOD: definition.method,
    HD_APPLICATION_PACKAGES: definition.packages.join(' '),
    HD_APPLICATION_DETECT: probeText(definition.probe),
    HD_APPLICATION_REMOVES: definition.removes.join(' '),
    HD_APPLICATION_KEEPS: definition.keeps.join(' '),
    HD_APPLICATION_SUPPORTED_OS: definition.supportedOs.join(' '),
  };
  if (definition.repository) environment.HD_APPLICATION_REPOSITORY = definition.repository;
  if (definition.service) environment.HD_APPLICATION_SERVICE = definition.service;
  if (definition.restartUnit) environment.HD_APPLICATION_RESTART_UNIT = definition.restartUnit;
  if (definition.instances) environment.HD_APPLICATION_INSTANCES = definition.instances;
  if (definition.conflicts.length > 0) {
    environment.HD_APPLICATION_CONFLICTS = definition.conflicts
      .map((conflict) => {
        const other = findApplication(conflict);
        return `${other.name}\t${probePackages(other.probe).join(' ')}`;
      })
      .join('\n');
  }
  return environment;
}

/** `dpkg:a b`, `npm:module` or `file:/path`: how the scripts find an installed application. */
export function probeText(probe: ApplicationProbe): string {
  switch (probe.kind) {
    case 'dpkg':
      return `dpkg:${probe.packages.join(' ')}`;
    case 'npm':
      return `npm:${probe.module}`;
    case 'file':
      return `file:${probe.path}`;
  }
}

function probePackages(probe: ApplicationProbe): readonly string[] {
  return probe.kind === 'dpkg' ? probe.packages : [];
}
