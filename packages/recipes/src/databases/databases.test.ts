import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError, type Recipe } from '../recipe.js';
import { STEP_COMMAND } from '../runner.js';
import { splitNul } from '../testing/recipes.js';
import {
  InventoryFormatError,
  databaseCreate,
  databaseDrop,
  databaseDump,
  databaseDumpDelete,
  databaseGrant,
  databaseInventory,
  databaseRecipes,
  databaseSettings,
  databaseSettingsApply,
  databaseUserCreate,
  databaseUserDrop,
  databaseUserPassword,
  parseDatabaseDumpOutput,
  parseDatabaseInventory,
  parseDatabaseSettings,
  toPasswordHex,
} from './index.js';

const PASSWORD = `p'a"s s;$(id)\\ mật khẩu`;

/** The environment pairs of an invocation's frame (before the script). */
function environmentOf(stdin: Buffer): Record<string, string> {
  const parts = splitNul(stdin);
  const environment: Record<string, string> = {};
  for (const part of parts) {
    if (part.length === 0) break;
    const text = part.toString('utf8');
    const equals = text.indexOf('=');
    environment[text.slice(0, equals)] = text.slice(equals + 1);
  }
  return environment;
}

/** The secret: what follows the script (the frame's last part). */
function secretOf(stdin: Buffer): Buffer {
  return stdin.subarray(stdin.lastIndexOf(0) + 1);
}

describe('databaseRecipes', () => {
  it('lists every recipe of the design, each once', () => {
    const ids = databaseRecipes.map((recipe) => recipe.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'database-inventory',
        'database-create',
        'database-drop',
        'database-user-create',
        'database-user-password',
        'database-user-drop',
        'database-grant',
        'database-dump',
        'database-dump-delete',
        'database-settings',
        'database-settings-apply',
      ]),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('parseDatabaseInventory', () => {
  const good = [
    'engine\t1\t1\t10.11.6-MariaDB-0+deb12u1',
    'database\tshop\t16384\t-',
    'database\tblog_2024\t0\tblog_user',
    'user\tshop_user\tlocalhost',
    'user\tremote\t%',
    'user\tapp\t10.0.0.7',
    'user\tapp6\tfe80::1',
    'user\tpg_like_not\t-',
    'grant\tshop_user\tlocalhost\tshop\tall',
    'grant\tremote\t%\tblog_2024\tread',
    'dump\tshop\tshop--20260101T101010Z.sql.gz\t2048\t1767262210',
    '',
  ].join('\n');

  it('reads every kind of line', () => {
    expect(parseDatabaseInventory(good)).toEqual({
      engine: { installed: true, active: true, version: '10.11.6-MariaDB-0+deb12u1' },
      databases: [
        { name: 'shop', size: 16384, owner: null },
        { name: 'blog_2024', size: 0, owner: 'blog_user' },
      ],
      users: [
        { name: 'shop_user', host: 'localhost' },
        { name: 'remote', host: '%' },
        { name: 'app', host: '10.0.0.7' },
        { name: 'app6', host: 'fe80::1' },
        { name: 'pg_like_not', host: null },
      ],
      grants: [
        { user: 'shop_user', host: 'localhost', database: 'shop', access: 'all' },
        { user: 'remote', host: '%', database: 'blog_2024', access: 'read' },
      ],
      dumps: [{ database: 'shop', file: 'shop--20260101T101010Z.sql.gz', size: 2048, createdAt: 1767262210 }],
    });
  });

  it('reads an engine that is not installed', () => {
    expect(parseDatabaseInventory('engine\t0\t0\t-\n')).toEqual({
      engine: { installed: false, active: false, version: null },
      databases: [],
      users: [],
      grants: [],
      dumps: [],
    });
  });

  it.each([
    ['an empty output', ''],
    ['no engine line', 'database\tshop\t1\t-\n'],
    ['a line before the engine', 'database\tshop\t1\t-\nengine\t1\t1\t-\n'],
    ['two engine lines', 'engine\t1\t1\t-\nengine\t1\t1\t-\n'],
    ['a bad engine flag', 'engine\t2\t1\t-\n'],
    ['a version with a space', 'engine\t1\t1\t15.8 (Debian)\n'],
    ['an unknown line', 'engine\t1\t1\t-\ntable\tx\n'],
    ['a database name with a quote', "engine\t1\t1\t-\ndatabase\tsh'op\t1\t-\n"],
    ['a negative size', 'engine\t1\t1\t-\ndatabase\tshop\t-1\t-\n'],
    ['a missing field', 'engine\t1\t1\t-\ndatabase\tshop\t1\n'],
    ['an extra field', 'engine\t1\t1\t-\nuser\tbob\tlocalhost\tx\n'],
    ['a host name', 'engine\t1\t1\t-\nuser\tbob\texample.com\n'],
    ['a grant on an unlisted database', 'engine\t1\t1\t-\ngrant\tbob\t-\tshop\tall\n'],
    ['an unknown access', 'engine\t1\t1\t-\ndatabase\tshop\t1\t-\ngrant\tbob\t-\tshop\twrite\n'],
    ['a dump path', 'engine\t1\t1\t-\ndump\tshop\t../shop--20260101T101010Z.sql.gz\t1\t1\n'],
    ['a dump of another database', 'engine\t1\t1\t-\ndump\tshop\tblog--20260101T101010Z.sql.gz\t1\t1\n'],
    ['a CRLF line', 'engine\t1\t1\t-\r\n'],
  ])('refuses %s', (_label, stdout) => {
    expect(() => parseDatabaseInventory(stdout)).toThrow(InventoryFormatError);
  });
});

describe('parseDatabaseSettings and parseDatabaseDumpOutput', () => {
  it('reads the settings lines', () => {
    expect(
      parseDatabaseSettings(
        'setting\tmax_connections\t151\nsetting\tinnodb_buffer_pool_size\t134217728\n' +
          'setting\tbind_address\t127.0.0.1\nsetting\tremote_access\t0\n',
      ),
    ).toEqual({
      max_connections: 151,
      innodb_buffer_pool_size: 134217728,
      bind_address: '127.0.0.1',
      remote_access: false,
    });
    expect(() => parseDatabaseSettings('setting\tmax_connections\t151\n')).toThrow(InventoryFormatError);
    expect(() => parseDatabaseSettings('setting\tbind_address\t$(id)\n')).toThrow(InventoryFormatError);
  });

  it('finds the dump line', () => {
    expect(
      parseDatabaseDumpOutput('::hostdeck::change::dumped shop\ndump\tshop--20260101T101010Z.dump\t99\n'),
    ).toEqual({ file: 'shop--20260101T101010Z.dump', size: 99 });
    expect(parseDatabaseDumpOutput('dump\t../x--20260101T101010Z.dump\t99\n')).toBeNull();
  });
});

/** Each recipe's valid inputs, beyond its example. */
const VALID: [Recipe, Record<string, unknown>][] = [
  [databaseCreate, { engine: 'postgresql', name: 'shop' }],
  [
    databaseCreate,
    { engine: 'postgresql', name: 'shop', user: 'shop_user', password_hex: toPasswordHex(PASSWORD) },
  ],
  [databaseCreate, { engine: 'mysql', name: 'shop', user: 'shop_user', host: '%', password_hex: '61' }],
  [databaseCreate, { engine: 'mongod', name: 'shop', user: 'shop_user' }],
  [databaseUserCreate, { engine: 'mariadb', name: 'u1', host: '2001:db8::1', password_hex: '61' }],
  [databaseUserCreate, { engine: 'mongod', name: 'u1', password_hex: '61' }],
  [databaseUserDrop, { engine: 'postgresql', name: 'u1' }],
  [databaseGrant, { engine: 'postgresql', user: 'u1', database: 'shop', access: 'none' }],
  [databaseDumpDelete, { engine: 'mongod', file: 'shop--20260101T000000Z.archive.gz' }],
  [
    databaseSettingsApply,
    {
      engine: 'mysql',
      max_connections: 10,
      innodb_buffer_pool_size: 5 * 1024 * 1024,
      bind_address: '::',
      remote_access: true,
    },
  ],
];

/** Inputs each recipe must refuse, with the field that carries the error. */
const INVALID: [Recipe, Record<string, unknown>, string][] = [
  [
    databaseCreate,
    { engine: 'postgresql', name: 'shop', user: 'u', host: 'localhost', password_hex: '61' },
    'host',
  ],
  [databaseCreate, { engine: 'mariadb', name: 'shop', host: 'localhost' }, 'host'],
  [databaseCreate, { engine: 'mariadb', name: 'shop', password_hex: '61' }, 'password_hex'],
  [databaseCreate, { engine: 'mariadb', name: 'shop', user: 'u', host: '', password_hex: '61' }, 'host'],
  [
    databaseCreate,
    { engine: 'mariadb', name: 'shop', user: 'u', host: 'db.example.com', password_hex: '61' },
    'host',
  ],
  [
    databaseCreate,
    { engine: 'mariadb', name: 'shop', user: 'u', host: '10.0.0.0/8', password_hex: '61' },
    'host',
  ],
  [
    databaseCreate,
    { engine: 'mariadb', name: 'shop', user: 'u', host: 'fe80::1%eth0', password_hex: '61' },
    'host',
  ],
  [databaseCreate, { engine: 'mongod', name: 'admin' }, 'name'],
  [databaseCreate, { engine: 'mariadb', name: 'mysql' }, 'name'],
  [databaseCreate, { engine: 'sqlite', name: 'shop' }, 'engine'],
  [databaseCreate, { engine: 'mariadb', name: 'shop', user: 'root', password_hex: '61' }, 'user'],
  [databaseCreate, { engine: 'postgresql', name: 'shop', user: 'pg_monitor', password_hex: '61' }, 'user'],
  [databaseCreate, { engine: 'mariadb', name: 'shop', user: 'u', password_hex: '6' }, 'password_hex'],
  [databaseCreate, { engine: 'mariadb', name: 'shop', user: 'u', password_hex: 'ZZ' }, 'password_hex'],
  [databaseUserCreate, { engine: 'mariadb', name: 'u1', password_hex: '61' }, 'host'],
  [databaseUserPassword, { engine: 'mongod', name: 'u1', host: '%', password_hex: '61' }, 'host'],
  [databaseUserPassword, { engine: 'postgresql', name: 'u1' }, 'password_hex'],
  [databaseUserDrop, { engine: 'mysql', name: 'u1' }, 'host'],
  [databaseGrant, { engine: 'mariadb', user: 'u1', host: '%', database: 'shop', access: 'write' }, 'access'],
  [databaseGrant, { engine: 'mongod', user: 'u1', database: 'local', access: 'read' }, 'database'],
  [databaseDump, { engine: 'mariadb', name: 'information_schema' }, 'name'],
  [databaseDumpDelete, { engine: 'mariadb', file: 'shop--20260101T000000Z.sql' }, 'file'],
  [databaseDumpDelete, { engine: 'mariadb', file: '/var/backups/shop--20260101T000000Z.sql.gz' }, 'file'],
  [databaseDumpDelete, { engine: 'mariadb', file: 'shop--2026-01-01.sql.gz' }, 'file'],
  [databaseSettings, { engine: 'postgresql' }, 'engine'],
  [databaseSettingsApply, { ...databaseSettingsApply.example, max_connections: 9 }, 'max_connections'],
  [databaseSettingsApply, { ...databaseSettingsApply.example, max_connections: 100_001 }, 'max_connections'],
  [databaseSettingsApply, { ...databaseSettingsApply.example, max_connections: '151' }, 'max_connections'],
  [
    databaseSettingsApply,
    { ...databaseSettingsApply.example, innodb_buffer_pool_size: 1024 },
    'innodb_buffer_pool_size',
  ],
  [
    databaseSettingsApply,
    { ...databaseSettingsApply.example, innodb_buffer_pool_size: 2 ** 40 + 1 },
    'innodb_buffer_pool_size',
  ],
  [
    databaseSettingsApply,
    { ...databaseSettingsApply.example, innodb_buffer_pool_size: 5 * 2 ** 20 + 0.5 },
    'innodb_buffer_pool_size',
  ],
  [databaseSettingsApply, { ...databaseSettingsApply.example, bind_address: 'localhost' }, 'bind_address'],
  [databaseSettingsApply, { ...databaseSettingsApply.example, bind_address: '%' }, 'bind_address'],
  [databaseSettingsApply, { ...databaseSettingsApply.example, remote_access: 'yes' }, 'remote_access'],
];

describe('input grammars', () => {
  it.each(VALID.map(([recipe, input]) => [recipe.id, JSON.stringify(input), recipe, input] as const))(
    '%s accepts %s',
    (_id, _text, recipe, input) => {
      for (const step of recipe.steps)
        expect(buildStepInvocation(recipe, step.id, input).command).toBe(STEP_COMMAND);
    },
  );

  it.each(
    INVALID.map(
      ([recipe, input, field]) => [recipe.id, JSON.stringify(input), recipe, input, field] as const,
    ),
  )('%s refuses %s', (_id, _text, recipe, input, field) => {
    let caught: unknown;
    try {
      buildStepInvocation(recipe, recipe.steps[0]!.id, input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RecipeInputError);
    expect((caught as RecipeInputError).fieldErrors[field]?.length).toBeGreaterThan(0);
  });

  // The package's injection test (src/injection.test.ts) feeds every payload to every field of every
  // recipe; here, the same for the fields a database user types, in every engine's shape.
  const fields: [Recipe, Record<string, unknown>, string][] = [
    [databaseCreate, { engine: 'postgresql', name: 'shop', user: 'u', password_hex: '61' }, 'name'],
    [databaseCreate, { engine: 'postgresql', name: 'shop', user: 'u', password_hex: '61' }, 'user'],
    [databaseCreate, { engine: 'postgresql', name: 'shop', user: 'u', password_hex: '61' }, 'password_hex'],
    [databaseCreate, databaseCreate.example, 'host'],
    [databaseUserCreate, databaseUserCreate.example, 'host'],
    [databaseUserPassword, { engine: 'mariadb', name: 'u', host: '%', password_hex: '61' }, 'host'],
    [databaseGrant, databaseGrant.example, 'host'],
    [databaseGrant, databaseGrant.example, 'database'],
    [databaseUserDrop, databaseUserDrop.example, 'host'],
    [databaseDumpDelete, databaseDumpDelete.example, 'file'],
    [databaseSettingsApply, databaseSettingsApply.example, 'bind_address'],
  ];
  it.each(fields.map(([recipe, base, field]) => [`${recipe.id}.${field}`, recipe, base, field] as const))(
    '%s refuses every injection payload',
    (_name, recipe, base, field) => {
      for (const payload of SHELL_INJECTION_PAYLOADS) {
        expect(() => buildStepInvocation(recipe, recipe.steps[0]!.id, { ...base, [field]: payload })).toThrow(
          RecipeInputError,
        );
      }
    },
  );
});

describe('invocations', () => {
  const withPassword: [Recipe, Record<string, unknown>][] = [
    [databaseCreate, { engine: 'mariadb', name: 'shop', user: 'shop_user', host: 'localhost' }],
    [databaseCreate, { engine: 'postgresql', name: 'shop', user: 'shop_user' }],
    [databaseCreate, { engine: 'mongod', name: 'shop', user: 'shop_user' }],
    [databaseUserCreate, { engine: 'mysql', name: 'shop_user', host: '%' }],
    [databaseUserCreate, { engine: 'mongod', name: 'shop_user' }],
    [databaseUserPassword, { engine: 'postgresql', name: 'shop_user' }],
    [databaseUserPassword, { engine: 'mongod', name: 'shop_user' }],
  ];

  it.each(withPassword.map(([recipe, input]) => [recipe.id, input.engine as string, recipe, input] as const))(
    '%s (%s) carries the password on stdin only, never in the environment or the command',
    (_id, _engine, recipe, input) => {
      const hex = toPasswordHex(PASSWORD);
      const invocation = buildStepInvocation(recipe, recipe.steps[0]!.id, { ...input, password_hex: hex });
      expect(invocation.command).toBe(STEP_COMMAND);
      expect(invocation.command).not.toContain(PASSWORD);
      const environment = environmentOf(invocation.stdin);
      expect(environment.HD_DATABASE_ENGINE).toBe(input.engine);
      for (const value of Object.values(environment)) {
        expect(value).not.toContain(PASSWORD);
        expect(value).not.toContain(hex);
      }
      expect(Object.keys(environment).some((key) => /PASSWORD/i.test(key))).toBe(false);
      expect(secretOf(invocation.stdin).toString('utf8')).toBe(PASSWORD);
    },
  );

  it('omits the host for engines without hosts and passes it for MySQL/MariaDB', () => {
    const postgres = environmentOf(
      buildStepInvocation(databaseGrant, 'grant', {
        engine: 'postgresql',
        user: 'u',
        database: 'd',
        access: 'read',
      }).stdin,
    );
    expect(postgres).toMatchObject({
      HD_DATABASE_ENGINE: 'postgresql',
      HD_DATABASE_USER: 'u',
      HD_DATABASE_NAME: 'd',
      HD_DATABASE_ACCESS: 'read',
    });
    expect(postgres).not.toHaveProperty('HD_DATABASE_HOST');
    const maria = environmentOf(buildStepInvocation(databaseGrant, 'grant', databaseGrant.example).stdin);
    expect(maria.HD_DATABASE_HOST).toBe('192.0.2.10');
  });

  it('passes the settings as text and remote access as 0/1', () => {
    const environment = environmentOf(
      buildStepInvocation(databaseSettingsApply, 'apply', {
        ...databaseSettingsApply.example,
        remote_access: true,
      }).stdin,
    );
    expect(environment).toMatchObject({
      HD_DATABASE_ENGINE: 'mariadb',
      HD_MAX_CONNECTIONS: '151',
      HD_INNODB_BUFFER_POOL_SIZE: String(128 * 1024 * 1024),
      HD_BIND_ADDRESS: '127.0.0.1',
      HD_REMOTE_ACCESS: '1',
    });
  });

  it('builds the MongoDB variants of every recipe that has one', () => {
    const mongo: [Recipe, Record<string, unknown>][] = [
      [databaseInventory, { engine: 'mongod' }],
      [databaseDrop, { engine: 'mongod', name: 'shop' }],
      [databaseUserDrop, { engine: 'mongod', name: 'shop_user' }],
      [databaseGrant, { engine: 'mongod', user: 'shop_user', database: 'shop', access: 'all' }],
      [databaseDump, { engine: 'mongod', name: 'shop' }],
      [databaseDumpDelete, { engine: 'mongod', file: 'shop--20260101T000000Z.archive.gz' }],
    ];
    for (const [recipe, input] of mongo) {
      const invocation = buildStepInvocation(recipe, recipe.steps[0]!.id, input);
      expect(environmentOf(invocation.stdin).HD_DATABASE_ENGINE).toBe('mongod');
      expect(secretOf(invocation.stdin).length).toBe(0);
    }
  });
});
