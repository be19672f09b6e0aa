import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError } from '../recipe.js';
import { splitNul } from '../testing/recipes.js';
import { toPasswordHex } from '../sites/site-inputs.js';
import { phpmyadminInstall, phpmyadminRecipes, phpmyadminSignon } from './phpmyadmin.js';

const PASSWORD = `p'a"s s;$(id)\\\nmật khẩu`;
const signon = {
  site: 'shop.test',
  token_hash: 'ab'.repeat(32),
  database_user: 'shop_user',
  password_hex: toPasswordHex(PASSWORD),
};

describe('phpMyAdmin recipes', () => {
  it('are listed for the databases subpath', () => {
    expect(phpmyadminRecipes.map((recipe) => recipe.id)).toEqual(['phpmyadmin-install', 'phpmyadmin-signon']);
  });

  it('give the install its site, web server and PHP version as environment', () => {
    const invocation = buildStepInvocation(phpmyadminInstall, 'site', {
      site: 'shop.test',
      web_server: 'apache2',
      php_version: '8.3',
    });
    const pairs = splitNul(invocation.stdin).map((part) => part.toString('utf8'));
    expect(pairs).toEqual(
      expect.arrayContaining(['HD_SITE=shop.test', 'HD_WEB_SERVER=apache2', 'HD_PHP_VERSION=8.3']),
    );
  });

  it('send the password on stdin after the script, never in the environment', () => {
    const invocation = buildStepInvocation(phpmyadminSignon, 'token', signon);
    const parts = splitNul(invocation.stdin);
    const environment = parts.slice(
      0,
      parts.findIndex((part) => part.length === 0),
    );
    expect(environment.map((part) => part.toString('utf8'))).toEqual(
      expect.arrayContaining([
        'HD_SITE=shop.test',
        `HD_TOKEN_HASH=${'ab'.repeat(32)}`,
        'HD_DATABASE_USER=shop_user',
      ]),
    );
    expect(Buffer.concat(environment).toString('utf8')).not.toContain('mật khẩu');
    expect(invocation.command).not.toContain('mật khẩu');
    expect(
      invocation.stdin.subarray(invocation.stdin.length - Buffer.byteLength(PASSWORD)).toString('utf8'),
    ).toBe(PASSWORD);
  });

  it.each([
    ['token_hash', 'AB'.repeat(32)],
    ['token_hash', 'a'.repeat(63)],
    ['database_user', 'root'],
    ['database_user', 'mysql'],
    ['password_hex', ''],
    ['site', 'localhost'],
  ])('refuses %s = %j', (field, value) => {
    expect(() => buildStepInvocation(phpmyadminSignon, 'token', { ...signon, [field]: value })).toThrow(
      RecipeInputError,
    );
  });

  it('refuses a PHP version that does not exist and an unknown web server', () => {
    for (const input of [
      { site: 'shop.test', web_server: 'nginx', php_version: '5.6' },
      { site: 'shop.test', web_server: 'lighttpd', php_version: '8.2' },
    ]) {
      expect(() => buildStepInvocation(phpmyadminInstall, 'package', input)).toThrow(RecipeInputError);
    }
  });
});
