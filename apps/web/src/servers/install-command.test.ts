import { describe, expect, it } from 'vitest';
import { awaitsInstallCommand, installCommandLines } from './install-command';

describe('installCommandLines', () => {
  it('breaks at shell operators, each line keeping its operator', () => {
    expect(
      installCommandLines('mkdir -p /root/.ssh && chmod 700 /root/.ssh; curl -fsS https://x.test/k | sh'),
    ).toEqual(['mkdir -p /root/.ssh &&', 'chmod 700 /root/.ssh ;', 'curl -fsS https://x.test/k |', 'sh']);
  });

  it('never breaks inside quotes or after an escaped operator', () => {
    const command = `echo 'ssh-ed25519 AAAA a&&b; c|d' >> /root/.ssh/authorized_keys || echo "x \\" && y" && true \\; z`;
    expect(installCommandLines(command)).toEqual([
      `echo 'ssh-ed25519 AAAA a&&b; c|d' >> /root/.ssh/authorized_keys ||`,
      `echo "x \\" && y" &&`,
      'true \\; z',
    ]);
  });

  it('keeps a simple command whole', () => {
    expect(installCommandLines('  true  ')).toEqual(['true']);
    expect(installCommandLines('')).toEqual([]);
  });

  it('rebuilt from its lines, the command runs the same (same words and operators)', () => {
    const command = 'a && b || c ; d | e';
    const words = (text: string) => text.split(/\s+/).filter(Boolean);
    expect(words(installCommandLines(command).join('\n'))).toEqual(words(command));
  });
});

describe('awaitsInstallCommand', () => {
  it('is true only while a command is waiting to be run', () => {
    expect(awaitsInstallCommand({ install_command: 'true' })).toBe(true);
    expect(awaitsInstallCommand({ install_command: null })).toBe(false);
    expect(awaitsInstallCommand({ install_command: ' ' })).toBe(false);
  });
});
