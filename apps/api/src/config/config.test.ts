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

  it("defaults to port 8080, the embedded database in ./data and this machine's address", () => {
    const dataDir = temporaryDataDir();
    const config = loadConfig({ DATA_DIR: dataDir }, { ...options, primaryAddress: () => '203.0.113.7' });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    // Links name the address people reach the server at; websockets also take the machine's own names.
    expect(config.appUrl).toBe('http://203.0.113.7:8080');
    expect(config.appUrlSource).toBe('detected');
    expect(config.allowedOrigins).toEqual([
      'http://203.0.113.7:8080',
      'http://localhost:8080',
      'http://127.0.0.1:8080',
    ]);
  });

  it('says localhost when no address is found or the panel listens on loopback only', () => {
    const dataDir = temporaryDataDir();
    const none = loadConfig({ DATA_DIR: dataDir }, { ...options, primaryAddress: () => null });
    expect(none.appUrl).toBe('http://localhost:8080');
    expect(none.appUrlSource).toBe('localhost');
    expect(none.allowedOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
    const loopback = loadConfig(
      { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '80' },
      { ...options, primaryAddress: () => '203.0.113.7' },
    );
    // Port 80 is left out, as browsers leave it out of their Origin header.
    expect(loopback.appUrl).toBe('http://localhost');
    expect(loopback.allowedOrigins).toEqual(['http://localhost', 'http://127.0.0.1']);
    const oneAddress = loadConfig({ DATA_DIR: dataDir, HOST: '198.51.100.4' }, options);
    expect(oneAddress.appUrl).toBe('http://198.51.100.4:8080');
  });

  it('keeps exactly APP_URL (and ALLOWED_ORIGINS) when it is set', () => {
    const dataDir = temporaryDataDir();
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        APP_URL: 'https://panel.example.com/',
        ALLOWED_ORIGINS: 'https://ops.example.com',
      },
      { ...options, primaryAddress: () => '203.0.113.7' },
    );
    expect(config.appUrl).toBe('https://panel.example.com');
    expect(config.appUrlSource).toBe('configured');
    expect(config.allowedOrigins).toEqual(['https://panel.example.com', 'https://ops.example.com']);
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
