import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bootTestServer,
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../../tools/test-server/index.js';
import { connectToTestServer } from '../../../tools/test-server/web-test-server.js';
import { buildStepInvocation } from './invocation.js';
import { parseStepLogLine, type StepLogLine } from './progress.js';
import { serverProvision } from './server-provision.js';

/**
 * The provisioning recipe on a real Debian 12 test server: every step built by the production
 * builder and run over SSH as the job runner does (one session, one exec per step, stop at the
 * first failing step), then the server itself is checked.
 */
const SERVER = 'prov1';
type ProvisionInput = z.input<typeof serverProvision.input>;
let server: TestServer;

interface StepRun {
  id: string;
  exitCode: number | null;
  output: string;
  lines: StepLogLine[];
}

/** Runs the recipe from its first step, or from `fromStep` on (the panel's "retry from here"). */
async function provision(input: ProvisionInput, fromStep?: string): Promise<StepRun[]> {
  const session = await connectToTestServer(server);
  const runs: StepRun[] = [];
  try {
    const first = fromStep ? serverProvision.steps.findIndex((step) => step.id === fromStep) : 0;
    for (const step of serverProvision.steps.slice(first)) {
      const invocation = buildStepInvocation(serverProvision, step.id, input);
      let output = '';
      let stdout = '';
      const result = await session.run({
        command: invocation.command,
        stdin: invocation.stdin,
        onStdout: (text) => ((output += text), (stdout += text)),
        onStderr: (text) => (output += text),
        totalTimeoutMs: step.timeoutMs,
      });
      // Progress lines come on stdout alone: in `output` a stderr chunk (curl's message) can land
      // in the middle of one.
      const lines = stdout.split('\n').flatMap((line) => parseStepLogLine(line) ?? []);
      runs.push({ id: step.id, exitCode: result.exitCode, output, lines });
      if (result.exitCode !== 0) break;
    }
  } finally {
    await session.close();
  }
  return runs;
}

/** Fails with the output of the first step that did not pass. */
function expectAllPassed(runs: StepRun[]) {
  const failed = runs.find((run) => run.exitCode !== 0);
  expect(failed, failed && `step ${failed.id} failed:\n${failed.output}`).toBeUndefined();
  expect(runs.map((run) => run.id)).toEqual(serverProvision.steps.map((step) => step.id));
}

const changesOf = (runs: StepRun[]) =>
  runs.flatMap((run) =>
    run.lines.filter((line) => line.level === 'change').map((line) => `${run.id}: ${line.message}`),
  );

async function onServer(script: string) {
  return runOnTestServer(server, ['bash', '-c', script]);
}

async function stdoutOf(script: string) {
  const result = await onServer(script);
  expect(result.code, `${script}\n${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

/** Configuration the recipe writes, with checksums: the same after an idempotent run. */
const SNAPSHOT_FILES = [
  '/etc/fail2ban/jail.local',
  '/etc/ufw/user.rules',
  '/etc/ufw/user6.rules',
  '/etc/apt/apt.conf.d/20auto-upgrades',
  '/etc/apt/apt.conf.d/52hostdeck-security-only',
  '/etc/nginx/sites-available/default',
  '/etc/nginx/hostdeck/default-site.d/php.conf',
  '/etc/passwd',
  '/etc/group',
  '/etc/timezone',
];
const SNAPSHOT = [
  `sha256sum ${SNAPSHOT_FILES.join(' ')}`,
  'readlink /etc/localtime',
  'dpkg-query -W -f "\\${Package} \\${Version}\\n" | sha256sum',
].join('\n');

beforeAll(async () => {
  await bootTestServer(SERVER);
  server = await resetTestServer(SERVER);
});

afterAll(async () => {
  await stopTestServer(SERVER);
});

describe('server-provision on a Debian 12 test server', () => {
  it('refuses an unsupported operating system before changing anything', async () => {
    await stdoutOf(
      [
        'rm -f /etc/os-release',
        'printf "%s\\n" "PRETTY_NAME=\\"Debian GNU/Linux 11 (bullseye)\\"" ID=debian VERSION_ID=\\"11\\" VERSION_CODENAME=bullseye >/etc/os-release',
      ].join('\n'),
    );
    try {
      const runs = await provision({});
      expect(runs.map((run) => run.id)).toEqual(['detect-os']);
      expect(runs[0]!.exitCode).toBe(1);
      expect(runs[0]!.lines).toEqual([
        {
          level: 'error',
          message:
            'unsupported operating system: Debian GNU/Linux 11 (bullseye) (debian-11); supported: Ubuntu 20.04, Ubuntu 22.04, Ubuntu 24.04, Debian 12',
        },
      ]);
      expect(await stdoutOf('dpkg-query -W -f "\\${db:Status-Status}" ufw')).toBe('not-installed');
    } finally {
      server = await resetTestServer(SERVER);
    }
  });

  describe('with nginx, PHP 8.2 and MariaDB', () => {
    const input: ProvisionInput = {
      web_server: 'nginx',
      php_versions: ['8.2'],
      database: 'mariadb',
      default_linux_user: 'deploy',
      timezone: 'Asia/Ho_Chi_Minh',
    };
    let snapshot: string;

    it('provisions the server, step by step', async () => {
      const runs = await provision(input);
      expectAllPassed(runs);
      expect(changesOf(runs).length).toBeGreaterThan(5);
      const swap = runs.find((run) => run.id === 'swap')!;
      expect(swap.lines[0]?.message).toMatch(/^skipped: this server is a container/);

      // ufw: active, with SSH (and the web) allowed, in the kernel's rules too.
      const ufw = await stdoutOf('ufw status');
      expect(ufw).toContain('Status: active');
      expect(ufw).toMatch(/^22\/tcp +ALLOW +Anywhere/m);
      expect(ufw).toMatch(/^80\/tcp +ALLOW +Anywhere/m);
      expect(await stdoutOf('iptables -S ufw-user-input')).toContain('--dport 22 -j ACCEPT');

      // fail2ban: the sshd jail really runs, on journald (Debian 12 has no auth.log).
      expect(await stdoutOf('systemctl is-active fail2ban')).toBe('active');
      expect(await stdoutOf('fail2ban-client status sshd')).toContain('Journal matches:');
      expect(await stdoutOf('cat /etc/fail2ban/jail.local')).toMatch(/^backend = systemd$/m);

      expect(await stdoutOf('systemctl is-active nginx php8.2-fpm mariadb unattended-upgrades')).toBe(
        'active\nactive\nactive\nactive',
      );
      expect(await stdoutOf('systemctl is-enabled nginx php8.2-fpm mariadb fail2ban ufw')).toBe(
        'enabled\nenabled\nenabled\nenabled\nenabled',
      );

      // nginx answers on the server's address from outside, through the firewall, and runs PHP.
      const response = await fetch(`http://${server.address}/`);
      expect(response.status).toBe(200);
      expect(response.headers.get('server')).toMatch(/^nginx/);
      await stdoutOf('printf "<?php echo PHP_VERSION, \\" \\", php_sapi_name();" >/var/www/html/probe.php');
      const php = await fetch(`http://${server.address}/probe.php`);
      expect(await php.text()).toMatch(/^8\.2\.\d+ fpm-fcgi$/);
      await stdoutOf('rm /var/www/html/probe.php');

      // MariaDB: root on the local socket only, listening on localhost only.
      expect(await stdoutOf('mariadb --batch --skip-column-names -e "SELECT 1"')).toBe('1');
      const passwordLogin = await onServer(
        'mariadb --no-defaults -h 127.0.0.1 -u root --password= -e "SELECT 1"',
      );
      expect(passwordLogin.code).not.toBe(0);
      expect(await stdoutOf('ss -Hltn "sport = :3306" | awk "{ print \\$4 }"')).toBe('127.0.0.1:3306');

      // The default Linux user: home, bash, no password, no sudo.
      expect(await stdoutOf('getent passwd deploy | cut -d: -f6,7')).toBe('/home/deploy:/bin/bash');
      expect(await stdoutOf('passwd -S deploy | cut -d" " -f2')).toBe('L');
      expect(await stdoutOf('id -nG deploy')).toBe('deploy');
      expect(await stdoutOf('test -d /home/deploy && stat -c %U /home/deploy')).toBe('deploy');

      expect(await stdoutOf('timedatectl show -p Timezone --value')).toBe('Asia/Ho_Chi_Minh');
      expect(await stdoutOf('cat /etc/apt/apt.conf.d/20auto-upgrades')).toContain(
        'APT::Periodic::Unattended-Upgrade "1";',
      );
      expect(await stdoutOf('unattended-upgrade --dry-run -d 2>&1 | grep "Allowed origins"')).toBe(
        'Allowed origins are: origin=Debian,codename=bookworm-security,label=Debian-Security, origin=Debian,codename=bookworm,label=Debian-Security',
      );

      const finish = runs.at(-1)!;
      expect(finish.lines.map((line) => line.message)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^nginx 1\.22\.\d.* \(nginx: active\)$/),
          expect.stringMatching(/^PHP 8\.2 \(FPM\) 8\.2\.\d.* \(php8\.2-fpm: active\)$/),
          expect.stringMatching(/^MariaDB .*10\.11\.\d.* \(mariadb: active\)$/),
        ]),
      );
      snapshot = await stdoutOf(SNAPSHOT);
    });

    it('runs again on the provisioned server: every step passes and nothing changes', async () => {
      const runs = await provision(input);
      expectAllPassed(runs);
      expect(changesOf(runs)).toEqual([]);
      expect(await stdoutOf(SNAPSHOT)).toBe(snapshot);
      expect((await fetch(`http://${server.address}/`)).status).toBe(200);
    });

    it('fails clearly where a step cannot work here, leaving what runs untouched', async () => {
      // PHP 8.3 is not Debian's: packages.sury.org is needed, and test servers have no internet.
      const php = await provision({ ...input, php_versions: ['8.2', '8.3'] }, 'php');
      expect(php.map((run) => [run.id, run.exitCode])).toEqual([['php', 1]]);
      expect(php[0]!.lines.at(-1), php[0]!.output).toEqual({
        level: 'error',
        message: 'could not download the packages.sury.org keyring',
      });
      expect(await stdoutOf('test ! -e /etc/apt/sources.list.d/php.list && echo absent')).toBe('absent');
      // MySQL and MariaDB replace each other's packages: refused before apt runs.
      const mysql = await provision({ ...input, database: 'mysql' }, 'database');
      expect(mysql[0]!.exitCode).toBe(1);
      expect(mysql[0]!.lines).toEqual([
        {
          level: 'error',
          message: 'MariaDB is installed on this server; MySQL cannot be installed beside it',
        },
      ]);
      expect(await stdoutOf('systemctl is-active php8.2-fpm mariadb nginx')).toBe('active\nactive\nactive');
      expect(await stdoutOf(SNAPSHOT)).toBe(snapshot);
    });
  });

  it('installs Apache and PostgreSQL, keeping every port sshd listens on open', async () => {
    server = await resetTestServer(SERVER);
    // sshd also listens on 2222: both ports must be allowed before ufw is enabled, and jailed.
    await stdoutOf(
      'printf "Port 22\\nPort 2222\\n" >/etc/ssh/sshd_config.d/ports.conf && systemctl restart ssh && sleep 0.5',
    );
    const input: ProvisionInput = { web_server: 'apache2', php_versions: ['8.2'], database: 'postgresql' };
    const runs = await provision(input);
    expectAllPassed(runs);

    const ufw = await stdoutOf('ufw status');
    expect(ufw).toMatch(/^22\/tcp +ALLOW +Anywhere/m);
    expect(ufw).toMatch(/^2222\/tcp +ALLOW +Anywhere/m);
    expect(
      await stdoutOf('fail2ban-client get sshd actions >/dev/null && grep "^port" /etc/fail2ban/jail.local'),
    ).toBe('port = 22,2222');
    expect(await stdoutOf('systemctl is-active apache2 postgresql php8.2-fpm fail2ban')).toBe(
      'active\nactive\nactive\nactive',
    );
    expect((await onServer('systemctl is-active nginx')).stdout.trim()).not.toBe('active');
    expect(await stdoutOf('runuser -u postgres -- psql -tAc "SELECT 1"')).toBe('1');
    expect(await stdoutOf('ss -Hltn "sport = :5432" | awk "{ print \\$4 }" | sort')).toBe(
      '127.0.0.1:5432\n[::1]:5432',
    );

    const response = await fetch(`http://${server.address}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('server')).toMatch(/^Apache/);
    await stdoutOf('printf "<?php echo php_sapi_name();" >/var/www/html/probe.php');
    expect(await (await fetch(`http://${server.address}/probe.php`)).text()).toBe('fpm-fcgi');

    // The default user is the contracts' default; a second run changes nothing here either.
    expect(await stdoutOf('getent passwd hostdeck | cut -d: -f6')).toBe('/home/hostdeck');
    const again = await provision(input);
    expectAllPassed(again);
    expect(changesOf(again)).toEqual([]);
  });
});
