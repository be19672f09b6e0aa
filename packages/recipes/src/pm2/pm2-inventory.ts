import { z } from 'zod';
import { defineRecipe } from '../recipe.js';
import { InventoryFormatError } from '../inventory.js';

/**
 * Every user's PM2 apps (read-only, never an event): for each account of uid ≥ UID_MIN whose PM2
 * daemon runs, `pm2 jlist` as that user, reduced on the server to the fields the panel shows (the
 * apps' environments, which may hold secrets, never leave it). A user whose daemon does not run
 * is not asked: `pm2 jlist` would start one.
 */
export const pm2Inventory = defineRecipe({
  id: 'pm2-inventory',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: "Read the users' PM2 apps",
      script: 'pm2/pm2.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});

export interface Pm2Process {
  user: string;
  name: string;
  pm_id: number;
  status: string;
  pid: number | null;
  script: string | null;
  cwd: string | null;
  args: string[];
  interpreter: string | null;
  exec_mode: string;
  restarts: number;
  started_at: number | null;
  cpu: number;
  memory: number;
}

export interface Pm2Inventory {
  installed: boolean;
  version: string | null;
  users: { name: string; daemon: boolean; startup: boolean }[];
  processes: Pm2Process[];
}

const USER = /^[a-z_][a-z0-9_-]{0,31}$/;
const VERSION = /^[0-9A-Za-z.+-]{1,40}$/;

const processSchema = z.strictObject({
  user: z.string().regex(USER),
  name: z.string().max(1000),
  pm_id: z.number().int().min(0),
  status: z.string().max(64),
  pid: z.number().int().nullable(),
  script: z.string().max(5000).nullable(),
  cwd: z.string().max(5000).nullable(),
  args: z.array(z.string().max(5000)).max(1000),
  interpreter: z.string().max(1000).nullable(),
  exec_mode: z.string().max(64),
  restarts: z.number().int().min(0),
  started_at: z.number().nullable(),
  cpu: z.number(),
  memory: z.number(),
});

/**
 * Parses pm2-inventory's stdout, strictly: `pm2 installed VERSION` or `pm2 absent` first, then
 * `user NAME DAEMON STARTUP` (0/1) and `process JSON` lines, then `end`. Anything else throws
 * InventoryFormatError.
 */
export function parsePm2Inventory(stdout: string): Pm2Inventory {
  const lines = stdout.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const fail = (message: string): never => {
    throw new InventoryFormatError(`the PM2 inventory could not be read: ${message}`);
  };
  const result: Pm2Inventory = { installed: false, version: null, users: [], processes: [] };
  const head = lines.shift() ?? '';
  const pm2 = /^pm2 (installed (\S+)|absent)$/.exec(head);
  if (!pm2) fail(`unexpected first line ${JSON.stringify(head.slice(0, 80))}`);
  if (pm2![2] !== undefined) {
    if (!VERSION.test(pm2![2])) fail('bad version');
    result.installed = true;
    result.version = pm2![2];
  }
  if (lines.pop() !== 'end') fail('the output was cut short');
  for (const line of lines) {
    const user = /^user (\S+) ([01]) ([01])$/.exec(line);
    if (user) {
      if (!USER.test(user[1]!)) fail('bad user name');
      result.users.push({ name: user[1]!, daemon: user[2] === '1', startup: user[3] === '1' });
      continue;
    }
    if (line.startsWith('process ')) {
      let value: unknown;
      try {
        value = JSON.parse(line.slice('process '.length));
      } catch {
        fail('a process line is not JSON');
      }
      const parsed = processSchema.safeParse(value);
      if (!parsed.success) fail(`a process line is malformed: ${parsed.error.issues[0]?.message ?? ''}`);
      result.processes.push(parsed.data!);
      continue;
    }
    fail(`unexpected line ${JSON.stringify(line.slice(0, 80))}`);
  }
  return result;
}

/** Parses pm2-logs' stdout: `out-path`, `out`, `error-path`, `error` lines (base64), then `end`. */
export function parsePm2Logs(stdout: string): {
  out: string;
  error: string;
  out_path: string | null;
  error_path: string | null;
} {
  const fail = (message: string): never => {
    throw new InventoryFormatError(`the PM2 logs could not be read: ${message}`);
  };
  const values = new Map<string, string>();
  const lines = stdout.split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines.pop() !== 'end') fail('the output was cut short');
  for (const line of lines) {
    const match = /^(out-path|out|error-path|error) ?(.*)$/.exec(line);
    if (!match || values.has(match[1]!)) fail(`unexpected line ${JSON.stringify(line.slice(0, 80))}`);
    values.set(match![1]!, match![2]!);
  }
  const decode = (key: string) => {
    const value = values.get(key) ?? '';
    if (!/^[A-Za-z0-9+/=]*$/.test(value)) fail(`${key} is not base64`);
    return Buffer.from(value, 'base64').toString('utf8');
  };
  const path = (key: string) => {
    const value = values.get(key) ?? '';
    return value === '' || value === '-' ? null : value;
  };
  return {
    out: decode('out'),
    error: decode('error'),
    out_path: path('out-path'),
    error_path: path('error-path'),
  };
}
