// Business constants and limits of spec/000 §9. Both the panel and the browser read them from here.

export const LOCALES = ['en', 'vi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS = [5, 10, 15, 50] as const;
export const PAGE_DEFAULT = 1;
export const SNACKBAR_TIMEOUT_MS = 3000;

export const NOTIFICATION_EVENT_LIMIT = 10;
export const NOTIFICATION_BADGE_CAP = 9;
export const NOTIFICATION_PANEL_MAX_HEIGHT = 430;

export const WIDTHS = {
  leftDrawer: 220,
  searchDialog: 500,
  siteCreateDialog: 800,
  uiReloadDialog: 500,
  notificationDialog: 700,
} as const;

export const GLOBAL_SEARCH = { resultsPerGroup: 5, fuzzyThreshold: 0.4 } as const;

/** DNS TTL options in seconds; 1 means "Auto". */
export const DNS_TTL_OPTIONS = [1, 60, 120, 300, 600, 900, 1800, 3600, 7200, 18000, 43200, 86400] as const;
export const DNS_RECORD_TYPES = [
  'A',
  'AAAA',
  'CAA',
  'CNAME',
  'HTTPS',
  'MX',
  'NS',
  'PTR',
  'SRV',
  'TXT',
] as const;

export const AGENT_PORT = 2022;
/** Agents below this version compress a single path only (spec/001). */
export const AGENT_MULTI_PATH_ARCHIVE_VERSION = 22;

export const SITE_HOME_TEMPLATE = '/home/{linux_user}/{site}';
export const SITE_DEFAULT_DIRECTORY = '/';
export const GENERATED_PASSWORD_LENGTH = 20;

export const TOP_UP_MINIMUM_CENTS = 500;
export const BYTE_UNIT = 1024;
export const SUBSCRIPTION_CYCLE_DAYS = 30;

export const FREE_DOMAIN_DNS_LIFETIME_DAYS = 14;
export const BACKUP_AUTO_DELETE_HOURS = 3;
export const PHP_MAX_EXECUTION_DEFAULT_SECONDS = 60;
export const INSTALL_SUPPORT_THRESHOLD_MINUTES = 15;
export const CHATWOOT_MINIMUM = { cores: 4, memoryGb: 4 } as const;

export const POPUP_WINDOW = { width: 600, height: 720 } as const;
export const FLOATING_WINDOW = { widthPercent: 60, heightPercent: 80 } as const;

export const THEME_PRIMARY_COLOR = '#0096c7';
export const SALES_DISCOUNT_PERCENT = 50;

export const SUPPORTED_UBUNTU_VERSIONS = ['20.04', '22.04', '24.04'] as const;
export const SUPPORTED_OS = [
  { id: 'ubuntu', version: '20.04', label: 'Ubuntu 20.04 LTS 64-bit' },
  { id: 'ubuntu', version: '22.04', label: 'Ubuntu 22.04 LTS 64-bit' },
  { id: 'ubuntu', version: '24.04', label: 'Ubuntu 24.04 LTS 64-bit' },
  { id: 'debian', version: '12', label: 'Debian 12 64-bit' },
] as const;

/** PHP versions the panel can install (ondrej/sury repositories on real servers). */
export const PHP_VERSIONS = ['8.4', '8.3', '8.2', '8.1', '8.0', '7.4'] as const;
