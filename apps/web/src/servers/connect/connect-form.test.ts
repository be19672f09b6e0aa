import { describe, expect, it } from 'vitest';
import { connectServerRequestSchema } from '@hostdeck/contracts';
import {
  DEFAULT_CONNECT_VALUES,
  connectFieldOf,
  defaultConnectValues,
  connectRequest,
  phpVersionOptions,
  timezoneOptions,
  validateConnectForm,
  type ConnectFormValues,
} from './connect-form';

const valid: ConnectFormValues = {
  ...DEFAULT_CONNECT_VALUES,
  name: 'web-1',
  ip: '203.0.113.10',
  password: 'secret',
};

describe('defaultConnectValues', () => {
  it('starts with the newest PHP offered and MariaDB', () => {
    const values = defaultConnectValues(phpVersionOptions(['7.4', '8.2', '8.4', '8.3']));
    expect(values.provision).toMatchObject({
      web_server: 'nginx',
      php_versions: ['8.4'],
      database: 'mariadb',
    });
    expect(
      connectServerRequestSchema.safeParse(
        connectRequest({ ...values, ...valid, provision: values.provision }),
      ).success,
    ).toBe(true);
  });
});

describe('connectRequest', () => {
  it('builds a request the panel accepts, with the port as a number', () => {
    const request = connectRequest({ ...valid, port: ' 2222 ' });
    expect(request.port).toBe(2222);
    expect(connectServerRequestSchema.safeParse(request).success).toBe(true);
  });

  it('sends no password with the command method', () => {
    const request = connectRequest({ ...valid, method: 'command', password: 'left over' });
    expect('password' in request).toBe(false);
    expect(connectServerRequestSchema.safeParse(request).success).toBe(true);
  });
});

describe('validateConnectForm (spec/000 §5)', () => {
  it('accepts IPv4 and IPv6', () => {
    expect(validateConnectForm(valid)).toEqual({});
    expect(validateConnectForm({ ...valid, ip: '2001:db8::1' })).toEqual({});
  });

  it("reports 'Invalid IP', a bad port and missing values under their fields, in form order", () => {
    const errors = validateConnectForm({ ...valid, name: '', ip: '300.1.1.1', port: '70000', password: '' });
    expect(Object.keys(errors)).toEqual(['name', 'ip', 'port', 'password']);
    expect(errors.ip).toEqual({ key: 'validation.ipv4' });
    expect(errors.name).toEqual({ key: 'validation.required' });
    expect(errors.password).toEqual({ key: 'validation.required' });
    expect(validateConnectForm({ ...valid, port: '0' }).port).toBeDefined();
    expect(validateConnectForm({ ...valid, port: 'ssh' }).port).toBeDefined();
    expect(validateConnectForm({ ...valid, port: '65535' })).toEqual({});
  });

  it('checks the provisioning options too', () => {
    const errors = validateConnectForm({
      ...valid,
      provision: { ...valid.provision, default_linux_user: 'Bad User', timezone: 'Mars/Base' },
    });
    expect(Object.keys(errors)).toEqual(['provision.default_linux_user']);
    const zone = validateConnectForm({ ...valid, provision: { ...valid.provision, timezone: 'not a zone' } });
    expect(zone['provision.timezone']).toEqual({ key: 'connect.invalidTimezone' });
  });

  it('refuses a special user as the default Linux user, in the catalogue', () => {
    for (const name of ['root', 'www-data', 'nobody', 'sshd']) {
      const errors = validateConnectForm({
        ...valid,
        provision: { ...valid.provision, default_linux_user: name },
      });
      expect(errors).toEqual({ 'provision.default_linux_user': { key: 'grammar.specialUser' } });
    }
  });
});

describe('connectFieldOf', () => {
  it('maps panel error paths to the form fields', () => {
    expect(connectFieldOf('ip')).toBe('ip');
    expect(connectFieldOf('provision.php_versions.1')).toBe('provision.php_versions');
    expect(connectFieldOf('default_linux_user')).toBe('provision.default_linux_user');
    expect(connectFieldOf('something_else')).toBeNull();
  });
});

describe('options', () => {
  it('offers the PHP versions of app info that the panel installs, newest first', () => {
    expect(phpVersionOptions(['7.4', '8.3', '5.6'])).toEqual(['8.3', '7.4']);
    expect(phpVersionOptions([])).toEqual(['8.4', '8.3', '8.2', '8.1', '8.0', '7.4']);
  });

  it('lists UTC first, then valid zones sorted, without duplicates', () => {
    expect(timezoneOptions(['Europe/Paris', 'UTC', 'Asia/Ho_Chi_Minh', 'bad zone', 'Europe/Paris'])).toEqual([
      'UTC',
      'Asia/Ho_Chi_Minh',
      'Europe/Paris',
    ]);
  });

  it('uses the current names of zones browsers still spell the old way', () => {
    expect(timezoneOptions(['Asia/Saigon', 'Asia/Calcutta', 'America/Buenos_Aires'])).toEqual([
      'UTC',
      'America/Argentina/Buenos_Aires',
      'Asia/Ho_Chi_Minh',
      'Asia/Kolkata',
    ]);
  });
});
