import { z } from 'zod';

/**
 * What the panel can tell a user through a notification channel (issue 23 point 3): the rows of
 * the channel × event matrix. An incident type (`server.unreachable`, the thresholds) is alerted
 * once when it opens and once when it resolves; the others are sent each time they happen.
 */
export const ALERT_TYPES = [
  'deployment.finished',
  'deployment.failed',
  'backup.failed',
  'backup.partial',
  'backup.verification_failed',
  'cron.failed',
  'server.unreachable',
  'server.disk',
  'server.cpu',
  'server.memory',
  'certificate.expiring',
  'certificate.renewal_failed',
  'login.new_address',
] as const;
export const alertTypeSchema = z.enum(ALERT_TYPES);
export type AlertType = z.infer<typeof alertTypeSchema>;

/** The types that are incidents: open, then resolved (recovered, back under the threshold). */
export const INCIDENT_ALERT_TYPES = [
  'server.unreachable',
  'server.disk',
  'server.cpu',
  'server.memory',
] as const;
