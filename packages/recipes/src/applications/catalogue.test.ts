import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHP_VERSIONS, SUPPORTED_OS_IDS } from '@hostdeck/contracts';
import { APPLICATION_NAMES } from '@hostdeck/contracts/applications';
import { buildStepInvocation } from '../invocation.js';
import type { RecipeInputError } from '../recipe.js';
import { createRecipeRegistry } from '../registry.js';
import { recipeScriptsDirectory } from '../scripts.js';
import { applicationRecipes } from './index.js';
import {
  APPLICATION_CATALOGUE,
  applicationEnvironment,
  findApplication,
  isSupportedOn,
  phpPackages,
  probeText,
} from './catalogue.js';

// The section's recipes as the panel registers them (the API area lists them with the worker).
const { get: getRecipe } = createRecipeRegistry(applicationRecipes);

const definitions = Object.values(APPLICATION_CATALOGUE);

describe('application catalogue', () => {
  it('describes every application of spec/000 §3 and each PHP version, in the contracts order', () => {
    expect(Object.keys(APPLICATION_CATALOGUE)).toEqual([...APPLICATION_NAMES]);
    for (const [name, definition] of Object.entries(APPLICATION_CATALOGUE)) expect(definition.id).toBe(name);
    expect(definitions.map((definition) => definition.name)).toEqual([
      'Nginx',
      'Apache2',
      'OpenLiteSpeed',
      'PM2',
      'docker',
      'wireguard',
      'bind9',
      'postgresql',
      'mongod',
      'mariadb',
      'mysql',
      'mtproxy',
      'Mail Server',
      ...PHP_VERSIONS.map((version) => `PHP ${version}`),
    ]);
  });

  it('puts each application in its group', () => {
    const groups = Object.fromEntries(definitions.map((definition) => [definition.id, definition.group]));
    expect(groups).toMatchObject({
      nginx: 'webserver',
      apache2: 'webserver',
      openlitespeed: 'webserver',
      mysql: 'mysql',
      mariadb: 'mysql',
      postgresql: 'mysql',
      mongod: 'mysql',
      pm2: 'other',
      docker: 'other',
      wireguard: 'other',
      bind9: 'other',
      mtproxy: 'other',
    });
    for (const version of PHP_VERSIONS) expect(groups[`php${version}`]).toBe('php');
  });

  it('knows the packages, services and binaries of the Debian and Ubuntu packages', () => {
    expect(findApplication('nginx')).toMatchObject({
      packages: ['nginx'],
      service: 'nginx',
      binaryName: 'nginx',
    });
    expect(findApplication('mariadb')).toMatchObject({ service: 'mariadb', method: 'database' });
    expect(findApplication('docker')).toMatchObject({ packages: ['docker.io'], service: 'docker' });
    expect(findApplication('wireguard')).toMatchObject({ packages: ['wireguard-tools'], service: null });
    expect(findApplication('bind9')).toMatchObject({ packages: ['bind9'], service: 'named' });
    expect(findApplication('openlitespeed')).toMatchObject({ repository: 'litespeed', service: 'lshttpd' });
    expect(findApplication('mongod')).toMatchObject({ repository: 'mongodb', packages: ['mongodb-org'] });
    expect(findApplication('pm2')).toMatchObject({
      method: 'npm',
      packages: ['nodejs', 'npm'],
      service: null,
    });
    expect(findApplication('mtproxy')).toMatchObject({
      method: 'source',
      binaryName: 'mtg',
      service: 'mtproxy',
    });
    expect(findApplication('mtproxy').packages).toEqual(['curl', 'ca-certificates']);
    expect(findApplication('php8.3')).toMatchObject({
      method: 'php',
      service: 'php8.3-fpm',
      binaryName: 'php8.3',
      packages: phpPackages('8.3'),
      removes: ['php8.3', 'php8.3-*'],
    });
    expect(phpPackages('8.2')).toContain('php8.2-fpm');
  });

  it('keeps the data of databases and Docker on uninstall, and purges nothing of theirs', () => {
    const keeping = definitions.filter((definition) => definition.keeps.length > 0).map(({ id }) => id);
    expect(keeping.sort()).toEqual([
      'docker',
      'mailserver',
      'mariadb',
      'mongod',
      'mtproxy',
      'mysql',
      'postgresql',
    ]);
    expect(findApplication('mariadb').keeps).toEqual(['/var/lib/mysql']);
    expect(findApplication('postgresql').keeps).toContain('/var/lib/postgresql');
  });

  it('lets one web server serve port 80, and MySQL or MariaDB, never both', () => {
    expect(findApplication('nginx').conflicts).toEqual(['apache2', 'openlitespeed']);
    expect(findApplication('apache2').conflicts).toEqual(['nginx', 'openlitespeed']);
    expect(findApplication('openlitespeed').conflicts).toEqual(['nginx', 'apache2']);
    expect(findApplication('mysql').conflicts).toEqual(['mariadb']);
    expect(findApplication('mariadb').conflicts).toEqual(['mysql']);
    for (const definition of definitions) {
      for (const other of definition.conflicts)
        expect(findApplication(other).conflicts).toContain(definition.id);
    }
  });

  it('puts auto-restart on PostgreSQL clusters, not on its oneshot wrapper', () => {
    expect(findApplication('postgresql')).toMatchObject({
      service: 'postgresql',
      restartUnit: 'postgresql@',
      instances: 'postgresql@*.service',
    });
    expect(findApplication('nginx').restartUnit).toBe('nginx');
    for (const definition of definitions)
      expect(definition.restartUnit === null).toBe(definition.service === null);
  });

  it('says which systems the panel installs each application on', () => {
    expect(isSupportedOn(findApplication('nginx'), 'debian-12')).toBe(true);
    expect(isSupportedOn(findApplication('mysql'), 'debian-12')).toBe(true);
    expect(isSupportedOn(findApplication('pm2'), 'ubuntu-24.04')).toBe(true);
    // Node.js 10 and 12 from those distributions are too old for PM2 7.
    expect(isSupportedOn(findApplication('pm2'), 'ubuntu-20.04')).toBe(false);
    expect(isSupportedOn(findApplication('pm2'), 'ubuntu-22.04')).toBe(false);
    expect(isSupportedOn(findApplication('nginx'), 'centos-7')).toBe(false);
    expect(isSupportedOn(findApplication('nginx'), null)).toBe(false);
    for (const definition of definitions) {
      for (const os of definition.supportedOs) expect(SUPPORTED_OS_IDS).toContain(os);
    }
  });

  it('hands the scripts the catalogue as HD_* text, one line per conflict', () => {
    expect(applicationEnvironment('nginx')).toEqual({
      HD_APPLICATION: 'nginx',
      HD_APPLICATION_NAME: 'Nginx',
      HD_APPLICATION_METHOD: 'apt',
      HD_APPLICATION_PACKAGES: 'nginx',
      HD_APPLICATION_DETECT: 'dpkg:nginx-core nginx-full nginx-light nginx-extras nginx',
      HD_APPLICATION_REMOVES: 'nginx nginx-core nginx-full nginx-light nginx-extras',
      HD_APPLICATION_KEEPS: '',
      HD_APPLICATION_SUPPORTED_OS: 'ubuntu-20.04 ubuntu-22.04 ubuntu-24.04 debian-12',
      HD_APPLICATION_SERVICE: 'nginx',
      HD_APPLICATION_RESTART_UNIT: 'nginx',
      HD_APPLICATION_CONFLICTS: 'Apache2\tapache2\nOpenLiteSpeed\topenlitespeed',
    });
    expect(applicationEnvironment('pm2')).not.toHaveProperty('HD_APPLICATION_SERVICE');
    expect(applicationEnvironment('postgresql')).toMatchObject({
      HD_APPLICATION_RESTART_UNIT: 'postgresql@',
      HD_APPLICATION_INSTANCES: 'postgresql@*.service',
      HD_APPLICATION_KEEPS: '/var/lib/postgresql /etc/postgresql',
    });
    expect(probeText(findApplication('pm2').probe)).toBe('npm:pm2');
    expect(probeText(findApplication('mtproxy').probe)).toBe('file:/opt/mtproxy/VERSION');
    // Catalogue values are words of a fixed alphabet (with the globs of dpkg patterns), read by the
    // scripts with `read -ra`, which neither expands nor evaluates them.
    for (const definition of definitions) {
      for (const [key, value] of Object.entries(applicationEnvironment(definition.id))) {
        const allowed =
          key === 'HD_APPLICATION_CONFLICTS' ? /^[A-Za-z0-9 .\t\n-]*$/ : /^[A-Za-z0-9 .:/@*[\]_+-]*$/;
        expect(value, `${definition.id} ${key}`).toMatch(allowed);
      }
    }
  });
});

describe('application recipes', () => {
  it('are registered and build every step from their example', () => {
    for (const recipe of applicationRecipes) {
      expect(getRecipe(recipe.id)).toBe(recipe);
      for (const step of recipe.steps)
        expect(buildStepInvocation(recipe, step.id, recipe.example).step).toBe(step);
    }
  });

  it('refuse an unknown application, and a service action on one without a service', () => {
    const install = getRecipe('application-install')!;
    const service = getRecipe('application-service')!;
    const autoRestart = getRecipe('application-auto-restart')!;
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as RecipeInputError).fieldErrors;
      }
      return null;
    };
    expect(refusal(() => buildStepInvocation(install, 'check', { name: 'php5.6' }))).toEqual({
      name: ['Unknown application'],
    });
    expect(refusal(() => buildStepInvocation(service, 'service', { name: 'pm2', action: 'stop' }))).toEqual({
      name: ['This application has no service of its own'],
    });
    expect(
      refusal(() => buildStepInvocation(service, 'service', { name: 'nginx', action: 'reload' })),
    ).toEqual({
      action: ['Invalid value'],
    });
    expect(
      refusal(() => buildStepInvocation(autoRestart, 'auto-restart', { name: 'wireguard', enabled: true })),
    ).toEqual({
      name: ['This application has no service of its own'],
    });
    expect(
      refusal(() => buildStepInvocation(autoRestart, 'auto-restart', { name: 'nginx', enabled: 'yes' })),
    ).toHaveProperty('enabled');
  });

  it('pass the action and the wanted auto-restart state as HD_* pairs', () => {
    const frame = (recipeId: string, input: object) =>
      buildStepInvocation(getRecipe(recipeId)!, getRecipe(recipeId)!.steps[0]!.id, input).stdin.toString(
        'utf8',
      );
    expect(frame('application-service', { name: 'mariadb', action: 'stop' })).toContain('HD_ACTION=stop\0');
    expect(frame('application-auto-restart', { name: 'nginx', enabled: false })).toContain('HD_ENABLED=0\0');
    expect(frame('application-auto-restart', { name: 'nginx', enabled: true })).toContain('HD_ENABLED=1\0');
  });
});

describe('application scripts', () => {
  it('call only helpers that scripts/lib or the script itself defines', () => {
    const directory = recipeScriptsDirectory();
    const read = (file: string) => readFileSync(path.join(directory, file), 'utf8');
    const defined = (text: string) =>
      [...text.matchAll(/^\s*(hd_[a-z0-9_]+)\(\) \{/gm)].map((match) => match[1]);
    const library = readdirSync(path.join(directory, 'lib'))
      .filter((name) => name.endsWith('.sh'))
      .flatMap((name) => defined(read(`lib/${name}`)));
    const scripts = [
      ...new Set(applicationRecipes.flatMap((recipe) => recipe.steps.map((step) => step.script))),
    ];
    for (const script of scripts) {
      const text = read(script);
      const known = new Set([...library, ...defined(text)]);
      // Calls, not variables: `hd_x` not preceded by `$`, `{` or a word character.
      const called = [...text.matchAll(/(?<![$\w{])hd_[a-z0-9_]+/g)].map((match) => match[0]);
      for (const name of called) expect(known, `${script} calls ${name}`).toContain(name);
    }
  });
});
