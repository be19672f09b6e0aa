import { isIP } from 'node:net';
import { z } from 'zod';
import { defineRecipe } from '../recipe.js';
import { InventoryFormatError } from '../inventory.js';
import { DATABASE_DUMP_FILE_PATTERN, databaseEngineInputSchema } from './database-inputs.js';

/**
 * What one engine of a server holds, read each time the panel syncs (never an event): the
 * engine's state, its databases (size, owner), users, grants on the listed databases, and the
 * dump files. System databases and accounts are left out (step_inventory of
 * scripts/databases/database.sh).
 */
export const databaseInventory = defineRecipe({
  id: 'database-inventory',
  input: z.strictObject({ engine: databaseEngineInputSchema }),
  steps: [
    {
      id: 'read',
      title: 'Read the databases and their users',
      script: 'databases/database.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_DATABASE_ENGINE: input.engine }),
  example: { engine: 'mariadb' },
});

export type DatabaseAccessLevel = 'all' | 'read';

export interface DatabaseInventory {
  engine: { installed: boolean; active: boolean; version: string | null };
  databases: { name: string; size: number; owner: string | null }[];
  /** host: `localhost`, `%` or an IP for MySQL/MariaDB; null for PostgreSQL and MongoDB. */
  users: { name: string; host: string | null }[];
  grants: { user: string; host: string | null; database: string; access: DatabaseAccessLevel }[];
  /** createdAt: the file's modification time, epoch seconds. */
  dumps: { database: string; file: string; size: number; createdAt: number }[];
}

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const USER = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
const VERSION = /^[A-Za-z0-9.+:~_-]{1,100}$/;
const COUNT = /^(?:0|[1-9][0-9]{0,18})$/;
const isHost = (value: string) =>
  value === 'localhost' || value === '%' || (isIP(value) !== 0 && value.length <= 45);

/**
 * Parses database-inventory's stdout, strictly: one `engine` line first, then `database`, `user`,
 * `grant` and `dump` lines (tab-separated, `-` for empty). Anything else (an unknown or malformed
 * line, a second engine line, a grant on a database not listed) throws InventoryFormatError.
 */
export function parseDatabaseInventory(stdout: string): DatabaseInventory {
  const lines = stdout.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const fail = (message: string): never => {
    throw new InventoryFormatError(`the database inventory could not be read: ${message}`);
  };
  const result: DatabaseInventory = {
    engine: { installed: false, active: false, version: null },
    databases: [],
    users: [],
    grants: [],
    dumps: [],
  };
  let sawEngine = false;
  const optional = (value: string) => (value === '-' ? null : value);
  const host = (value: string, where: string) => {
    if (value === '-') return null;
    if (!isHost(value)) fail(`${where}: bad host`);
    return value;
  };
  const count = (value: string, where: string) => {
    if (!COUNT.test(value)) fail(`${where}: bad number`);
    return Number(value);
  };
  for (const [index, line] of lines.entries()) {
    const where = `line ${index + 1}`;
    const fields = line.split('\t');
    const [kind, a = '', b = '', c = '', d = ''] = fields;
    if (kind !== 'engine' && !sawEngine) fail(`${where}: the engine line must come first`);
    switch (kind) {
      case 'engine':
        if (sawEngine) fail(`${where}: a second engine line`);
        if (fields.length !== 4 || !/^[01]$/.test(a) || !/^[01]$/.test(b)) fail(`${where}: bad engine line`);
        if (c !== '-' && !VERSION.test(c)) fail(`${where}: bad version`);
        result.engine = { installed: a === '1', active: b === '1', version: optional(c) };
        sawEngine = true;
        break;
      case 'database':
        if (fields.length !== 4 || !NAME.test(a) || (c !== '-' && !USER.test(c)))
          fail(`${where}: bad database line`);
        result.databases.push({ name: a, size: count(b, where), owner: optional(c) });
        break;
      case 'user':
        if (fields.length !== 3 || !USER.test(a)) fail(`${where}: bad user line`);
        result.users.push({ name: a, host: host(b, where) });
        break;
      case 'grant':
        if (fields.length !== 5 || !USER.test(a) || !NAME.test(c) || (d !== 'all' && d !== 'read'))
          fail(`${where}: bad grant line`);
        if (!result.databases.some((database) => database.name === c))
          fail(`${where}: grant on an unlisted database`);
        result.grants.push({ user: a, host: host(b, where), database: c, access: d as DatabaseAccessLevel });
        break;
      case 'dump': {
        if (fields.length !== 5 || !/^[A-Za-z0-9_]{1,64}$/.test(a)) fail(`${where}: bad dump line`);
        if (!DATABASE_DUMP_FILE_PATTERN.test(b) || !b.startsWith(`${a}--`)) fail(`${where}: bad dump file`);
        result.dumps.push({ database: a, file: b, size: count(c, where), createdAt: count(d, where) });
        break;
      }
      default:
        fail(`${where}: unknown line`);
    }
  }
  if (!sawEngine) fail('no engine line');
  return result;
}
