import { z } from 'zod';
import { PHP_VERSIONS } from './constants.js';
import { defineEventDescriptions, eventTextValuesSchema } from './events.js';
import { defineServerSection } from './server-sections.js';
import { UPDATE_KEYS } from './update-keys.js';

/**
 * A server's applications (spec/000 §2 servers.applications, §3 Application, §7): a server section
 * (server-sections.ts) whose list is read from the server and whose actions are events.
 */

export const APPLICATION_GROUPS = ['webserver', 'php', 'mysql', 'other'] as const;

/** The applications of spec/000 §3, and each PHP version as `php8.3`. */
export const APPLICATION_NAMES = [
  'nginx',
  'apache2',
  'openlitespeed',
  'pm2',
  'docker',
  'wireguard',
  'bind9',
  'postgresql',
  'mongod',
  'mariadb',
  'mysql',
  'mtproxy',
  'mailserver',
  ...PHP_VERSIONS.map((version) => `php${version}` as const),
] as const;
export type ApplicationName = (typeof APPLICATION_NAMES)[number];
export const applicationNameSchema = z.enum(APPLICATION_NAMES);

/** An application as read from the server (spec/000 §3 Application), never as hoped for. */
export const applicationSchema = z.object({
  id: applicationNameSchema,
  name: z.string(),
  group: z.enum(APPLICATION_GROUPS),
  binary_name: z.string(),
  is_installed: z.boolean(),
  installed_version: z.string().nullable(),
  /** systemd state of its service: active, inactive, failed, or null without a service. */
  service_state: z.string().nullable(),
  auto_restart: z.boolean(),
  icon: z.string(),
  /** Installable by this panel on this server's OS (docs list what is proven where). */
  supported: z.boolean(),
  /**
   * Its last install on this server failed and it is still not installed: the row says why and
   * links to that event's output (issue 26). The error line as events carry it.
   */
  install_failure: z
    .object({
      event_id: z.number().int(),
      status: z.string(),
      error_reason: z.string().nullable(),
      error_id: z.string().nullable(),
      error_values: eventTextValuesSchema,
    })
    .nullable(),
});
export type Application = z.infer<typeof applicationSchema>;

/** GET api/servers/{server}/applications: `installed=no` lists what can be installed. */
export const applicationListQuerySchema = z.object({
  installed: z.enum(['yes', 'no']).optional(),
  search: z.string().trim().max(255).optional(),
});
export type ApplicationListQuery = z.output<typeof applicationListQuerySchema>;

export const APPLICATION_ACTIONS = ['start', 'stop', 'restart'] as const;
export const autoRestartRequestSchema = z.strictObject({ enabled: z.boolean() });
export const installApplicationRequestSchema = z.strictObject({ name: applicationNameSchema });

/**
 * The section's contract (spec/000 §7: applications start, stop, restart, auto-restart, CRUD):
 * install, uninstall, start|stop|restart and auto-restart, each 201 with its event.
 */
export const applicationsSection = defineServerSection({
  name: 'applications',
  updateKey: UPDATE_KEYS.applications,
  list: {
    path: '/api/servers/:server/applications',
    query: applicationListQuerySchema,
    item: applicationSchema,
  },
  actions: {
    install: {
      method: 'POST',
      path: '/api/servers/:server/applications',
      body: installApplicationRequestSchema,
    },
    uninstall: {
      method: 'DELETE',
      path: '/api/servers/:server/applications/:application',
      params: z.object({ application: applicationNameSchema }),
    },
    service: {
      method: 'POST',
      path: '/api/servers/:server/applications/:application/:action',
      params: z.object({ application: applicationNameSchema, action: z.enum(APPLICATION_ACTIONS) }),
    },
    autoRestart: {
      method: 'POST',
      path: '/api/servers/:server/applications/:application/auto-restart',
      params: z.object({ application: applicationNameSchema }),
      body: autoRestartRequestSchema,
    },
  },
});
export const applicationListSchema = applicationsSection.list.response;

/** The descriptions of the section's events (events.ts AreaEventDescriptions), English. */
export const APPLICATION_EVENT_DESCRIPTIONS = defineEventDescriptions({
  installApplication: 'Install {application}',
  uninstallApplication: 'Uninstall {application}',
  startApplication: 'Start {application}',
  stopApplication: 'Stop {application}',
  restartApplication: 'Restart {application}',
  enableAutoRestart: 'Turn auto-restart on for {application}',
  disableAutoRestart: 'Turn auto-restart off for {application}',
});
export type ApplicationEventDescriptionId = keyof typeof APPLICATION_EVENT_DESCRIPTIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    applications: typeof APPLICATION_EVENT_DESCRIPTIONS;
  }
}
