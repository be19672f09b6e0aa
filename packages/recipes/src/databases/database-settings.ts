import { z } from 'zod';
import { defineRecipe } from '../recipe.js';
import { InventoryFormatError } from '../inventory.js';
import { flag } from '../sites/site-inputs.js';
import { bindAddressInputSchema, mysqlEngineInputSchema } from './database-inputs.js';

const MINUTE = 60_000;
const MIB = 1024 * 1024;

/** The bounds of database-settings-apply's numbers. */
export const DATABASE_SETTINGS_LIMITS = {
  max_connections: { min: 10, max: 100_000 },
  innodb_buffer_pool_size: { min: 5 * MIB, max: 1024 * 1024 * MIB },
} as const;

/** The MySQL/MariaDB settings as the running server has them (read-only). */
export const databaseSettings = defineRecipe({
  id: 'database-settings',
  input: z.strictObject({ engine: mysqlEngineInputSchema }),
  steps: [
    {
      id: 'read',
      title: 'Read the database server settings',
      script: 'databases/database.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_DATABASE_ENGINE: input.engine }),
  example: { engine: 'mariadb' },
});

export interface DatabaseSettings {
  max_connections: number;
  innodb_buffer_pool_size: number;
  bind_address: string;
  remote_access: boolean;
}

/** Parses database-settings' `setting<TAB>key<TAB>value` lines (all four, each once). */
export function parseDatabaseSettings(stdout: string): DatabaseSettings {
  const fail = (message: string): never => {
    throw new InventoryFormatError(`the database settings could not be read: ${message}`);
  };
  const values = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    if (line === '' || line.startsWith('::hostdeck::')) continue;
    const [kind, key = '', value = '', ...rest] = line.split('\t');
    if (kind !== 'setting' || rest.length > 0 || values.has(key))
      fail(`unexpected line ${JSON.stringify(line)}`);
    values.set(key, value);
  }
  const number = (key: string) => {
    const text = values.get(key) ?? fail(`no ${key}`);
    if (!/^(?:0|[1-9][0-9]{0,18})$/.test(text)) fail(`bad ${key}`);
    return Number(text);
  };
  const bind = values.get('bind_address') ?? fail('no bind_address');
  if (!/^[0-9A-Fa-f:.]{2,45}$/.test(bind) && bind !== 'localhost') fail('bad bind_address');
  const remote = values.get('remote_access');
  if (remote !== '0' && remote !== '1') fail('bad remote_access');
  if (values.size !== 4) fail('unknown settings');
  return {
    max_connections: number('max_connections'),
    innodb_buffer_pool_size: number('innodb_buffer_pool_size'),
    bind_address: bind,
    remote_access: remote === '1',
  };
}

export const databaseSettingsApplyInputSchema = z.strictObject({
  engine: mysqlEngineInputSchema,
  max_connections: z
    .number({ error: 'Invalid value' })
    .int('Invalid value')
    .min(DATABASE_SETTINGS_LIMITS.max_connections.min, 'Invalid value')
    .max(DATABASE_SETTINGS_LIMITS.max_connections.max, 'Invalid value'),
  innodb_buffer_pool_size: z
    .number({ error: 'Invalid value' })
    .int('Invalid value')
    .min(DATABASE_SETTINGS_LIMITS.innodb_buffer_pool_size.min, 'Invalid value')
    .max(DATABASE_SETTINGS_LIMITS.innodb_buffer_pool_size.max, 'Invalid value'),
  bind_address: bindAddressInputSchema,
  remote_access: z.boolean({ error: 'Invalid value' }),
});

/**
 * Writes the panel's option file (99-hostdeck.cnf), restarts the server and keeps the change
 * only when it comes back (step_settings_apply of scripts/databases/database.sh); remote access
 * off listens on 127.0.0.1 only.
 */
export const databaseSettingsApply = defineRecipe({
  id: 'database-settings-apply',
  input: databaseSettingsApplyInputSchema,
  steps: [
    {
      id: 'apply',
      title: 'Apply the database server settings',
      script: 'databases/database.sh',
      timeoutMs: 8 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_DATABASE_ENGINE: input.engine,
    HD_MAX_CONNECTIONS: String(input.max_connections),
    HD_INNODB_BUFFER_POOL_SIZE: String(input.innodb_buffer_pool_size),
    HD_BIND_ADDRESS: input.bind_address,
    HD_REMOTE_ACCESS: flag(input.remote_access),
  }),
  example: {
    engine: 'mariadb',
    max_connections: 151,
    innodb_buffer_pool_size: 128 * MIB,
    bind_address: '127.0.0.1',
    remote_access: false,
  },
});
