import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError } from '../recipe.js';
import {
  FIREWALL_8G_MAPS_PATH,
  firewall8gChecksPath,
  firewall8gDisable,
  firewall8gEnable,
  firewall8gRules,
} from './index.js';

describe('8G firewall recipes', () => {
  it('ship the rules as a marked file of nginx maps, one per kind of check', () => {
    const rules = firewall8gRules().toString('utf8');
    expect(rules.split('\n')[0]).toMatch(/^# Managed by HostDeck/);
    for (const variable of ['query_string', 'request_uri', 'user_agent', 'referrer', 'method']) {
      expect(rules).toMatch(new RegExp(`^map \\$\\S+ \\$hostdeck_8g_${variable} \\{$`, 'm'));
    }
    // Every map line is `"~*REGEX" 1;` or the default: nothing else is rendered into http context.
    const body = rules.split('\n').filter((line) => line.startsWith('    '));
    for (const line of body) expect(line).toMatch(/^ {4}(default 0;|"~\*.+" 1;)$/);
    // nginx reads a bare `"` inside a quoted string as its end: every one must be escaped.
    for (const line of body.filter((entry) => entry !== '    default 0;')) {
      const inner = line.slice(line.indexOf('"') + 1, line.lastIndexOf('"'));
      expect(inner.replace(/\\\\/g, '').replace(/\\"/g, ''), line).not.toContain('"');
    }
  });

  it('send the rules on stdin and the site in the environment, never in the script', () => {
    const enable = buildStepInvocation(firewall8gEnable, 'enable', { site: 'shop.example.com' });
    expect(enable.stdin.subarray(enable.stdin.length - firewall8gRules().length)).toEqual(firewall8gRules());
    expect(enable.stdin.includes(Buffer.from('HD_SITE=shop.example.com\0'))).toBe(true);
    const disable = buildStepInvocation(firewall8gDisable, 'disable', { site: 'shop.example.com' });
    expect(disable.stdin.includes(Buffer.from('HD_SITE=shop.example.com\0'))).toBe(true);
  });

  it('refuse a hostile site name before anything runs', () => {
    for (const payload of [...SHELL_INJECTION_PAYLOADS, '../etc', '-oProxyCommand=x', 'a.test\nb']) {
      for (const recipe of [firewall8gEnable, firewall8gDisable]) {
        expect(() => buildStepInvocation(recipe, recipe.steps[0]!.id, { site: payload })).toThrow(
          RecipeInputError,
        );
      }
    }
  });

  it('name the files the panel owns', () => {
    expect(FIREWALL_8G_MAPS_PATH).toBe('/etc/nginx/conf.d/hostdeck-8g-firewall.conf');
    expect(firewall8gChecksPath('shop.example.com')).toBe(
      '/etc/nginx/hostdeck/shop.example.com/8g-firewall.conf',
    );
  });
});
