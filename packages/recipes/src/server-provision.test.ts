import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStepInvocation } from './invocation.js';
import { RecipeInputError } from './recipe.js';
import { recipeScriptsDirectory } from './scripts.js';
import { defaultPhpVersion, serverProvision } from './server-provision.js';
import { splitNul } from './testing/recipes.js';

/** The HD_* pairs of a step's frame. */
function environmentOf(input: unknown, stepId = 'php'): Record<string, string> {
  const { stdin } = buildStepInvocation(serverProvision, stepId, input);
  const pairs: Record<string, string> = {};
  for (const part of splitNul(stdin)) {
    const text = part.toString('utf8');
    if (text === '') break;
    const equals = text.indexOf('=');
    pairs[text.slice(0, equals)] = text.slice(equals + 1);
  }
  return pairs;
}

describe('server-provision', () => {
  it('passes the options as HD_* variables, the default PHP being the newest chosen', () => {
    expect(
      environmentOf({
        web_server: 'apache2',
        php_versions: ['7.4', '8.3', '8.1'],
        database: 'postgresql',
        default_linux_user: 'deploy',
        timezone: 'Asia/Ho_Chi_Minh',
      }),
    ).toEqual({
      HD_WEB_SERVER: 'apache2',
      HD_PHP_VERSIONS: '7.4 8.3 8.1',
      HD_PHP_DEFAULT: '8.3',
      HD_DATABASE: 'postgresql',
      HD_LINUX_USER: 'deploy',
      HD_TIMEZONE: 'Asia/Ho_Chi_Minh',
      HD_RECIPE_ID: 'server-provision',
      HD_STEP_ID: 'php',
    });
  });

  it("fills the contracts' defaults and leaves PHP out when none is chosen", () => {
    expect(environmentOf({}, 'detect-os')).toEqual({
      HD_WEB_SERVER: 'nginx',
      HD_DATABASE: 'none',
      HD_LINUX_USER: 'hostdeck',
      HD_TIMEZONE: 'UTC',
      HD_RECIPE_ID: 'server-provision',
      HD_STEP_ID: 'detect-os',
    });
    expect(defaultPhpVersion([])).toBeUndefined();
    expect(defaultPhpVersion(['8.0', '8.4'])).toBe('8.4');
  });

  it.each([
    ['an unknown web server', { web_server: 'caddy' }, 'web_server'],
    ['a repeated PHP version', { php_versions: ['8.2', '8.2'] }, 'php_versions'],
    ['an unknown PHP version', { php_versions: ['5.6'] }, 'php_versions.0'],
    ['a time zone with a path', { timezone: '../../etc/passwd' }, 'timezone'],
    ['an SSH port (read on the server instead)', { ssh_port: 22 }, '_'],
  ])('refuses %s', (_label, input, field) => {
    let caught: unknown;
    try {
      buildStepInvocation(serverProvision, 'detect-os', input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RecipeInputError);
    expect(Object.keys((caught as RecipeInputError).fieldErrors)).toContain(field);
  });

  it('has the steps of issue #5 in order, each idempotent', () => {
    expect(serverProvision.steps.map((step) => step.id)).toEqual([
      'detect-os',
      'base-packages',
      'timezone',
      'swap',
      'unattended-upgrades',
      'linux-user',
      'firewall',
      'fail2ban',
      'web-server',
      'php',
      'database',
      'finish',
    ]);
    expect(serverProvision.steps.every((step) => step.idempotent)).toBe(true);
  });
});

describe('lib/os.sh and lib/php.sh', () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-os-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const lib = path.join(recipeScriptsDirectory(), 'lib');

  function withOsRelease(text: string, body: string) {
    const file = path.join(directory, 'os-release');
    writeFileSync(file, text);
    const program = [
      'set -euo pipefail',
      `hd_os_release_file=${JSON.stringify(file)}`,
      ...['common.sh', 'os.sh', 'php.sh'].map((name) => `source ${JSON.stringify(path.join(lib, name))}`),
      body,
    ].join('\n');
    const result = spawnSync('bash', ['--norc', '-c', program], { encoding: 'utf8' });
    return { status: result.status, stdout: result.stdout };
  }

  it.each([
    ['ID=debian\nVERSION_ID="12"\nVERSION_CODENAME=bookworm\n', 'debian-12 bookworm 8.2 supported'],
    ['ID=ubuntu\nVERSION_ID="20.04"\nVERSION_CODENAME=focal\n', 'ubuntu-20.04 focal 7.4 supported'],
    ['ID=ubuntu\nVERSION_ID="22.04"\nUBUNTU_CODENAME=jammy\n', 'ubuntu-22.04 jammy 8.1 supported'],
    ["ID='ubuntu'\nVERSION_ID='24.04'\nVERSION_CODENAME=noble", 'ubuntu-24.04 noble 8.3 supported'],
    ['ID=debian\nVERSION_ID="11"\nVERSION_CODENAME=bullseye\n', 'debian-11 bullseye none unsupported'],
    ['ID=ubuntu\nVERSION_ID="24.10"\n', 'ubuntu-24.10  none unsupported'],
    ['ID=centos\nVERSION_ID="9"\nVERSION_ID_EXTRA=$(touch /tmp/x)\n', 'centos-9  none unsupported'],
  ])('reads %j', (text, expected) => {
    const run = withOsRelease(
      text,
      'printf "%s %s %s " "$(hd_os_id)" "$(hd_os_codename)" "$(hd_php_distro_version || echo none)"; if hd_os_is_supported; then echo supported; else echo unsupported; fi',
    );
    expect(run.stdout.trim()).toBe(expected);
  });

  it('lists the packages of a PHP version', () => {
    const run = withOsRelease('ID=debian\n', 'hd_php_packages 8.3 | paste -sd " " -');
    expect(run.stdout.trim()).toBe(
      'php8.3-fpm php8.3-cli php8.3-common php8.3-mysql php8.3-pgsql php8.3-curl php8.3-mbstring php8.3-xml php8.3-zip php8.3-gd php8.3-intl php8.3-bcmath php8.3-opcache',
    );
  });
});
