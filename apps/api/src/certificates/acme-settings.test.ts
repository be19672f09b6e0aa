import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/config.js';

/** The settings of the check before an ACME order, as the configuration reads them. */
const load = (environment: Record<string, string>) =>
  loadConfig(
    { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hostdeck-acme-settings-')), ...environment },
    { repositoryRoot: '/repo' },
  );
const problemsOf = (environment: Record<string, string>) => {
  try {
    load(environment);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
};

describe('ACME_NAME_CHECK and ACME_DNS_RESOLVER', () => {
  it('leave the mode to the directory and the DNS to the system when unset', () => {
    expect(load({}).acme).toMatchObject({ nameCheck: undefined, dnsResolver: undefined });
  });

  it('take a mode and a DNS server as an address, with or without a port', () => {
    for (const resolver of ['127.0.0.1', '127.0.0.1:8053', '2001:db8::53', '[::1]:5353']) {
      expect(load({ ACME_NAME_CHECK: 'resolve', ACME_DNS_RESOLVER: resolver }).acme).toMatchObject({
        nameCheck: 'resolve',
        dnsResolver: resolver,
      });
    }
  });

  it('refuse anything else, naming the variable', () => {
    expect(problemsOf({ ACME_NAME_CHECK: 'strict' }).join('\n')).toContain('ACME_NAME_CHECK');
    for (const resolver of ['dns.google', 'abc', '300.1.1.1', '127.0.0.1:99999', '[127.0.0.1]:53']) {
      expect(problemsOf({ ACME_DNS_RESOLVER: resolver }).join('\n'), resolver).toContain('ACME_DNS_RESOLVER');
    }
  });
});
