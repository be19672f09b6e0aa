import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const options = { repositoryRoot: '/repo' };
const temporaryDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'hostdeck-config-'));

describe('loadConfig', () => {
  it('reports every invalid variable at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_KEY: 'short', LOG_LEVEL: 'loud' }, options);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    for (const variable of ['PORT', 'DATABASE_URL', 'APP_KEY', 'LOG_LEVEL'])
      expect(problems).toContain(variable);
  });

  it('defaults to port 8080 and the embedded database in ./data', () => {
    const dataDir = temporaryDataDir();
    const config = loadConfig({ DATA_DIR: dataDir }, options);
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.appUrl).toBe('http://localhost:8080');
    expect(config.allowedOrigins).toEqual(['http://localhost:8080']);
  });

  it('generates APP_KEY on first start with mode 0600 and reuses it afterwards', () => {
    const dataDir = temporaryDataDir();
    const first = loadConfig({ DATA_DIR: dataDir }, options);
    const keyFile = path.join(dataDir, 'app.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(first.appKey).toHaveLength(32);
    const second = loadConfig({ DATA_DIR: dataDir }, options);
    expect(second.appKey.equals(first.appKey)).toBe(true);
    expect(readFileSync(keyFile, 'utf8')).toMatch(/^base64:/);
  });

  it('uses APP_KEY from the environment without writing a file', () => {
    const dataDir = temporaryDataDir();
    const key = Buffer.alloc(32, 1);
    const config = loadConfig({ DATA_DIR: dataDir, APP_KEY: `base64:${key.toString('base64')}` }, options);
    expect(config.appKey.equals(key)).toBe(true);
    expect(() => statSync(path.join(dataDir, 'app.key'))).toThrow();
  });

  it('reads mail settings; the outbox page exists only outside production without MAIL_URL', () => {
    const dataDir = temporaryDataDir();
    const production = loadConfig({ DATA_DIR: dataDir, BRAND: 'Panel' }, options);
    expect(production.mailUrl).toBeUndefined();
    expect(production.mailFrom).toBe('Panel <no-reply@localhost>');
    expect(production.devOutbox).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' }, options).devOutbox).toBe(true);
    const smtp = loadConfig(
      {
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
        MAIL_URL: 'smtps://user:secret@mail.example.com:465',
        MAIL_FROM: 'Ops <ops@example.com>',
      },
      options,
    );
    expect(smtp.mailUrl).toBe('smtps://user:secret@mail.example.com:465');
    expect(smtp.mailFrom).toBe('Ops <ops@example.com>');
    expect(smtp.devOutbox).toBe(false);
  });

  it('refuses a mail URL of another scheme and a sender with a line break', () => {
    let caught: unknown;
    try {
      loadConfig({ MAIL_URL: 'http://mail.example.com', MAIL_FROM: 'a\r\nBcc: x@example.com' }, options);
    } catch (error) {
      caught = error;
    }
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toContain('MAIL_URL');
    expect(problems).toContain('MAIL_FROM');
    expect(problems).not.toContain('mail.example.com');
  });
});
