import { describe, expect, it } from 'vitest';
import { parseSshdRaw, SSH_MESSAGES } from '@hostdeck/contracts/ssh';
import { InventoryFormatError, parseSshInventory, renderSshdDropIn, sshConfig } from '@hostdeck/recipes/ssh';
import { buildStepInvocation } from '@hostdeck/recipes';
import { findLockout } from './ssh-lockout.js';
import { dropInSettingsText, mergeForm } from './ssh.service.js';

const root = (auth: 'key' | 'password') => ({ user: 'root', auth });

describe('the raw drop-in grammar', () => {
  it('reads Keyword value lines, skipping blanks and comments, keyword case as sshd reads it', () => {
    expect(
      parseSshdRaw('# mine\n\nmaxauthtries 3\nAllowUsers root hostdeck@10.0.0.*\r\nX11Forwarding=no\n'),
    ).toEqual({
      settings: [
        { keyword: 'MaxAuthTries', value: '3' },
        { keyword: 'AllowUsers', value: 'root hostdeck@10.0.0.*' },
        { keyword: 'X11Forwarding', value: 'no' },
      ],
      problems: [],
    });
  });

  it.each([
    ['Match User x', SSH_MESSAGES.keyword],
    ['Include /etc/evil.conf', SSH_MESSAGES.keyword],
    ['ForceCommand /bin/sh', SSH_MESSAGES.keyword],
    ['Port 2222', SSH_MESSAGES.portInRaw],
    ['Banner "/etc/issue"', SSH_MESSAGES.keyword],
    ['MaxAuthTries "3"', SSH_MESSAGES.value],
    ['AllowUsers root # comment', SSH_MESSAGES.value],
    ['AllowUsers $(id)', SSH_MESSAGES.value],
    ['MaxAuthTries 3\nmaxauthtries 4', SSH_MESSAGES.duplicate],
    ['just-a-word', SSH_MESSAGES.line],
  ])('refuses %j', (text, message) => {
    expect(parseSshdRaw(text).problems[0]?.message).toBe(message);
  });
});

describe('settings that surely lock the panel out', () => {
  const lockout = (raw: string, auth: 'key' | 'password' = 'key') =>
    findLockout(parseSshdRaw(raw).settings, root(auth))?.keyword ?? null;

  it('are found for the way the panel logs in', () => {
    expect(lockout('PermitRootLogin no')).toBe('PermitRootLogin');
    expect(lockout('PermitRootLogin prohibit-password')).toBeNull();
    expect(lockout('PermitRootLogin prohibit-password', 'password')).toBe('PermitRootLogin');
    expect(lockout('PasswordAuthentication no')).toBeNull();
    expect(lockout('PasswordAuthentication no', 'password')).toBe('PasswordAuthentication');
    expect(lockout('PubkeyAuthentication no')).toBe('PubkeyAuthentication');
    expect(lockout('AllowUsers hostdeck deploy')).toBe('AllowUsers');
    expect(lockout('AllowUsers hostdeck ro?t')).toBeNull();
    expect(lockout('DenyUsers r*')).toBe('DenyUsers');
    expect(lockout('DenyUsers root@192.0.2.1')).toBeNull();
    expect(lockout('AuthenticationMethods password')).toBe('AuthenticationMethods');
    expect(lockout('AuthenticationMethods publickey,password publickey')).toBeNull();
    expect(lockout('AuthenticationMethods publickey', 'password')).toBe('AuthenticationMethods');
  });

  it('passes what depends on the address (safe apply catches it on the server)', () => {
    expect(lockout('AllowUsers root@192.0.2.77')).toBeNull();
  });
});

describe('the form over the drop-in', () => {
  it('replaces its keywords, keeps the other lines and drops AllowUsers when empty', () => {
    const current = parseSshdRaw(
      dropInSettingsText(
        renderSshdDropIn(22, [
          { keyword: 'X11Forwarding', value: 'no' },
          { keyword: 'AllowUsers', value: 'root' },
        ]),
      ),
    ).settings;
    const merged = mergeForm(current, {
      port: 2222,
      permitrootlogin: 'prohibit-password',
      passwordauthentication: 'no',
      pubkeyauthentication: 'yes',
      allowusers: '',
      maxauthtries: 3,
      clientaliveinterval: 0,
    });
    expect(merged).toEqual([
      { keyword: 'X11Forwarding', value: 'no' },
      { keyword: 'PermitRootLogin', value: 'prohibit-password' },
      { keyword: 'PasswordAuthentication', value: 'no' },
      { keyword: 'PubkeyAuthentication', value: 'yes' },
      { keyword: 'MaxAuthTries', value: '3' },
      { keyword: 'ClientAliveInterval', value: '0' },
    ]);
  });
});

describe('the ssh recipes', () => {
  it('send the drop-in through the environment, the port first', () => {
    const invocation = buildStepInvocation(sshConfig, 'apply', sshConfig.example);
    expect(invocation.command).not.toContain('MaxAuthTries');
    expect(renderSshdDropIn(2222, [{ keyword: 'MaxAuthTries', value: '4' }])).toMatch(
      /^# Managed by HostDeck.*\nPort 2222\nMaxAuthTries 4\n$/,
    );
  });

  it('confirm on a new connection to the new port', () => {
    const input = sshConfig.input.parse({ ...sshConfig.example, port: 2222 });
    expect(sshConfig.safeApply?.port?.(input)).toBe(2222);
    expect(sshConfig.safeApply?.confirmStep).toBe('confirm');
  });

  it('read the inventory, and refuse anything else', () => {
    const raw = Buffer.from('# Managed by HostDeck\nPort 22\nMaxAuthTries 4\n').toString('base64');
    const inventory = parseSshInventory(
      [
        'hostdeck-ssh 1',
        'port\t22',
        'port\t2222',
        'maxauthtries\t4',
        'allowusers\troot',
        'allowusers\tdeploy@10.0.0.1',
        'socket\t0',
        'pending\t1',
        `raw\t${raw}`,
      ].join('\n'),
    );
    expect(inventory).toMatchObject({ ports: [22, 2222], socket: false, pending: true });
    expect(inventory.values).toMatchObject({ maxauthtries: '4', allowusers: 'root deploy@10.0.0.1' });
    expect(dropInSettingsText(inventory.dropIn)).toBe('MaxAuthTries 4');
    expect(() => parseSshInventory('hostdeck-ssh 1\nport\t22\n')).toThrow(InventoryFormatError);
    expect(() => parseSshInventory('nope')).toThrow(InventoryFormatError);
  });
});
