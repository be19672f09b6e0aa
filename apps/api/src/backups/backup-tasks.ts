/** Panel tasks of the area (jobs/event-hooks.ts): install + configure, and a whole server's sync. */
export const BACKUP_TASKS = { apply: 'backup-apply', sync: 'backup-sync' } as const;
