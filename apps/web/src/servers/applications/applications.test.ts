import { describe, expect, it } from 'vitest';
import type { Application } from '@hostdeck/contracts/applications';
import {
  applicationActions,
  applicationDisplayName,
  groupApplications,
  parseApplicationFilters,
  shownInstallFailure,
} from './applications';

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
    install_failure: null,
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

describe('applicationDisplayName', () => {
  it('names every application as its makers do, not by its package or daemon', () => {
    const names = Object.fromEntries(
      ['nginx', 'apache2', 'postgresql', 'mongod', 'mariadb', 'mysql', 'bind9', 'php8.3'].map((id) => [
        id,
        applicationDisplayName(app({ id: id as Application['id'], name: id }), (key) => `t:${key}`),
      ]),
    );
    expect(names).toEqual({
      nginx: 'Nginx',
      apache2: 'Apache',
      postgresql: 'PostgreSQL',
      mongod: 'MongoDB',
      mariadb: 'MariaDB',
      mysql: 'MySQL',
      bind9: 'BIND 9',
      'php8.3': 'PHP 8.3',
    });
  });

  it('translates the name of an application named for what it does', () => {
    expect(applicationDisplayName(app({ id: 'mailserver', name: 'Mail Server' }), (key) => `t:${key}`)).toBe(
      't:applications.names.mailserver',
    );
  });
});

describe('shownInstallFailure', () => {
  const failure = {
    event_id: 41,
    status: 'ERROR',
    error_reason: 'Step "Install the application" failed (exit code 100)',
    error_id: 'stepFailed',
    error_values: {},
  };

  it('shows the failed install of a missing application, so the row is not just "Install" again', () => {
    const missing = app({ id: 'mongod', is_installed: false, service_state: null, install_failure: failure });
    expect(shownInstallFailure(missing, false)).toEqual(failure);
    // A new action is running: its outcome will tell.
    expect(shownInstallFailure(missing, true)).toBeNull();
    expect(shownInstallFailure(app({ install_failure: failure }), false)).toBeNull();
    expect(shownInstallFailure(app({ is_installed: false }), false)).toBeNull();
  });
});
