import { UPDATE_KEYS } from '@hostdeck/contracts';
import type { EventDescriptionText } from '../events/events.service.js';

/**
 * The event types a server's own operations use (spec/000 §3 Event `type`), the recipes they
 * run and their descriptions (EVENT_DESCRIPTIONS ids). The provisioning recipe is written in
 * packages/recipes (`server-provision`).
 */
export const SERVER_EVENTS = {
  provision: {
    type: 'provision_server',
    recipeId: 'server-provision',
    description: { id: 'provisionServer' },
  },
  timezone: { type: 'server_timezone', recipeId: 'server-timezone', description: { id: 'setTimezone' } },
  restartNormal: { type: 'restart_server', recipeId: 'server-restart', description: { id: 'restartServer' } },
  restartHard: {
    type: 'restart_server_hard',
    recipeId: 'server-restart',
    description: { id: 'restartServerHard' },
  },
  clean: { type: 'clean_server', recipeId: 'server-clean', description: { id: 'cleanServer' } },
  hotfix: { type: 'hotfix', recipeId: 'server-hotfix', description: { id: 'hotfixServer' } },
} as const satisfies Record<string, { type: string; recipeId: string; description: EventDescriptionText }>;

/** Server statuses (spec/000 §2 status badge): PENDING waits for the install command. */
export const SERVER_STATUS = {
  pending: 'PENDING',
  installing: 'INSTALLING',
  installed: 'INSTALLED',
  error: 'ERROR',
  cancelled: 'CANCELLED',
} as const;

/** Realtime Update-data keys (spec/000 §4) that make the browser reload servers. */
export const SERVER_UPDATE_KEYS = [UPDATE_KEYS.servers, UPDATE_KEYS.server] as const;
