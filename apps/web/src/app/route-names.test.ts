import { describe, expect, it } from 'vitest';
import { SERVER_SECTIONS } from '../servers/sections';
import { SITE_SECTIONS } from '../sites/sections';
import { isSiteWebserver, ROUTE_PATTERNS, routePath } from './route-names';
import { parsePhpVersionSegment, parseRecordId } from './route-params';

describe('routePath', () => {
  it('builds paths of named routes with their parameters', () => {
    expect(routePath('all-server')).toBe('/servers');
    expect(routePath('servers.show', { server: 12 })).toBe('/servers/12');
    expect(routePath('servers.bind9', { server: 3 })).toBe('/servers/3/dns');
    expect(routePath('sites.webserver.error-log', { site: 7, webserver: 'nginx' })).toBe(
      '/sites/7/nginx/error-log',
    );
  });

  it('adds query parameters, leaving out undefined ones', () => {
    expect(routePath('servers.applications', { server: 1 }, { installed: 'no', search: 'redis db' })).toBe(
      '/servers/1/applications?installed=no&search=redis+db',
    );
    expect(routePath('sites', {}, { search: undefined })).toBe('/sites');
  });
});

describe('route parameters', () => {
  it('accepts positive integer ids only', () => {
    expect(parseRecordId('42')).toBe(42);
    for (const value of ['0', '-1', '1.5', 'abc', '01', '', undefined, '9'.repeat(20)]) {
      expect(parseRecordId(value)).toBeNull();
    }
  });

  it('reads php{digits.digits} segments for the php redirect', () => {
    expect(parsePhpVersionSegment('php8.3')).toBe('8.3');
    expect(parsePhpVersionSegment('php7.4')).toBe('7.4');
    expect(parsePhpVersionSegment('php10.12')).toBe('10.12');
    for (const value of [
      'php',
      'php8',
      'php8.',
      'php.3',
      'PHP8.3',
      'php8.3.1',
      'xphp8.3',
      'php8x3',
      undefined,
    ]) {
      expect(parsePhpVersionSegment(value)).toBeNull();
    }
  });

  it('allows nginx and apache2 as site web servers only', () => {
    expect(isSiteWebserver('nginx')).toBe(true);
    expect(isSiteWebserver('apache2')).toBe(true);
    expect(isSiteWebserver('apache')).toBe(false);
    expect(isSiteWebserver(undefined)).toBe(false);
  });
});

describe('route patterns of the section descriptors', () => {
  it('keep the paths of spec/000 §2', () => {
    const sectionPatterns = Object.fromEntries(
      Object.entries(ROUTE_PATTERNS).filter(([name]) => /^(servers|sites)\./.test(name)),
    );
    expect(sectionPatterns).toEqual({
      'servers.create': '/servers/create',
      'servers.show': '/servers/:server',
      'servers.sites': '/servers/:server/sites',
      'servers.monitoring': '/servers/:server/monitoring',
      'servers.applications': '/servers/:server/applications',
      'servers.openlitespeed': '/servers/:server/openlitespeed',
      'servers.mysql': '/servers/:server/mysql',
      'servers.mariadb': '/servers/:server/mariadb',
      'servers.postgresql': '/servers/:server/postgresql',
      'servers.mongod': '/servers/:server/mongod',
      'servers.supervisor': '/servers/:server/supervisor',
      'servers.network': '/servers/:server/network',
      'servers.fail2ban': '/servers/:server/fail2ban',
      'servers.schedules': '/servers/:server/schedules',
      'servers.users': '/servers/:server/users',
      'servers.ssh-keys': '/servers/:server/ssh-keys',
      'servers.backups': '/servers/:server/backup',
      'servers.services': '/servers/:server/services',
      'servers.wireguard': '/servers/:server/wireguard',
      'servers.mail': '/servers/:server/mailserver',
      'servers.docker': '/servers/:server/docker',
      'servers.mtproxy': '/servers/:server/mtproxy',
      'servers.bind9': '/servers/:server/dns',
      'servers.ssh': '/servers/:server/ssh',
      'servers.php': '/servers/:server/php',
      'servers.pm2': '/servers/:server/pm2',
      'servers.files': '/servers/:server/files',
      'sites.show': '/sites/:site',
      'sites.deployments': '/sites/:site/deployment',
      'sites.commands': '/sites/:site/command',
      'sites.domain': '/sites/:site/domain',
      'sites.settings': '/sites/:site/settings',
      'sites.ssl': '/sites/:site/ssl',
      'sites.files': '/sites/:site/files',
      'sites.webserver': '/sites/:site/:webserver',
      'sites.webserver.configuration': '/sites/:site/:webserver/configuration',
      'sites.webserver.error-log': '/sites/:site/:webserver/error-log',
      'sites.webserver.access-log': '/sites/:site/:webserver/access-log',
      'sites.wordpress': '/sites/:site/wordpress',
      'sites.n8n': '/sites/:site/n8n',
      'sites.sourcecode': '/sites/:site/sourcecode',
      // Not in §2: issue 21 point 6, opened from the site's Settings page (docs/balancing.md).
      'sites.balancing': '/sites/:site/balancing',
    });
  });

  it('give each section its own id', () => {
    for (const sections of [SERVER_SECTIONS, SITE_SECTIONS]) {
      const ids = sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
