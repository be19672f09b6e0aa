import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { describeStart } from './start-summary.js';

const options = { repositoryRoot: '/repo', generateAppKey: false };
const key = `base64:${Buffer.alloc(32, 3).toString('base64')}`;

describe('the lines the panel prints once it listens', () => {
  it('give the detected address, the other accepted ones, how to change it and where the data is', () => {
    const config = loadConfig(
      { DATA_DIR: '/srv/hostdeck', APP_KEY: key },
      { ...options, primaryAddress: () => '203.0.113.7' },
    );
    const lines = describeStart(config, '/srv/hostdeck/pglite');
    expect(lines[0]).toBe('HostDeck is ready at http://203.0.113.7:8080');
    expect(lines.join('\n')).toContain("this machine's primary address (APP_URL is not set)");
    expect(lines.join('\n')).toContain('Also accepted: http://localhost:8080, http://127.0.0.1:8080.');
    expect(lines.join('\n')).toContain('Set APP_URL');
    expect(lines.join('\n')).toContain('/srv/hostdeck/pglite (embedded PostgreSQL, PGlite)');
    expect(lines.join('\n')).toContain('LOG_LEVEL=debug adds one line per request');
  });

  it('name APP_URL when it is set, and never the database password', () => {
    const config = loadConfig(
      {
        DATA_DIR: '/srv/hostdeck',
        APP_KEY: key,
        APP_URL: 'https://panel.example.com',
        DATABASE_URL: 'postgres://hostdeck:s3cret@db.internal:5432/hostdeck',
      },
      options,
    );
    const text = describeStart(config, null).join('\n');
    expect(text).toContain('HostDeck is ready at https://panel.example.com');
    expect(text).toContain('address: APP_URL; the panel listens on 0.0.0.0:8080.');
    expect(text).not.toContain('Set APP_URL');
    expect(text).toContain('PostgreSQL at db.internal:5432/hostdeck');
    expect(text).not.toContain('s3cret');
  });
});
