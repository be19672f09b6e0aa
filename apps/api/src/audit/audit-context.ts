import { AsyncLocalStorage } from 'node:async_hooks';

/** What one audited request gathers while it runs: the events it started. */
export interface AuditScope {
  eventIds: number[];
}

const scopes = new AsyncLocalStorage<AuditScope>();

/** Runs `next` (the rest of a request's handling) inside its audit scope (audit-recorder.ts). */
export function runInAuditScope(scope: AuditScope, next: () => void): void {
  scopes.run(scope, next);
}

/**
 * Called by the events repository for every event it creates: inside a request, the audit entry
 * of that request links the event. Outside one (jobs, schedules) there is no scope and nothing to
 * note.
 */
export function noteCreatedEvent(eventId: number): void {
  scopes.getStore()?.eventIds.push(eventId);
}
