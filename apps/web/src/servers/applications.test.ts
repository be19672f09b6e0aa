import { describe, expect, it } from 'vitest';
import type { Application } from '@hostdeck/contracts';
import { applicationActions, groupApplications, parseApplicationFilters } from './applications';

function app(overrides: Partial<Application>): Application {
  return {
    id: 'nginx',
    name: 'Nginx',
    group: 'webserver',
    binary_name: 'nginx',
    is_installed: true,
    installed_version: '1.22.1',
    service_state: 'active',
    auto_restart: false,
    icon: 'nginx',
    supported: true,
    ...overrides,
  };
}

describe('groupApplications', () => {
  it('keeps the spec order of groups and leaves empty ones out', () => {
    const groups = groupApplications([
      app({ id: 'docker', group: 'other' }),
      app({ id: 'php8.3', group: 'php' }),
      app({ id: 'nginx', group: 'webserver' }),
    ]);
    expect(groups.map((entry) => entry.group)).toEqual(['webserver', 'php', 'other']);
  });
});

describe('applicationActions', () => {
  it('offers install for a supported application that is absent, nothing for an unsupported one', () => {
    expect(applicationActions(app({ is_installed: false, service_state: null }))).toEqual(['install']);
    expect(applicationActions(app({ is_installed: false, supported: false }))).toEqual([]);
  });

  it('offers stop and restart for a running service, start for a stopped one', () => {
    expect(applicationActions(app({ service_state: 'active' }))).toEqual([
      'stop',
      'restart',
      'autoRestart',
      'uninstall',
    ]);
    expect(applicationActions(app({ service_state: 'failed' }))).toEqual([
      'start',
      'autoRestart',
      'uninstall',
    ]);
  });

  it('offers only uninstall for an application without a service', () => {
    expect(applicationActions(app({ id: 'pm2', service_state: null }))).toEqual(['uninstall']);
  });
});

describe('parseApplicationFilters (spec/000 §2: installed=no and search)', () => {
  it('reads the known filters only', () => {
    expect(parseApplicationFilters(new URLSearchParams('installed=no&search=%20maria%20'))).toEqual({
      installed: 'no',
      search: 'maria',
    });
    expect(parseApplicationFilters(new URLSearchParams('installed=maybe&search='))).toEqual({});
  });
});
