import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseStepLogLine } from './progress.js';
import { recipeScriptsDirectory } from './scripts.js';

// The helpers of scripts/lib, run with the local bash on temporary files; commands that need a
// real server (apt-get, dpkg-query, systemctl) are replaced by fakes on PATH that record calls.
const lib = path.join(recipeScriptsDirectory(), 'lib');
let directory: string;
let backups: string;
let fakeBin: string;
let calls: string;

beforeEach(() => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-helpers-'));
  backups = path.join(directory, 'backups');
  fakeBin = path.join(directory, 'bin');
  calls = path.join(directory, 'calls.log');
  mkdirSync(fakeBin);
  mkdirSync(path.join(directory, 'etc'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** Runs `body` after the helpers, in bash with strict mode, `args` as $1…; returns status and output. */
function helpers(body: string, args: string[] = [], input = '', settings = '') {
  const program = [
    'set -euo pipefail',
    `hd_config_backup_dir=${JSON.stringify(backups)}`,
    `hd_state_dir=${JSON.stringify(path.join(directory, 'state'))}`,
    settings,
    ...['common.sh', 'files.sh', 'services.sh', 'apt.sh'].map(
      (name) => `source ${JSON.stringify(path.join(lib, name))}`,
    ),
    body,
  ].join('\n');
  const result = spawnSync('bash', ['--norc', '-c', program, 'test', ...args], {
    input,
    encoding: 'utf8',
    env: { PATH: `${fakeBin}:${process.env.PATH ?? '/usr/bin:/bin'}`, CALLS: calls, TMPDIR: directory },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function fake(name: string, script: string) {
  const file = path.join(fakeBin, name);
  writeFileSync(file, `#!/usr/bin/env bash\nprintf '%s\\n' "${name} $*" >>"$CALLS"\n${script}\n`);
  chmodSync(file, 0o755);
}

const recorded = () => (existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : []);
const leftovers = (folder: string) => readdirSync(folder).filter((name) => name.includes('.hostdeck.'));
const me = `${os.userInfo().uid}:${os.userInfo().gid}`;

describe('hd_log', () => {
  it('prints one structured line per call, control characters made spaces', () => {
    const run = helpers('hd_log info "$1"; hd_log change done; hd_log bogus x; hd_log warn', ['a\nb\r\tc']);
    expect(run.stdout).toBe(
      '::hostdeck::info::a b  c\n::hostdeck::change::done\n::hostdeck::info::x\n::hostdeck::warn::\n',
    );
    expect(run.stdout.trimEnd().split('\n').map(parseStepLogLine)).toEqual([
      { level: 'info', message: 'a b  c' },
      { level: 'change', message: 'done' },
      { level: 'info', message: 'x' },
      { level: 'warn', message: '' },
    ]);
    expect(parseStepLogLine('apt output')).toBeNull();
    expect(parseStepLogLine('::hostdeck::debug::x')).toBeNull();
  });

  it('hd_fail ends the step with status 1', () => {
    const run = helpers('hd_fail "it broke"; echo unreachable');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('::hostdeck::error::it broke\n');
  });
});

describe('hd_write_atomic', () => {
  it('writes stdin with the mode and owner, by rename, leaving no temporary file', () => {
    const target = path.join(directory, 'etc', 'site.conf');
    writeFileSync(target, 'old\n');
    const before = statSync(target).ino;
    const run = helpers('hd_write_atomic "$1" 0640 "$2"', [target, me], 'new content\n$(not run)\n');
    expect(run.status).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('new content\n$(not run)\n');
    expect(statSync(target).mode & 0o777).toBe(0o640);
    expect(statSync(target).ino).not.toBe(before);
    expect(leftovers(path.join(directory, 'etc'))).toEqual([]);
  });

  it('leaves the old file and no temporary file when it fails', () => {
    const target = path.join(directory, 'etc', 'site.conf');
    writeFileSync(target, 'old\n');
    const run = helpers('hd_write_atomic "$1" 0644 no-such-user-hostdeck', [target], 'new\n');
    expect(run.status).not.toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('old\n');
    expect(leftovers(path.join(directory, 'etc'))).toEqual([]);
  });

  it('treats a path that looks like an option as a path', () => {
    const run = helpers(
      'cd "$1" && hd_write_atomic --help 0644 "$2"',
      [path.join(directory, 'etc'), me],
      'x',
    );
    expect(run.status).toBe(0);
    expect(readFileSync(path.join(directory, 'etc', '--help'), 'utf8')).toBe('x');
  });
});

describe('hd_apply_config', () => {
  const target = () => path.join(directory, 'etc', 'nginx.conf');
  const apply = (content: string, validator: string) =>
    helpers(
      `status=0; hd_apply_config "$1" ${validator} || status=$?; hd_config_was_changed && echo CHANGED || echo SAME; exit $status`,
      [target()],
      content,
    );

  it('writes a new file, validates it and reports the change', () => {
    const run = apply('good\n', 'grep -q good "$1"');
    expect(run.status).toBe(0);
    expect(readFileSync(target(), 'utf8')).toBe('good\n');
    expect(statSync(target()).mode & 0o777).toBe(0o644);
    expect(run.stdout).toContain(`::hostdeck::change::wrote ${target()}`);
    expect(run.stdout).toContain('CHANGED');
  });

  it('changes nothing, and does not run the validator, when the content is the same', () => {
    writeFileSync(target(), 'same\n');
    const run = apply('same\n', 'false');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('SAME');
    expect(run.stdout).not.toContain('::change::');
    expect(existsSync(backups)).toBe(false);
  });

  it('keeps the mode of the file it replaces and a backup of it', () => {
    writeFileSync(target(), 'v1\n');
    chmodSync(target(), 0o600);
    const run = apply('v2\n', 'true');
    expect(run.status).toBe(0);
    expect(readFileSync(target(), 'utf8')).toBe('v2\n');
    expect(statSync(target()).mode & 0o777).toBe(0o600);
    expect(readdirSync(backups).map((name) => readFileSync(path.join(backups, name), 'utf8'))).toEqual([
      'v1\n',
    ]);
  });

  it('restores the previous file when the validator fails, and prints its output', () => {
    writeFileSync(target(), 'last good\n');
    const run = apply('broken\n', `sh -c 'echo "emerg: unknown directive" >&2; exit 1'`);
    expect(run.status).toBe(1);
    expect(readFileSync(target(), 'utf8')).toBe('last good\n');
    expect(run.stderr).toContain('emerg: unknown directive');
    expect(run.stdout).toContain('previous version was restored');
    expect(run.stdout).toContain('SAME');
    expect(leftovers(path.join(directory, 'etc'))).toEqual([]);
  });

  it('removes a new file the validator rejects', () => {
    const run = apply('broken\n', 'false');
    expect(run.status).toBe(1);
    expect(existsSync(target())).toBe(false);
  });

  it('stops a strict-mode step when validation fails', () => {
    const run = helpers('hd_apply_config "$1" false; echo unreachable', [target()], 'x\n');
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('unreachable');
  });
});

describe('hd_apply_link', () => {
  const link = () => path.join(directory, 'etc', 'enabled');
  const available = () => path.join(directory, 'etc', 'available');

  it('links, then changes nothing on a second run', () => {
    writeFileSync(available(), 'site\n');
    const first = helpers('hd_apply_link "$1" "$2" true; hd_config_was_changed', [link(), available()]);
    expect(first.status).toBe(0);
    expect(readlinkSync(link())).toBe(available());
    const second = helpers('hd_apply_link "$1" "$2" false; hd_config_was_changed || echo SAME', [
      link(),
      available(),
    ]);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('SAME');
  });

  it('puts back what stood there when the validator fails', () => {
    writeFileSync(link(), 'a hand-made file\n');
    const run = helpers('hd_apply_link "$1" "$2" false', [link(), available()]);
    expect(run.status).toBe(1);
    expect(lstatSync(link()).isFile()).toBe(true);
    expect(readFileSync(link(), 'utf8')).toBe('a hand-made file\n');
  });

  it('removes a new link the validator rejects', () => {
    const run = helpers('hd_apply_link "$1" "$2" false', [link(), available()]);
    expect(run.status).toBe(1);
    expect(existsSync(link()) || lstatSync(link(), { throwIfNoEntry: false }) !== undefined).toBe(false);
  });
});

describe('services', () => {
  it('hd_reload_service reloads with -- and checks the service is active', () => {
    fake('systemctl', 'exit 0');
    const run = helpers('hd_reload_service nginx');
    expect(run.status).toBe(0);
    expect(recorded()).toEqual([
      'systemctl reload-or-restart -- nginx',
      'systemctl is-active --quiet -- nginx',
    ]);
    expect(run.stdout).toContain('::hostdeck::change::reloaded nginx');
  });

  it('hd_reload_service fails when the service is not active afterwards', () => {
    fake('systemctl', '[[ $1 == is-active ]] && exit 3; exit 0');
    const run = helpers('hd_reload_service nginx');
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain('::hostdeck::error::nginx is not running after reload');
  });

  it('hd_enable_service does nothing to an enabled, running service', () => {
    fake('systemctl', 'exit 0');
    const run = helpers('hd_enable_service nginx');
    expect(run.status).toBe(0);
    expect(recorded().filter((call) => !call.includes(' is-'))).toEqual([]);
    expect(run.stdout).not.toContain('::change::');
  });

  it('hd_enable_service enables and starts a stopped service', () => {
    fake(
      'systemctl',
      'state=$(dirname "$CALLS")/started; case $1 in is-enabled) exit 1;; is-active) [[ -e $state ]] || exit 3;; start) touch "$state";; esac',
    );
    const run = helpers('hd_enable_service nginx');
    expect(run.status).toBe(0);
    expect(recorded()).toContain('systemctl enable --quiet -- nginx');
    expect(recorded()).toContain('systemctl start -- nginx');
  });
});

describe('hd_apt_install', () => {
  const lists = () => path.join(directory, 'lists');
  const settings = () =>
    `hd_apt_lists_dir=${JSON.stringify(lists())}; hd_apt_retry_delay_seconds=0; hd_apt_attempts=3`;

  beforeEach(() => {
    fake('dpkg-query', '[[ ${@: -1} == installed-package ]] && { printf installed; exit 0; }; exit 1');
    mkdirSync(lists());
  });

  it('does nothing at all when every package is installed', () => {
    fake('apt-get', 'exit 0');
    const run = helpers('hd_apt_install installed-package', [], '', settings());
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(recorded()).toEqual(['dpkg-query -W -f=${db:Status-Status} -- installed-package']);
  });

  it('refreshes stale lists, installs only what is missing after --, and retries while dpkg is locked', () => {
    fake(
      'apt-get',
      'if [[ " $* " == *" install "* && ! -e $CALLS.locked ]]; then touch "$CALLS.locked"; echo "E: Could not get lock /var/lib/dpkg/lock-frontend" >&2; exit 100; fi',
    );
    const run = helpers('hd_apt_install installed-package nginx curl', [], '', settings());
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const aptCalls = recorded().filter((call) => call.startsWith('apt-get'));
    const options =
      '-o DPkg::Lock::Timeout=120 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold';
    expect(aptCalls).toEqual([
      `apt-get ${options} update -q`,
      `apt-get ${options} install -y -q --no-install-recommends -- nginx curl`,
      `apt-get ${options} install -y -q --no-install-recommends -- nginx curl`,
    ]);
    expect(run.stdout).toContain('::hostdeck::warn::the package manager is busy');
    expect(run.stdout).toContain('::hostdeck::change::installed nginx curl');
  });

  it('skips apt-get update when the lists are fresh, and reports other failures at once', () => {
    writeFileSync(path.join(lists(), 'deb.debian.org_debian_dists_bookworm_main_binary-amd64_Packages'), '');
    fake('apt-get', 'echo "E: Unable to locate package nosuch" >&2; exit 100');
    const run = helpers('hd_apt_install nosuch', [], '', settings());
    expect(run.status).toBe(100);
    expect(recorded().filter((call) => call.startsWith('apt-get'))).toHaveLength(1);
    expect(recorded().some((call) => call.includes(' update'))).toBe(false);
    expect(run.stdout).toContain('::hostdeck::error::apt-get install failed');
  });
});

// Issue 25, finding 5: root's working files never go where another user could plant a link first.
describe('hd_private_dir, hd_temp_dir, hd_temp_file', () => {
  const state = () => path.join(directory, 'state');

  it('make private folders in the state folder, removed at the end of the step', () => {
    const run = helpers(
      'hd_private_dir kept clone && hd_temp_dir step && hd_temp_file file && ' +
        'printf "%s\\n%s\\n%s\\n" "$kept" "$step" "$file" && test -d "$step" && test -f "$file"',
    );
    expect(run.status, run.stderr + run.stdout).toBe(0);
    const [kept, step, file] = run.stdout.trim().split('\n');
    expect(kept).toBe(path.join(state(), 'clone'));
    expect(path.dirname(step!)).toBe(path.join(state(), 'tmp'));
    expect(path.dirname(file!)).toBe(path.join(state(), 'tmp'));
    for (const folder of ['clone', 'tmp'])
      expect(statSync(path.join(state(), folder)).mode & 0o777).toBe(0o700);
    // The step's own folder and file went with it; the kept folder stays.
    expect(readdirSync(path.join(state(), 'tmp'))).toEqual([]);
    expect(existsSync(kept!)).toBe(true);
  });

  it('refuse a link in place of a folder', () => {
    const elsewhere = path.join(directory, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o755 });
    mkdirSync(state());
    spawnSync('ln', ['-s', elsewhere, path.join(state(), 'tmp')]);
    const run = helpers('hd_temp_dir step && echo "$step"');
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain('is not a folder of its own user');
    expect(statSync(elsewhere).mode & 0o777).toBe(0o755);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(lstatSync(path.join(state(), 'tmp')).isSymbolicLink()).toBe(true);
  });
});
