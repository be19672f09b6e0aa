/**
 * The event types a server's own operations use (spec/000 §3 Event `type`), and the recipes they
 * run. The provisioning recipe is written in packages/recipes (`server-provision`).
 */
export const SERVER_EVENTS = {
  provision: { type: 'provision_server', recipeId: 'server-provision', description: 'Provision the server' },
  timezone: { type: 'server_timezone', recipeId: 'server-timezone', description: 'Set the time zone' },
  restartNormal: { type: 'restart_server', recipeId: 'server-restart', description: 'Restart the server' },
  restartHard: {
    type: 'restart_server_hard',
    recipeId: 'server-restart',
    description: 'Restart the server (hard)',
  },
  clean: { type: 'clean_server', recipeId: 'server-clean', description: 'Clean the server' },
  hotfix: { type: 'hotfix', recipeId: 'server-hotfix', description: 'Hotfix the server' },
} as const;

/** Server statuses (spec/000 §2 status badge): PENDING waits for the install command. */
export const SERVER_STATUS = {
  pending: 'PENDING',
  installing: 'INSTALLING',
  installed: 'INSTALLED',
  error: 'ERROR',
  cancelled: 'CANCELLED',
} as const;

/** Realtime Update-data keys (spec/000 §4) that make the browser reload servers. */
export const SERVER_UPDATE_KEYS = ['servers', 'server'] as const;
