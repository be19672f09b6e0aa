import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { SHELL_INJECTION_PAYLOADS, describeInjectionPayload } from '@hostdeck/contracts/testing';
import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError } from '../recipe.js';
import { recipeScriptsDirectory } from '../scripts.js';
import { siteCloneRecipes } from '../sites-clone/index.js';
import { splitNul } from '../testing/recipes.js';
import {
  siteApply,
  siteDatabaseCreate,
  siteDatabaseDrop,
  siteDelete,
  sitePermissions,
  toPasswordHex,
} from './index.js';

const applyExample = siteApply.example as Record<string, unknown>;

/** The environment pairs and the secret of a step's frame. */
function frameOf(stdin: Buffer) {
  const parts = splitNul(stdin);
  const end = parts.findIndex((part) => part.length === 0);
  const environment = Object.fromEntries(
    parts.slice(0, end).map((pair) => {
      const text = pair.toString('utf8');
      return [text.slice(0, text.indexOf('=')), text.slice(text.indexOf('=') + 1)];
    }),
  );
  return { environment, secret: parts.slice(end + 2).join('\0') };
}

function fieldErrorsOf(build: () => unknown): Record<string, string[]> {
  try {
    build();
  } catch (error) {
    if (error instanceof RecipeInputError) return error.fieldErrors;
    throw error;
  }
  throw new Error('the input was accepted');
}

describe('site recipes', () => {
  it('are registered with their steps', () => {
    expect(siteApply.steps.map((step) => step.id)).toEqual([
      'user',
      'home',
      'php-pool',
      'vhost',
      'permissions',
    ]);
    for (const recipe of [siteDatabaseCreate, siteDatabaseDrop, siteDelete, sitePermissions]) {
      expect(recipe.steps.length).toBeGreaterThan(0);
    }
  });

  // The generic injection test (../injection.test.ts) feeds each payload as a whole field; here
  // each payload goes inside the lists, one entry at a time.
  describe.each(['aliases', 'bindings'])('site-apply %s', (field) => {
    it.each(SHELL_INJECTION_PAYLOADS.map((payload) => [describeInjectionPayload(payload), payload]))(
      'refuses %s as an entry',
      (_label, payload) => {
        const errors = fieldErrorsOf(() =>
          buildStepInvocation(siteApply, 'vhost', { ...applyExample, [field]: ['example.org', payload] }),
        );
        expect(Object.keys(errors).some((key) => key.startsWith(field))).toBe(true);
      },
    );
  });

  it('accepts wildcard aliases and IPv4/IPv6 bindings', () => {
    const { environment } = frameOf(
      buildStepInvocation(siteApply, 'vhost', {
        ...applyExample,
        aliases: ['*.example.org', 'www.example.com'],
        bindings: ['192.0.2.10', '2001:db8::1'],
      }).stdin,
    );
    expect(environment.HD_ALIASES).toBe('*.example.org www.example.com');
    expect(environment.HD_BINDINGS).toBe('192.0.2.10 2001:db8::1');
  });

  it('never isolates a site as a reserved account, but runs a shared site as the default user', () => {
    for (const user of ['root', 'www-data', 'hostdeck', 'systemd-network']) {
      const errors = fieldErrorsOf(() =>
        buildStepInvocation(siteApply, 'user', { ...applyExample, isolated: true, linux_user: user }),
      );
      expect(errors.linux_user).toEqual(['You can not use special user']);
      expect(() =>
        buildStepInvocation(siteDelete, 'user', { ...siteDelete.example, isolated: true, linux_user: user }),
      ).toThrow(RecipeInputError);
    }
    expect(() =>
      buildStepInvocation(siteApply, 'user', { ...applyExample, isolated: false, linux_user: 'hostdeck' }),
    ).not.toThrow();
  });

  // Issue 25: a server's default user of root made every PHP site's pool run as root.
  it('never lets a special user own a site, run its PHP, receive its files or clone it', () => {
    const special = [
      'root',
      'www-data',
      'nobody',
      'sshd',
      'daemon',
      'bin',
      'mysql',
      'systemd-timesync',
      '_apt',
    ];
    for (const user of special) {
      for (const isolated of [false, true]) {
        const errors = fieldErrorsOf(() =>
          buildStepInvocation(siteApply, 'php-pool', { ...applyExample, isolated, linux_user: user }),
        );
        expect(errors.linux_user, `${user} isolated=${isolated}`).toContain('You can not use special user');
      }
      expect(
        fieldErrorsOf(() =>
          buildStepInvocation(sitePermissions, 'permissions', {
            ...sitePermissions.example,
            linux_user: user,
          }),
        ).linux_user,
      ).toEqual(['You can not use special user']);
      for (const recipe of siteCloneRecipes) {
        expect(() =>
          buildStepInvocation(recipe, recipe.steps[0]!.id, { ...recipe.example, linux_user: user }),
        ).toThrow(RecipeInputError);
      }
    }
    // A site still moves away from a special owner (sites made before the rule), and is removed.
    expect(() =>
      buildStepInvocation(siteApply, 'home', { ...applyExample, previous_linux_user: 'root' }),
    ).not.toThrow();
    expect(() =>
      buildStepInvocation(siteDelete, 'files', {
        ...siteDelete.example,
        isolated: false,
        linux_user: 'root',
      }),
    ).not.toThrow();
  });

  it('maps the state to the environment: flags as 1/0, absent values left out', () => {
    const { environment } = frameOf(
      buildStepInvocation(siteApply, 'home', {
        ...applyExample,
        php_version: null,
        proxy_port: '3000',
        directory: 'web/public/',
        previous_linux_user: undefined,
        wildcard: true,
        lockdown: true,
      }).stdin,
    );
    expect(environment).toMatchObject({
      HD_SITE: 'example.com',
      HD_DIRECTORY: '/web/public',
      HD_PROXY_PORT: '3000',
      HD_WILDCARD: '1',
      HD_ISOLATED: '1',
      HD_LOCKDOWN: '1',
      HD_RELEASES: '0',
      HD_ENABLED: '1',
      HD_WEB_SERVER: 'nginx',
    });
    expect(environment).not.toHaveProperty('HD_PHP_VERSION');
    expect(environment).not.toHaveProperty('HD_PREVIOUS_LINUX_USER');
  });

  it('sends passwords on stdin only, whatever they contain', () => {
    const password = 'p\'a"s s;$(touch /tmp/pwned)`id`\\ мật khẩu';
    const apply = frameOf(
      buildStepInvocation(siteApply, 'user', { ...applyExample, password_hex: toPasswordHex(password) })
        .stdin,
    );
    expect(apply.secret).toBe(password);
    expect(JSON.stringify(apply.environment)).not.toContain(toPasswordHex(password));
    const database = frameOf(
      buildStepInvocation(siteDatabaseCreate, 'database', {
        ...siteDatabaseCreate.example,
        password_hex: toPasswordHex(password),
      }).stdin,
    );
    expect(database.secret).toBe(password);
    expect(database.environment).toEqual({
      HD_DATABASE_TYPE: 'mariadb',
      HD_DATABASE_NAME: 'example_db',
      HD_DATABASE_USER: 'example_user',
      HD_RECIPE_ID: 'site-database-create',
      HD_STEP_ID: 'database',
    });
    const withoutPassword = frameOf(
      buildStepInvocation(siteApply, 'user', { ...applyExample, password_hex: undefined }).stdin,
    );
    expect(withoutPassword.secret).toBe('');
  });

  it('refuses a password that is not lowercase hex bytes', () => {
    for (const value of ['', 'abc', 'ABCD', 'zz', 'a'.repeat(512)]) {
      expect(() =>
        buildStepInvocation(siteDatabaseCreate, 'database', {
          ...siteDatabaseCreate.example,
          password_hex: value,
        }),
      ).toThrow(RecipeInputError);
    }
  });
});

describe('hd_site_php_socket', () => {
  const lib = path.join(recipeScriptsDirectory(), 'lib', 'site.sh');
  const socketOf = (version: string, site: string) =>
    spawnSync('bash', ['-c', `source "$1"; hd_site_php_socket "$2" "$3"`, 'test', lib, version, site], {
      encoding: 'utf8',
    }).stdout;

  it('names the socket after the site', () => {
    expect(socketOf('8.2', 'example.com')).toBe('/run/php/php8.2-fpm-example.com.sock');
  });

  it('uses a hash when the name would not fit a Unix socket path', () => {
    const site = `${'a'.repeat(60)}.${'b'.repeat(60)}.com`;
    const socket = socketOf('8.2', site);
    expect(socket).toMatch(/^\/run\/php\/php8\.2-fpm-[0-9a-f]{32}\.sock$/);
    expect(socket.length).toBeLessThanOrEqual(107);
    expect(socketOf('8.2', site)).toBe(socket);
  });
});
