import type { AlertType } from '@hostdeck/contracts/alerts';

/**
 * What each alert says, in English; the English is the i18n key (alerts.vi.ts has the
 * Vietnamese). `{placeholders}` come from the alert's facts, the server's and site's names added.
 */
export const ALERT_TEXTS: Record<AlertType, string> = {
  'deployment.finished': 'Deployment of {site} on {server} finished',
  'deployment.failed': 'Deployment of {site} on {server} failed',
  'backup.failed': 'Backup {backup} on {server} failed',
  'backup.partial': 'Backup {backup} on {server} finished with errors',
  'backup.verification_failed': 'Verification of backup {backup} on {server} failed',
  'cron.failed': 'Cron job {job} on {server} failed',
  'server.unreachable': 'Server {server} is unreachable',
  'server.disk': 'Disk usage on {server} is over the threshold: {percent}%',
  'server.cpu': 'CPU usage on {server} is over the threshold: {percent}%',
  'server.memory': 'Memory usage on {server} is over the threshold: {percent}%',
  'certificate.expiring': 'The certificate of {site} expires on {date}',
  'certificate.renewal_failed': 'Renewing the certificate of {site} failed',
  'login.new_address': 'New sign-in to your account from {address}',
};

/** The message an incident's resolution sends (the other types are not incidents). */
export const ALERT_RESOLVED_TEXTS: Partial<Record<AlertType, string>> = {
  'server.unreachable': 'Server {server} is reachable again',
  'server.disk': 'Disk usage on {server} is back under the threshold',
  'server.cpu': 'CPU usage on {server} is back under the threshold',
  'server.memory': 'Memory usage on {server} is back under the threshold',
};

/** Any other resolution: the alert's own text, said to be over. */
export const ALERT_RESOLVED_FALLBACK = 'Resolved: {message}';
export const ALERT_TEST_TEXT = 'Test message from {brand}: this channel works.';
export const ALERT_DETAIL_TEXT = 'Details: {detail}';
export const TELEGRAM_LINKED_TEXT = 'This chat now receives alerts from {brand} ({channel}).';
export const TELEGRAM_UNKNOWN_CODE_TEXT =
  'This link code is not valid or has expired. Open the notification settings in {brand} for a new one.';
