import { describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_LENGTH, createSiteRequestSchema } from '@hostdeck/contracts';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { addAliases, isChipKey, normalizeDomain, splitAliasText } from './alias-chips';
import {
  changeCreateDatabase,
  changeDatabaseName,
  changeDomain,
  changeFreeDomain,
  changeIsolation,
  changeUsername,
  chooseServer,
  defaultPhpVersion,
  initialSiteCreateValues,
  siteCreateFieldOf,
  siteCreateRequest,
  validateSiteCreate,
  withServerPhp,
  type SiteCreateServer,
  type SiteCreateValues,
} from './site-create-form';

const server: SiteCreateServer = {
  id: 7,
  defaultLinuxUser: 'deploy',
  phpVersions: ['8.3', '8.2'],
  defaultPhp: '8.2',
};
const noPhp: SiteCreateServer = { ...server, phpVersions: [], defaultPhp: null };

function filled(overrides: Partial<SiteCreateValues> = {}): SiteCreateValues {
  const values = changeDomain(chooseServer(initialSiteCreateValues(null), server.id), 'shop.example.com');
  return { ...values, phpVersion: defaultPhpVersion(server), ...overrides };
}

describe('derived values (spec/000 §5)', () => {
  it('isolation derives the username from the domain and generates a 20-character password', () => {
    const values = changeIsolation(filled(), true);
    expect(values.username).toBe('shopexamplecom');
    expect(values.password).toMatch(new RegExp(`^[A-Za-z0-9]{${GENERATED_PASSWORD_LENGTH}}$`));
  });

  it('prefixes f when the domain starts with a digit; the database name has no prefix', () => {
    const values = changeCreateDatabase(changeIsolation(filled({ name: '' }), true), true);
    const typed = changeDomain(values, '1shop.vn');
    expect(typed.username).toBe('f1shopvn');
    expect(typed.databaseName).toBe('1shopvn');
  });

  it('follows the domain until the user types a username or database name', () => {
    let values = changeCreateDatabase(changeIsolation(filled(), true), true);
    values = changeUsername(values, 'shopuser');
    values = changeDatabaseName(values, 'shopdb');
    values = changeDomain(values, 'other.example.com');
    expect(values.username).toBe('shopuser');
    expect(values.databaseName).toBe('shopdb');
  });

  it('clears the username and password when isolation goes off, the database name when the database does', () => {
    let values = changeCreateDatabase(changeIsolation(filled(), true), true);
    values = changeIsolation(values, false);
    values = changeCreateDatabase(values, false);
    expect(values).toMatchObject({ username: '', password: '', databaseName: '' });
    const request = siteCreateRequest(values, server);
    expect(request).not.toHaveProperty('username');
    expect(request).not.toHaveProperty('password');
    expect(request).not.toHaveProperty('database_name');
  });

  it("preselects the server's default PHP version, or its newest", () => {
    expect(defaultPhpVersion(server)).toBe('8.2');
    expect(defaultPhpVersion({ ...server, defaultPhp: '7.4' })).toBe('8.3');
    expect(defaultPhpVersion(noPhp)).toBe('');
    expect(chooseServer(filled(), 9)).toMatchObject({ serverId: 9, phpVersion: '' });
    expect(withServerPhp(chooseServer(filled(), 7), server).phpVersion).toBe('8.2');
    expect(withServerPhp({ ...filled(), phpVersion: '8.3' }, server).phpVersion).toBe('8.3');
    expect(withServerPhp({ ...filled(), phpVersion: '7.4' }, server).phpVersion).toBe('8.2');
  });
});

describe('alias chips', () => {
  it('splits typed text on commas, tabs and newlines, keeping the piece still being typed', () => {
    expect(splitAliasText('a.com, b.com\tc.com\nd')).toEqual({
      complete: ['a.com', 'b.com', 'c.com'],
      rest: 'd',
    });
    expect(splitAliasText('a.com,')).toEqual({ complete: ['a.com'], rest: '' });
    expect(splitAliasText('a.co')).toEqual({ complete: [], rest: 'a.co' });
  });

  it('adds valid domains and wildcards, lowercased, and refuses the rest with a reason', () => {
    const result = addAliases(
      ['a.com'],
      ['WWW.Shop.com.', '*.b.com', 'a.com', 'shop.com', 'not a domain', ''],
      'shop.com',
    );
    expect(result.aliases).toEqual(['a.com', 'www.shop.com', '*.b.com']);
    expect(result.rejected).toEqual([
      { value: 'a.com', problem: 'duplicate' },
      { value: 'shop.com', problem: 'sameAsDomain' },
      { value: 'not a domain', problem: 'invalid' },
    ]);
  });

  it('refuses every injection payload', () => {
    const result = addAliases([], SHELL_INJECTION_PAYLOADS, 'shop.com');
    expect(result.aliases).toEqual([]);
  });

  it('makes a chip on Enter and comma, and on Tab only when something is typed', () => {
    expect(isChipKey('Enter', '')).toBe(true);
    expect(isChipKey(',', 'a')).toBe(true);
    expect(isChipKey('Tab', 'a.com')).toBe(true);
    expect(isChipKey('Tab', ' ')).toBe(false);
    expect(isChipKey('a', 'a')).toBe(false);
  });

  it('normalizes a typed domain', () => {
    expect(normalizeDomain('  Example.COM. ')).toBe('example.com');
  });
});

describe('validateSiteCreate', () => {
  it('accepts a full form and builds a request the panel accepts', () => {
    const values = changeCreateDatabase(
      changeIsolation(
        filled({ aliases: ['www.shop.example.com'], proxyPort: '3000', directory: 'public' }),
        true,
      ),
      true,
    );
    expect(validateSiteCreate(values, server)).toEqual({});
    const request = siteCreateRequest(values, server);
    expect(request).toMatchObject({
      server_id: 7,
      name: 'shop.example.com',
      aliases: ['www.shop.example.com'],
      proxy_port: 3000,
      php_version: '8.2',
      isolation: true,
      username: 'shopexamplecom',
      database_name: 'shopexamplecom',
    });
    expect(createSiteRequestSchema.parse(request).directory).toBe('/public');
  });

  it('needs a server (the submit button is disabled without one)', () => {
    expect(validateSiteCreate(filled(), null)).toEqual({ server_id: 'Required' });
  });

  it("says 'You can not use special user' for root and the server's default user", () => {
    for (const username of ['root', 'deploy', 'hostdeck']) {
      const values = changeUsername(changeIsolation(filled(), true), username);
      expect(validateSiteCreate(values, server)).toEqual({ username: 'You can not use special user' });
    }
  });

  it('reports each bad field under its name, in form order', () => {
    const values = changeCreateDatabase(
      changeIsolation(filled({ name: 'not a domain', proxyPort: '70000', directory: '../etc' }), true),
      true,
    );
    const errors = validateSiteCreate({ ...values, password: 'short', databaseName: '9db' }, server);
    expect(Object.keys(errors)).toEqual(['name', 'proxy_port', 'directory', 'password', 'database_name']);
    expect(errors.password).toBe('Min 20 characters');
  });

  it('sends no PHP version for a server without PHP', () => {
    const values = { ...chooseServer(filled(), noPhp.id), phpVersion: defaultPhpVersion(noPhp) };
    expect(siteCreateRequest(values, noPhp).php_version).toBeNull();
    expect(validateSiteCreate(values, noPhp)).toEqual({});
  });

  it('rejects injection payloads in every text field', () => {
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      const base = changeCreateDatabase(changeIsolation(filled(), true), true);
      expect(validateSiteCreate({ ...base, name: payload }, server)).toHaveProperty('name');
      // An empty root document is the default '/'.
      if (payload !== '') {
        expect(validateSiteCreate({ ...base, directory: payload }, server)).toHaveProperty('directory');
      }
      expect(validateSiteCreate({ ...base, username: payload }, server)).toHaveProperty('username');
      expect(validateSiteCreate({ ...base, databaseName: payload }, server)).toHaveProperty('database_name');
    }
  });

  it('maps panel error paths to fields', () => {
    expect(siteCreateFieldOf('aliases.2')).toBe('aliases');
    expect(siteCreateFieldOf('database_name')).toBe('database_name');
    expect(siteCreateFieldOf('site_id')).toBeNull();
  });
});

describe('the free-domain toggle (docs/free-domains.md)', () => {
  it('clears the typed domain and what followed it, and sends no name', () => {
    const values = changeFreeDomain(changeCreateDatabase(changeIsolation(filled(), true), true), true);
    expect(values).toMatchObject({ useFreeDomain: true, name: '', username: '', databaseName: '' });
    const request = siteCreateRequest({ ...values, username: 'freesite', databaseName: 'freedb' }, server);
    expect(request).not.toHaveProperty('name');
    expect(request.use_free_domain).toBe(true);
    expect(createSiteRequestSchema.safeParse(request).success).toBe(true);
    expect(validateSiteCreate({ ...values, username: 'freesite', databaseName: 'freedb' }, server)).toEqual(
      {},
    );
  });

  it('asks for the domain again once turned off', () => {
    const values = changeFreeDomain(changeFreeDomain(filled(), true), false);
    expect(validateSiteCreate(values, server)).toHaveProperty('name', 'Required');
  });
});
