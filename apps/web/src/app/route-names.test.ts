import { describe, expect, it } from 'vitest';
import { isSiteWebserver, routePath } from './route-names';
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
