import { describe, expect, it } from 'vitest';
import type { Database, DatabaseSettings } from '@hostdeck/contracts/databases';
import {
  accountLabel,
  currentAccess,
  databaseNameProblem,
  databaseSize,
  engineHasHosts,
  grantableDatabases,
  hostOf,
  hostProblem,
  phpMyAdminSites,
  settingsForm,
  settingsRequest,
  typedNameMatches,
  userNameProblem,
} from './database-forms';

const MIB = 1024 * 1024;

function database(overrides: Partial<Database>): Database {
  return {
    id: 1,
    type: 'mariadb',
    name: 'shop',
    size: null,
    owner: null,
    site: null,
    status: 'active',
    managed: true,
    dumps: [],
    synced_at: null,
    ...overrides,
  };
}

describe('host choice (MySQL/MariaDB accounts)', () => {
  it('gives localhost, the typed address or % to the panel', () => {
    expect(hostOf('localhost', '10.0.0.9')).toBe('localhost');
    expect(hostOf('any', '')).toBe('%');
    expect(hostOf('ip', ' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(hostOf('ip', '2001:db8::1')).toBe('2001:db8::1');
  });

  it('needs an IPv4 or IPv6 address for "one IP address", and nothing else', () => {
    expect(hostProblem('localhost', '')).toBeNull();
    expect(hostProblem('any', 'whatever')).toBeNull();
    expect(hostProblem('ip', '203.0.113.7')).toBeNull();
    expect(hostProblem('ip', '2001:db8::1')).toBeNull();
    expect(hostProblem('ip', '  ')).toEqual({ key: 'databases.host.ipRequired' });
    for (const hostile of [
      '%',
      'localhost',
      'example.com',
      '10.0.0.1; DROP USER root',
      '-oProxy',
      '10.0.0.1\n',
      '999.1.1.1',
    ])
      expect(hostProblem('ip', hostile), hostile).not.toBeNull();
  });

  it('belongs to MySQL and MariaDB only', () => {
    expect(engineHasHosts('mysql')).toBe(true);
    expect(engineHasHosts('mariadb')).toBe(true);
    expect(engineHasHosts('postgresql')).toBe(false);
    expect(engineHasHosts('mongod')).toBe(false);
  });
});

describe('names', () => {
  it('checks database and user names with the contracts grammars before sending', () => {
    expect(databaseNameProblem('shop_2024')).toBeNull();
    expect(userNameProblem('shop_user')).toBeNull();
    for (const hostile of ['', 'a b', 'shop;drop', '-x', 'x`id`', 'shop\n'])
      expect(databaseNameProblem(hostile), hostile).not.toBeNull();
    expect(userNameProblem('root')).toEqual({ key: 'grammar.specialUser' });
    expect(userNameProblem('pg_monitor')).not.toBeNull();
    expect(userNameProblem(`a${'b'.repeat(32)}`)).not.toBeNull();
  });

  it('accepts only the exact name typed to confirm a delete', () => {
    expect(typedNameMatches('shop', 'shop')).toBe(true);
    expect(typedNameMatches('Shop', 'shop')).toBe(false);
    expect(typedNameMatches('shop ', 'shop')).toBe(false);
  });

  it('writes an account as user@host where accounts have a host', () => {
    expect(accountLabel({ name: 'app', host: 'localhost' })).toBe('app@localhost');
    expect(accountLabel({ name: 'app', host: '' })).toBe('app');
  });
});

describe('sizes', () => {
  it('reads in 1024 units, and stays unknown before a sync read it', () => {
    expect(databaseSize(null, 'en')).toBeNull();
    expect(databaseSize(0, 'en')).toBe('0 B');
    expect(databaseSize(1536, 'en')).toBe('1.5 KB');
    expect(databaseSize(5 * MIB, 'en')).toBe('5 MB');
    expect(databaseSize(1536, 'vi')).toBe('1,5 KB');
  });
});

describe('grants', () => {
  it('offers only databases that are on the server and settled', () => {
    const list = [
      database({ id: 1, name: 'a' }),
      database({ id: 2, name: 'b', status: 'gone' }),
      database({ id: 3, name: 'c', status: 'creating' }),
    ];
    expect(grantableDatabases(list).map((entry) => entry.name)).toEqual(['a']);
  });

  it("reads a user's current access to a database", () => {
    const user = { grants: [{ database: 'shop', access: 'read' as const }] };
    expect(currentAccess(user, 'shop')).toBe('read');
    expect(currentAccess(user, 'blog')).toBe('none');
  });
});

describe('settings', () => {
  const settings: DatabaseSettings = {
    type: 'mariadb',
    max_connections: 151,
    innodb_buffer_pool_size: 128 * MIB,
    bind_address: '127.0.0.1',
    remote_access: false,
  };

  it('shows the buffer pool in MiB and sends it in bytes', () => {
    const form = settingsForm(settings);
    expect(form).toEqual({
      maxConnections: '151',
      bufferPoolMib: '128',
      remoteAccess: false,
      bindAddress: '127.0.0.1',
    });
    expect(settingsRequest('mariadb', { ...form, bufferPoolMib: '256' }).body).toEqual({
      type: 'mariadb',
      max_connections: 151,
      innodb_buffer_pool_size: 256 * MIB,
      bind_address: '127.0.0.1',
      remote_access: false,
    });
  });

  it('listens on 127.0.0.1 when remote access is off, on the given address when on', () => {
    const form = settingsForm(settings);
    expect(settingsRequest('mysql', { ...form, bindAddress: '0.0.0.0' }).body?.bind_address).toBe(
      '127.0.0.1',
    );
    expect(
      settingsRequest('mysql', { ...form, remoteAccess: true, bindAddress: '0.0.0.0' }).body?.bind_address,
    ).toBe('0.0.0.0');
  });

  it('names each field out of range, by the request field', () => {
    const form = settingsForm(settings);
    const result = settingsRequest('mariadb', {
      maxConnections: '9',
      bufferPoolMib: '4',
      remoteAccess: true,
      bindAddress: 'example.com',
    });
    expect(result.body).toBeUndefined();
    expect(Object.keys(result.problems ?? {}).sort()).toEqual([
      'bind_address',
      'innodb_buffer_pool_size',
      'max_connections',
    ]);
    expect(settingsRequest('mariadb', { ...form, maxConnections: '100001' }).problems).toHaveProperty(
      'max_connections',
    );
    expect(settingsRequest('mariadb', { ...form, maxConnections: '1e3' }).problems).toHaveProperty(
      'max_connections',
    );
    expect(settingsRequest('mariadb', { ...form, bufferPoolMib: String(1024 * 1024) }).body).toBeDefined();
    expect(
      settingsRequest('mariadb', { ...form, bufferPoolMib: String(1024 * 1024 + 1) }).problems,
    ).toHaveProperty('innodb_buffer_pool_size');
  });
});

describe('phpMyAdmin', () => {
  it('finds the sites that serve it', () => {
    const sites = [
      { id: 1, code_type: 'phpmyadmin', status: 'active' },
      { id: 2, code_type: 'wordpress', status: 'active' },
      { id: 3, code_type: 'phpmyadmin', status: 'creating' },
      { id: 4, code_type: null, status: 'active' },
    ];
    expect(phpMyAdminSites(sites).map((site) => site.id)).toEqual([1]);
  });
});
