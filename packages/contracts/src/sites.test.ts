import { describe, expect, it } from 'vitest';
import { databaseNameSchema, siteUserSchema } from './grammars.js';
import {
  createSiteRequestSchema,
  deriveDatabaseName,
  deriveSiteUsername,
  generatePassword,
  SITE_MESSAGES,
} from './sites.js';
import { SHELL_INJECTION_PAYLOADS, describeInjectionPayload } from './testing/injection-payloads.js';

const fieldErrors = (value: unknown) => {
  const result = createSiteRequestSchema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('site create derivations (spec/000 §5, §9)', () => {
  it.each([
    ['example.com', 'examplecom'],
    ['shop.my-site.co.uk', 'shopmysitecouk'],
    ['1st.example.com', 'f1stexamplecom'],
    ['WWW.Example.COM', 'wwwexamplecom'],
    [`${'a'.repeat(40)}.com`, 'a'.repeat(32)],
  ])('derives the username of %s as %s', (domain, expected) => {
    const username = deriveSiteUsername(domain);
    expect(username).toBe(expected);
    expect(username.length).toBeLessThanOrEqual(32);
    expect(siteUserSchema.safeParse(username).success).toBe(true);
  });

  it('derives nothing from a name without letters or digits', () => {
    expect(deriveSiteUsername('-.-')).toBe('');
    expect(deriveDatabaseName('')).toBe('');
  });

  it.each([
    ['example.com', 'examplecom'],
    ['shop.my-site.co.uk', 'shopmysitecouk'],
    ['1st.example.com', '1stexamplecom'],
    [`${'b'.repeat(70)}.com`, 'b'.repeat(64)],
  ])('derives the database name of %s as %s, without the prefix', (domain, expected) => {
    expect(deriveDatabaseName(domain)).toBe(expected);
  });

  it('derived database names of domains starting with a letter pass the grammar', () => {
    expect(databaseNameSchema.safeParse(deriveDatabaseName('blog.example.org')).success).toBe(true);
  });

  it('generates 20 random letters and digits by default, different every time', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(generatePassword(32)).toHaveLength(32);
  });
});

describe('site create payload', () => {
  const base = { name: 'example.com', server_id: 1 };

  it('fills the defaults of the form', () => {
    expect(createSiteRequestSchema.parse(base)).toEqual({
      ...base,
      aliases: [],
      directory: '/',
      php_version: null,
      wildcards: false,
      isolation: false,
    });
  });

  it('reads cleared form fields as absent', () => {
    const parsed = createSiteRequestSchema.parse({
      ...base,
      username: '',
      password: null,
      database_name: '',
      proxy_port: '',
      directory: '',
      php_version: '',
    });
    expect(parsed).toMatchObject({ directory: '/', php_version: null });
    expect(parsed.username).toBeUndefined();
    expect(parsed.database_name).toBeUndefined();
  });

  it('requires a username and a 20-character password with isolation', () => {
    expect(fieldErrors({ ...base, isolation: true })).toEqual({ username: 'Required', password: 'Required' });
    expect(fieldErrors({ ...base, isolation: true, username: 'shop', password: 'x'.repeat(19) })).toEqual({
      password: SITE_MESSAGES.passwordTooShort,
    });
    expect(fieldErrors({ ...base, isolation: true, username: 'root', password: 'x'.repeat(20) })).toEqual({
      username: 'You can not use special user',
    });
  });

  it('normalises the root directory', () => {
    expect(createSiteRequestSchema.parse({ ...base, directory: 'public/' }).directory).toBe('/public');
  });

  it.each(
    SHELL_INJECTION_PAYLOADS.filter((payload) => payload !== '').map((payload) => [
      describeInjectionPayload(payload),
      payload,
    ]),
  )('rejects %s in every text field', (_label, payload) => {
    for (const field of ['name', 'directory', 'database_name', 'username'] as const) {
      const value = {
        ...base,
        isolation: true,
        username: 'shop',
        password: 'p'.repeat(20),
        [field]: payload,
      };
      expect(fieldErrors(value), `${field} = ${JSON.stringify(payload)}`).toHaveProperty(field);
    }
    expect(fieldErrors({ ...base, aliases: [payload] })).toHaveProperty('aliases.0');
  });
});
