import { z } from 'zod';
import { defineRecipe } from '../recipe.js';
import { InventoryFormatError } from '../inventory.js';

/**
 * The read-only inventory the panel runs itself (never an event) each time it lists a server's
 * system users or its sites' disk usage: the accounts (uid ≥ UID_MIN, and any account whose home is
 * /home/NAME), their home, shell, sudo and SFTP-only flags, and `du` of each home and of each
 * folder directly in it (sites live at /home/{user}/{site}), bounded in time
 * (scripts/system-users/inventory.sh).
 */
export const systemUsersInventory = defineRecipe({
  id: 'system-users-inventory',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read the system users',
      script: 'system-users/inventory.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});

export interface InventorySystemUser {
  name: string;
  uid: number;
  home: string | null;
  shell: string | null;
  sudo: boolean;
  sudoManaged: boolean;
  sftpOnly: boolean;
  /** Bytes, null when not measured in time. */
  diskUsage: number | null;
  /** Bytes of each folder directly in the home, by folder name. */
  folders: Map<string, number>;
}

export interface SystemUsersInventory {
  users: InventorySystemUser[];
}

const NAME = /^[a-z_][a-z0-9_-]{0,31}$/;
const NUMBER = /^(?:0|[1-9][0-9]{0,18})$/;
const PATH = /^\/[A-Za-z0-9._/@+-]{0,254}$/;
const FOLDER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/;
const FLAG = /^[01]$/;

/**
 * Parses system-users-inventory's stdout strictly: `user` and `dir` lines (a `dir` after its
 * user's line), then `end`. Anything else throws InventoryFormatError.
 */
export function parseSystemUsersInventory(stdout: string): SystemUsersInventory {
  const lines = stdout.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const fail = (message: string): never => {
    throw new InventoryFormatError(`the system users could not be read: ${message}`);
  };
  const users = new Map<string, InventorySystemUser>();
  let ended = false;
  for (const line of lines) {
    if (ended) fail('a line after the end');
    const fields = line.split('\t');
    const [kind] = fields;
    if (kind === 'end' && fields.length === 1) {
      ended = true;
    } else if (kind === 'user' && fields.length === 9) {
      const [, name, uid, home, shell, sudo, sudoManaged, sftp, size] = fields as [string, ...string[]];
      if (!NAME.test(name!) || users.has(name!)) fail(`a bad user line: ${line}`);
      if (!NUMBER.test(uid!) || ![sudo, sudoManaged, sftp].every((value) => FLAG.test(value!)))
        fail(`a bad user line: ${line}`);
      if ((home !== '-' && !PATH.test(home!)) || (shell !== '-' && !PATH.test(shell!)))
        fail(`a bad user line: ${line}`);
      if (size !== '-' && !NUMBER.test(size!)) fail(`a bad user line: ${line}`);
      users.set(name!, {
        name: name!,
        uid: Number(uid),
        home: home === '-' ? null : home!,
        shell: shell === '-' ? null : shell!,
        sudo: sudo === '1',
        sudoManaged: sudoManaged === '1',
        sftpOnly: sftp === '1',
        diskUsage: size === '-' ? null : Number(size),
        folders: new Map(),
      });
    } else if (kind === 'dir' && fields.length === 4) {
      const [, name, folder, size] = fields as [string, string, string, string];
      const user = users.get(name);
      if (!user || !FOLDER.test(folder) || !NUMBER.test(size)) fail(`a bad dir line: ${line}`);
      user!.folders.set(folder, Number(size));
    } else {
      fail(`an unknown line: ${line}`);
    }
  }
  if (!ended) fail('the output ended early');
  return { users: [...users.values()] };
}
