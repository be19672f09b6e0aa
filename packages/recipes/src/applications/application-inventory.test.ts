import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APPLICATION_NAMES } from '@hostdeck/contracts/applications';
import { buildStepInvocation } from '../invocation.js';
import {
  applicationInventory,
  displayVersion,
  InventoryFormatError,
  parseApplicationInventory,
} from './application-inventory.js';

/** A well-formed answer: nginx running, PHP 8.2 stopped, everything else absent. */
function inventoryText(overrides: Record<string, string> = {}, extra = ''): string {
  const lines = APPLICATION_NAMES.map((name) => overrides[name] ?? `app\t${name}\t0\t-\t-\t0`);
  return ['os\tdebian-12', 'arch\tamd64', ...lines, 'end', extra].filter(Boolean).join('\n') + '\n';
}

describe('parseApplicationInventory', () => {
  it('reads the system and every application', () => {
    const inventory = parseApplicationInventory(
      inventoryText({
        nginx: 'app\tnginx\t1\t1.22.1-9+deb12u1\tactive\t1',
        'php8.2': 'app\tphp8.2\t1\t8.2.28-1~deb12u1\tinactive\t0',
        mariadb: 'app\tmariadb\t1\t1:10.11.6-0+deb12u1\tfailed\t0',
        wireguard: 'app\twireguard\t1\t1.0.20210914-1+b1\t-\t0',
      }),
    );
    expect(inventory.os).toBe('debian-12');
    expect(inventory.architecture).toBe('amd64');
    expect(inventory.applications.size).toBe(APPLICATION_NAMES.length);
    expect(inventory.applications.get('nginx')).toEqual({
      name: 'nginx',
      installed: true,
      rawVersion: '1.22.1-9+deb12u1',
      serviceState: 'active',
      autoRestart: true,
    });
    expect(inventory.applications.get('php8.2')).toMatchObject({ installed: true, serviceState: 'inactive' });
    expect(inventory.applications.get('mariadb')).toMatchObject({ serviceState: 'failed' });
    expect(inventory.applications.get('wireguard')).toMatchObject({ installed: true, serviceState: null });
    expect(inventory.applications.get('mongod')).toEqual({
      name: 'mongod',
      installed: false,
      rawVersion: null,
      serviceState: null,
      autoRestart: false,
    });
  });

  it.each([
    ['an empty answer', ''],
    ['an answer cut before its end', inventoryText().replace('end\n', '')],
    ['a missing application', inventoryText().replace(/app\tmongod[^\n]*\n/, '')],
    ['an application twice', inventoryText({ nginx: 'app\tnginx\t0\t-\t-\t0\napp\tnginx\t0\t-\t-\t0' })],
    ['an unknown application', inventoryText({}, '').replace('end\n', 'app\tsendmail\t0\t-\t-\t0\nend\n')],
    ['an unknown service state', inventoryText({ nginx: 'app\tnginx\t1\t1.22\tdead\t0' })],
    ['a version of an absent application', inventoryText({ nginx: 'app\tnginx\t0\t1.22\t-\t0' })],
    ['an installed application without a version', inventoryText({ nginx: 'app\tnginx\t1\t-\tactive\t0' })],
    ['a version with a space', inventoryText({ nginx: 'app\tnginx\t1\t1.22 x\tactive\t0' })],
    ['a version with shell characters', inventoryText({ nginx: 'app\tnginx\t1\t$(id)\tactive\t0' })],
    ['a missing field', inventoryText({ nginx: 'app\tnginx\t1\t1.22\tactive' })],
    ['an extra field', inventoryText({ nginx: 'app\tnginx\t1\t1.22\tactive\t0\t1' })],
    ['a flag that is not 0 or 1', inventoryText({ nginx: 'app\tnginx\tyes\t1.22\tactive\t0' })],
    ['a line after the end', inventoryText({}, 'app\tnginx\t0\t-\t-\t0')],
    ['a stray line', `motd: welcome\n${inventoryText()}`],
    ['a progress line', `::hostdeck::info::hello\n${inventoryText()}`],
    ['no system', inventoryText().replace('os\tdebian-12\n', '')],
    ['a system with a tab', inventoryText().replace('os\tdebian-12', 'os\tdebian\t12')],
    ['a CRLF answer', inventoryText().replaceAll('\n', '\r\n')],
  ])('refuses %s', (_label, text) => {
    expect(() => parseApplicationInventory(text)).toThrow(InventoryFormatError);
  });
});

describe('displayVersion', () => {
  it.each([
    ['1.22.1-9+deb12u1', '1.22.1'],
    ['1:10.11.6-0+deb12u1', '10.11.6'],
    ['8.2.28-1~deb12u1', '8.2.28'],
    ['15.14-0+deb12u1', '15.14'],
    ['20.10.24+dfsg1-1+deb12u1+b6', '20.10.24'],
    ['1:9.18.33-1~deb12u2', '9.18.33'],
    ['1:1.0.20210914-1+b1', '1.0.20210914'],
    ['8.0.39-0ubuntu0.22.04.1', '8.0.39'],
    ['8.4.3-1debian12', '8.4.3'],
    ['1.18.0-6ubuntu14.4', '1.18.0'],
    ['8.0.4', '8.0.4'],
    ['7.0.4', '7.0.4'],
    ['cafc338', 'cafc338'],
  ])('%s → %s', (raw, shown) => {
    expect(displayVersion(raw)).toBe(shown);
  });
});

describe('the inventory script', () => {
  const temporary = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-inventory-'));
  afterAll(() => rmSync(temporary, { recursive: true, force: true }));

  /** Stand-ins for dpkg and systemctl: the script's logic, run through the real runner and frame. */
  function fakeTool(name: string, body: string) {
    const file = path.join(temporary, name);
    writeFileSync(file, `#!/bin/sh\n${body}\n`);
    chmodSync(file, 0o755);
  }
  fakeTool(
    'dpkg-query',
    `printf '%s\\n' 'nginx\tinstalled\t1.22.1-9+deb12u1' 'php8.2-fpm\tinstalled\t8.2.28-1~deb12u1' \\
      'mariadb-server\tconfig-files\t1:10.11.6-0+deb12u1' 'postgresql-15\tinstalled\t15.14-0+deb12u1' \\
      'wireguard-tools\tinstalled\t1.0.20210914-1+b1' 'docker.io\tunpacked\t20.10.24+dfsg1-1'`,
  );
  fakeTool('dpkg', `echo amd64`);
  fakeTool(
    'systemctl',
    `case "$*" in
  "show -p LoadState --value -- nginx") echo loaded ;;
  "show -p ActiveState --value -- nginx") echo active ;;
  "show -p LoadState --value -- php8.2-fpm") echo loaded ;;
  "show -p ActiveState --value -- php8.2-fpm") echo inactive ;;
  "show -p LoadState --value -- postgresql") echo loaded ;;
  "show -p ActiveState --value -- postgresql") echo active ;;
  "list-units --all --plain --no-legend -- postgresql@*.service") echo "postgresql@15-main.service loaded failed failed PostgreSQL Cluster 15-main" ;;
  *) echo "unexpected: $*" >&2; exit 1 ;;
esac`,
  );

  function runInventory(): Promise<{ status: number | null; stdout: string; stderr: string }> {
    const invocation = buildStepInvocation(applicationInventory, 'read', {});
    return new Promise((resolve, reject) => {
      const child = spawn('/bin/sh', ['-c', invocation.command], {
        env: { PATH: `${temporary}:/usr/bin:/bin`, LANG: 'C.UTF-8' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
      child.stdin.end(invocation.stdin);
    });
  }

  it('prints what the parser reads: versions, states, and cluster failures behind a running wrapper', async () => {
    const { status, stdout, stderr } = await runInventory();
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const inventory = parseApplicationInventory(stdout);
    expect(inventory.architecture).toBe('amd64');
    const pick = (name: (typeof APPLICATION_NAMES)[number]) => inventory.applications.get(name);
    expect(pick('nginx')).toMatchObject({
      installed: true,
      rawVersion: '1.22.1-9+deb12u1',
      serviceState: 'active',
    });
    expect(pick('php8.2')).toMatchObject({
      installed: true,
      rawVersion: '8.2.28-1~deb12u1',
      serviceState: 'inactive',
    });
    expect(pick('postgresql')).toMatchObject({
      installed: true,
      rawVersion: '15.14-0+deb12u1',
      serviceState: 'failed',
    });
    expect(pick('wireguard')).toMatchObject({ installed: true, serviceState: null });
    // Removed with its configuration kept, or half-installed: not installed.
    expect(pick('mariadb')).toMatchObject({ installed: false, serviceState: null });
    expect(pick('docker')).toMatchObject({ installed: false });
    expect(pick('mysql')).toMatchObject({ installed: false });
    expect(pick('pm2')?.installed).toBe(
      existsSync('/usr/local/lib/node_modules/pm2/package.json') ||
        existsSync('/usr/lib/node_modules/pm2/package.json'),
    );
  });
});
