import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError } from '../recipe.js';
import {
  parseAuthorizedKeyLine,
  parseGithubKey,
  parseSshKeysInventory,
  sshKeysAdd,
  sshKeysRemove,
} from './index.js';

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDqOdFzYCt3O98IFWo94zzHIxtcWUvuOC0l1EB+4eTRw';
const FP = 'SHA256:/1CyoqQA6TgELee2bFr5uvlKITkdkEc8tb15f6VQbhM';

describe('parseSshKeysInventory', () => {
  it('reads users and keys, options by name only, one entry per user and key', () => {
    const inventory = parseSshKeysInventory(
      [
        'hostdeck-ssh-keys 1',
        'user\troot\t0\t/root',
        'user\thostdeck\t1000\t/home/hostdeck',
        `key\troot\t${FP}\t${KEY} hostdeck-server-3`,
        `key\thostdeck\t${FP}\tcommand="echo a, b",no-pty ${KEY} me@laptop`,
        `key\thostdeck\t${FP}\t${KEY} again`,
        '',
      ].join('\n'),
    );
    expect(inventory.users).toEqual([
      { name: 'root', uid: 0, home: '/root' },
      { name: 'hostdeck', uid: 1000, home: '/home/hostdeck' },
    ]);
    expect(inventory.keys).toEqual([
      {
        user: 'root',
        fingerprint: FP,
        type: 'ssh-ed25519',
        comment: 'hostdeck-server-3',
        options: [],
        publicKey: `${KEY} hostdeck-server-3`,
      },
      {
        user: 'hostdeck',
        fingerprint: FP,
        type: 'ssh-ed25519',
        comment: 'me@laptop',
        options: ['command', 'no-pty'],
        publicKey: `${KEY} me@laptop`,
      },
    ]);
  });

  it.each([
    ['no header', 'user\troot\t0\t/root'],
    ['a foreign line', 'hostdeck-ssh-keys 1\nhello'],
    ['a bad fingerprint', 'hostdeck-ssh-keys 1\nkey\troot\tMD5:aa\tx'],
  ])('refuses %s', (_label, stdout) => {
    expect(() => parseSshKeysInventory(stdout)).toThrow(/./);
  });

  it('reads a line without options and the GitHub key', () => {
    expect(parseAuthorizedKeyLine(`${KEY}`)).toMatchObject({
      type: 'ssh-ed25519',
      comment: null,
      options: [],
    });
    expect(parseGithubKey(`::hostdeck::info::x\ngithub-key\t${KEY} hostdeck-github-1\n`)).toBe(
      `${KEY} hostdeck-github-1`,
    );
    expect(parseGithubKey('nothing')).toBeNull();
  });
});

describe('the recipes refuse before anything runs', () => {
  it.each([
    `command="id" ${KEY}`,
    `${KEY}\n${KEY}`,
    `${KEY} a\rb`,
    'ssh-ed25519 notbase64!',
    `from="10.0.0.1" ${KEY}`,
  ])('public_key %j', (publicKey) => {
    expect(() => buildStepInvocation(sshKeysAdd, 'add', { public_key: publicKey, users: ['root'] })).toThrow(
      RecipeInputError,
    );
  });

  it.each([[[]], [['root', 'root']], [['-oProxy']], [['a b']], [['root\nx']]])('users %j', (users) => {
    expect(() => buildStepInvocation(sshKeysAdd, 'add', { public_key: KEY, users })).toThrow(
      RecipeInputError,
    );
    expect(() => buildStepInvocation(sshKeysRemove, 'remove', { fingerprint: FP, users })).toThrow(
      RecipeInputError,
    );
  });

  it('refuses a bad fingerprint and accepts a normal input', () => {
    expect(() =>
      buildStepInvocation(sshKeysRemove, 'remove', { fingerprint: 'MD5:ab', users: ['root'] }),
    ).toThrow(RecipeInputError);
    expect(
      buildStepInvocation(sshKeysAdd, 'add', { public_key: ` ${KEY}  me@x `, users: ['root', 'hostdeck'] })
        .command,
    ).not.toContain('AAAA');
  });
});
