import { describe, expect, it } from 'vitest';
import { DEBIAN_12_OS_RELEASE, SYSTEM_INFO_OUTPUT } from './testing/fake-server.js';
import { detectOs, parseOsRelease, parseSystemInfo, UnexpectedOutputError } from './system-info.js';

describe('os-release', () => {
  it('names the supported systems as contracts SUPPORTED_OS_IDS does', () => {
    expect(detectOs(DEBIAN_12_OS_RELEASE)).toEqual({
      id: 'debian-12',
      name: 'Debian GNU/Linux 12 (bookworm)',
      supported: true,
    });
    const ubuntu = 'NAME="Ubuntu"\nVERSION_ID="24.04"\nID=ubuntu\nPRETTY_NAME="Ubuntu 24.04.1 LTS"\n';
    expect(detectOs(ubuntu)).toEqual({ id: 'ubuntu-24.04', name: 'Ubuntu 24.04.1 LTS', supported: true });
    expect(detectOs('ID=ubuntu\nVERSION_ID="18.04"\nPRETTY_NAME="Ubuntu 18.04.6 LTS"').supported).toBe(false);
    expect(
      detectOs('ID=debian\nVERSION_ID="11"\nPRETTY_NAME="Debian GNU/Linux 11 (bullseye)"'),
    ).toMatchObject({
      id: 'debian-11',
      supported: false,
    });
    expect(detectOs('ID=alpine\nVERSION_ID=3.20.1\nNAME="Alpine Linux"')).toMatchObject({
      name: 'Alpine Linux',
      supported: false,
    });
  });

  it('reads quoting as the shell does and ignores progress lines and comments', () => {
    expect(parseOsRelease('# c\n::hostdeck::info::x\nA="say \\"hi\\""\nB=\'x y\'\nC=plain\n')).toEqual({
      A: 'say "hi"',
      B: 'x y',
      C: 'plain',
    });
    expect(() => detectOs('NAME=nothing')).toThrow(UnexpectedOutputError);
  });
});

describe('system information', () => {
  it('parses every field of the recipe’s output into numbers and text', () => {
    expect(parseSystemInfo(`::hostdeck::info::reading\n${SYSTEM_INFO_OUTPUT}`)).toEqual({
      os: 'Debian GNU/Linux 12 (bookworm)',
      os_id: 'debian-12',
      kernel: '6.1.0-13-amd64',
      hostname: 'web-1',
      cpu_model: 'AMD EPYC',
      cpu_cores: 2,
      memory_total_bytes: 2048000000,
      memory_used_bytes: 512000000,
      swap_total_bytes: 0,
      disk_total_bytes: 40000000000,
      disk_used_bytes: 4000000000,
      load: [0.12, 0.3, 0.25],
      uptime_seconds: 12345.67,
      timezone: 'Etc/UTC',
    });
  });

  it('refuses output of another shape instead of guessing', () => {
    const without = (key: string) =>
      SYSTEM_INFO_OUTPUT.split('\n')
        .filter((line) => !line.startsWith(`${key}=`))
        .join('\n');
    const replaced = (key: string, value: string) =>
      SYSTEM_INFO_OUTPUT.replace(new RegExp(`^${key}=.*$`, 'm'), `${key}=${value}`);
    for (const output of [
      without('timezone'),
      replaced('cpu_cores', 'two'),
      replaced('memory_used_bytes', '-5'),
      replaced('load', '0.1 0.2'),
      replaced('disk_total_bytes', '1e9'),
      `${SYSTEM_INFO_OUTPUT}cpu_cores=4\n`,
      `${SYSTEM_INFO_OUTPUT}surprise=1\n`,
      'bash: df: command not found\n',
    ]) {
      expect(() => parseSystemInfo(output), output).toThrow(UnexpectedOutputError);
    }
  });
});
