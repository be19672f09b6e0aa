import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { InventoryFormatError } from '../inventory.js';
import { mtproxyApply, mtproxyLog, mtproxyService } from './mtproxy-recipes.js';
import { parseMtproxyLog, parseMtproxyStatus } from './mtproxy-status.js';

describe('mtproxy-status output', () => {
  it('reads every field', () => {
    expect(
      parseMtproxyStatus(
        'hostdeck-mtproxy 1\ninstalled\tyes\nversion\tmtg 2.1.7\nactive\tyes\nenabled\tno\nport\t8443\nlistening\tyes\n',
      ),
    ).toEqual({
      installed: true,
      version: 'mtg 2.1.7',
      active: true,
      enabled: false,
      port: 8443,
      listening: true,
    });
    expect(parseMtproxyStatus('hostdeck-mtproxy 1\ninstalled\tno\nactive\tno\nenabled\tno\n')).toMatchObject({
      installed: false,
      port: null,
      listening: false,
    });
  });

  it('refuses anything else', () => {
    for (const output of [
      '',
      'installed\tyes\n',
      'hostdeck-mtproxy 1\nport\t70000\n',
      'hostdeck-mtproxy 1\nactive\tmaybe\n',
      'hostdeck-mtproxy 1\nsecret\tee00\n',
      'hostdeck-mtproxy 1\nport\t1\t2\n',
    ]) {
      expect(() => parseMtproxyStatus(output), JSON.stringify(output)).toThrow(InventoryFormatError);
    }
  });

  it('keeps the log lines as they are', () => {
    expect(parseMtproxyLog('a\nb\n')).toEqual(['a', 'b']);
    expect(parseMtproxyLog('')).toEqual([]);
  });
});

describe('mtproxy recipes', () => {
  it('send the secret on stdin only, never in the environment', () => {
    const invocation = buildStepInvocation(mtproxyApply, 'configure', mtproxyApply.example);
    expect(JSON.stringify(invocation)).not.toMatch(/HD_[A-Z_]*SECRET/);
    expect(Object.keys(mtproxyApply.environment(mtproxyApply.input.parse(mtproxyApply.example)))).toEqual([
      'HD_MTPROXY_DOWNLOAD_URL',
      'HD_MTPROXY_PORT',
      'HD_MTPROXY_DOMAIN',
    ]);
    expect(String(mtproxyApply.secrets!(mtproxyApply.input.parse(mtproxyApply.example)))).toBe(
      `${mtproxyApply.example.secret}\n`,
    );
  });

  it('refuses unknown service actions and out-of-range log lengths', () => {
    for (const action of ['reload', 'start; reboot', '-start', 'restart\n']) {
      expect(mtproxyService.input.safeParse({ action }).success).toBe(false);
    }
    for (const lines of [0, 1001, 1.5, '10', -1]) {
      expect(mtproxyLog.input.safeParse({ lines }).success).toBe(false);
    }
  });
});
