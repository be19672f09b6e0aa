import type { AlertType } from '@hostdeck/contracts/alerts';

/** The facts a message is written from (`{ server: 'web-1', percent: 93 }`); never a secret. */
export type AlertFacts = Record<string, string | number>;

/**
 * Who an alert is about. The alerts area finds the recipients from it: a server's or site's owner
 * and the teams the server is shared with, or the user named (a login from a new address).
 */
export interface AlertSubject {
  serverId?: number;
  siteId?: number;
  userId?: number;
}

/**
 * What other areas call to notify users (issue 23 point 3). The alerts area implements it; the
 * monitoring area, deployments, backups, schedules, certificates and accounts call it.
 */
export interface Alerts {
  /** Something happened (a deployment finished, a backup failed): sent once, now. */
  notify(input: { type: AlertType; subject: AlertSubject; facts: AlertFacts }): Promise<void>;
  /**
   * Opens the incident `key` (such as `server:12:unreachable`) and alerts once. Opening an
   * incident that is already open sends nothing.
   */
  open(input: { key: string; type: AlertType; subject: AlertSubject; facts: AlertFacts }): Promise<void>;
  /** Resolves the open incident `key` and sends its resolution once; nothing when it is not open. */
  resolve(input: { key: string; facts: AlertFacts }): Promise<void>;
}
