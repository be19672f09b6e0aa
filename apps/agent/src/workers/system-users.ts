import { readFileSync } from 'node:fs';

/** A Unix account as /etc/passwd describes it. */
export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
  home: string;
  shell: string;
}

/** The user not found: a token naming an account the server does not have. */
export class UnknownUserError extends Error {
  override readonly name = 'UnknownUserError';
}

/**
 * Looks a user up in /etc/passwd (read each time: accounts come and go as sites are created and
 * removed, and the file is small). Only local accounts: the panel creates its users with useradd.
 */
export function findSystemUser(name: string, passwdFile = '/etc/passwd'): SystemUser {
  for (const line of readFileSync(passwdFile, 'utf8').split('\n')) {
    const fields = line.split(':');
    if (fields.length < 7 || fields[0] !== name) continue;
    const uid = Number(fields[2]);
    const gid = Number(fields[3]);
    if (!Number.isInteger(uid) || !Number.isInteger(gid)) break;
    return { name, uid, gid, home: fields[5] || '/', shell: fields[6] || '/bin/sh' };
  }
  throw new UnknownUserError(`There is no user ${name} on this server`);
}
