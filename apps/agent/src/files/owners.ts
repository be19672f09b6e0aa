import { readFileSync, statSync } from 'node:fs';

/**
 * User and group names for the list's `owner` ('user:group', spec/001 §3) and for chown. Read from
 * /etc/passwd and /etc/group (no `id` or `getent` child process: a 100k-file listing must stay close
 * to `ls -l`), cached and read again only when either file changes.
 */
export interface Accounts {
  userNames: Map<number, string>;
  groupNames: Map<number, string>;
  users: Map<string, { uid: number; gid: number }>;
  groups: Map<string, number>;
}

export interface AccountFiles {
  passwd: string;
  group: string;
}

const SYSTEM_FILES: AccountFiles = { passwd: '/etc/passwd', group: '/etc/group' };

let cached: { key: string; accounts: Accounts } | null = null;

function modificationKey(files: AccountFiles): string {
  const times = [files.passwd, files.group].map((file) => {
    try {
      const stats = statSync(file);
      return `${stats.mtimeMs}:${stats.size}`;
    } catch {
      return 'missing';
    }
  });
  return `${files.passwd}|${files.group}|${times.join('|')}`;
}

function readLines(file: string): string[][] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.split(':'));
  } catch {
    return [];
  }
}

export function parseAccounts(files: AccountFiles): Accounts {
  const accounts: Accounts = {
    userNames: new Map(),
    groupNames: new Map(),
    users: new Map(),
    groups: new Map(),
  };
  for (const [name, , uidText, gidText] of readLines(files.passwd)) {
    const uid = Number(uidText);
    const gid = Number(gidText);
    if (!name || !Number.isInteger(uid) || !Number.isInteger(gid)) continue;
    if (!accounts.userNames.has(uid)) accounts.userNames.set(uid, name);
    accounts.users.set(name, { uid, gid });
  }
  for (const [name, , gidText] of readLines(files.group)) {
    const gid = Number(gidText);
    if (!name || !Number.isInteger(gid)) continue;
    if (!accounts.groupNames.has(gid)) accounts.groupNames.set(gid, name);
    accounts.groups.set(name, gid);
  }
  return accounts;
}

/** The accounts of this machine (or of `files`, for tests), re-read only after a change. */
export function loadAccounts(files: AccountFiles = SYSTEM_FILES): Accounts {
  const key = modificationKey(files);
  if (cached?.key !== key) cached = { key, accounts: parseAccounts(files) };
  return cached.accounts;
}

const ownerTexts = new WeakMap<Accounts, Map<number, string>>();

/** 'user:group', numeric ids where a name is unknown (as `ls -l` shows them); cached per pair. */
export function ownerText(accounts: Accounts, uid: number, gid: number): string {
  let texts = ownerTexts.get(accounts);
  if (!texts) {
    texts = new Map();
    ownerTexts.set(accounts, texts);
  }
  const key = uid * 0x100000000 + gid;
  let text = texts.get(key);
  if (text === undefined) {
    text = `${accounts.userNames.get(uid) ?? uid}:${accounts.groupNames.get(gid) ?? gid}`;
    texts.set(key, text);
  }
  return text;
}
