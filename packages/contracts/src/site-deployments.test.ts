import { describe, expect, it } from 'vitest';
import {
  branchSchema,
  repositoryUrlSchema,
  siteCommandRequestSchema,
  siteRepositoryRequestSchema,
} from './site-deployments.js';
import { SHELL_INJECTION_PAYLOADS, describeInjectionPayload } from './testing/injection-payloads.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

const accepts = (schema: typeof branchSchema, value: unknown) => schema.safeParse(value).success;

describe('repository URL grammar', () => {
  it.each([
    'git@github.com:user/repo.git',
    'git@github.com:user/repo',
    'git@gitlab.example.co.uk:group/sub-group/repo.git',
    'git@127.0.0.1:site.git',
    'git@127.0.0.1:/srv/git/site.git',
    'deploy@git-server:repos/site.git',
    'ssh://git@host:2222/path/repo.git',
    'ssh://git@127.0.0.1/home/git/site.git',
    'ssh://host.example.com/~user/repo.git',
    'https://host/path/repo.git',
    'https://github.com/user/repo',
    'https://git.example.com:8443/org/repo.git',
  ])('accepts %s', (value) => {
    expect(accepts(repositoryUrlSchema, value)).toBe(true);
  });

  it.each([
    // option injection: git reads these as options, or ssh reads the host as one
    '--upload-pack=touch /tmp/x',
    '--upload-pack=touch',
    '-oProxyCommand=touch /tmp/x',
    'ssh://-oProxyCommand=touch/x',
    'ssh://-oProxyCommand=x@host/repo.git',
    '-oProxyCommand=x@host:repo.git',
    'git@-oProxyCommand=x:repo.git',
    // helper and local transports
    'ext::sh -c touch% /tmp/x',
    'ext::sh',
    'file:///etc',
    'file:///etc/passwd',
    'http://host/repo.git',
    'git://host/repo.git',
    'fd::17',
    '/srv/git/repo.git',
    './repo',
    '../repo',
    'repo',
    'host:repo.git',
    // whitespace, newlines, quotes, encodings, credentials, traversal
    'git@github.com:user/repo.git --upload-pack=x',
    'git@github.com:user/repo.git\n--upload-pack=x',
    'git@github.com: user/repo.git',
    'git@github.com:user/re po.git',
    'https://host/path/repo.git?x=1',
    'https://host/path/repo.git#frag',
    'https://host/%2e%2e/repo.git',
    'https://user:token@host/repo.git',
    'https://user@host/repo.git',
    'ssh://git@host:99999/repo.git',
    'ssh://git@host:0/repo.git',
    'ssh://git@host/../etc',
    'git@host:a/../../etc',
    'git@host:repo.git/',
    "git@host:'repo'",
    'git@host:$(id)',
    'git@host:`id`',
    'git@ho st:repo',
    `git@host:${'a'.repeat(600)}`,
  ])('refuses %j', (value) => {
    const result = repositoryUrlSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([VALIDATION_MESSAGES.invalid]);
  });

  it.each(SHELL_INJECTION_PAYLOADS.map((payload) => [describeInjectionPayload(payload), payload]))(
    'refuses the injection payload %s',
    (_label, payload) => {
      expect(accepts(repositoryUrlSchema, payload)).toBe(false);
    },
  );

  it('says Required for an empty or missing value', () => {
    expect(repositoryUrlSchema.safeParse('').error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.required);
    expect(repositoryUrlSchema.safeParse(undefined).error?.issues[0]?.message).toBe(
      VALIDATION_MESSAGES.required,
    );
  });
});

describe('branch grammar', () => {
  it.each(['main', 'master', 'release/1.2', 'feature/new-login', 'v1.0.0', 'fix_2024', 'a'])(
    'accepts %s',
    (value) => {
      expect(accepts(branchSchema, value)).toBe(true);
    },
  );

  it.each([
    '-main',
    '--upload-pack=x',
    '/main',
    '.hidden',
    'main/',
    'main.',
    'main.lock',
    'a..b',
    'a//b',
    'a/.b',
    'a/-b',
    'main branch',
    'main\nother',
    'main~1',
    'main^',
    'a:b',
    'a@{1}',
    'a*',
    'ma?n',
    'a\\b',
    'é',
    'a'.repeat(256),
  ])('refuses %j', (value) => {
    expect(accepts(branchSchema, value)).toBe(false);
  });

  it.each(SHELL_INJECTION_PAYLOADS.map((payload) => [describeInjectionPayload(payload), payload]))(
    'refuses the injection payload %s',
    (_label, payload) => {
      expect(accepts(branchSchema, payload)).toBe(false);
    },
  );
});

describe('requests', () => {
  it('takes a repository with its branch, and nothing else', () => {
    expect(
      siteRepositoryRequestSchema.safeParse({ repository: 'git@github.com:a/b.git', branch: 'main' }).success,
    ).toBe(true);
    expect(
      siteRepositoryRequestSchema.safeParse({
        repository: 'git@github.com:a/b.git',
        branch: 'main',
        extra: 1,
      }).success,
    ).toBe(false);
  });

  it('takes any command text of 1-4096 characters without NUL', () => {
    expect(siteCommandRequestSchema.safeParse({ command: 'php artisan migrate --force' }).success).toBe(true);
    expect(siteCommandRequestSchema.safeParse({ command: 'echo "$HOME" | wc -c\nls -la' }).success).toBe(
      true,
    );
    expect(siteCommandRequestSchema.safeParse({ command: 'a'.repeat(4096) }).success).toBe(true);
    expect(siteCommandRequestSchema.safeParse({ command: '' }).error?.issues[0]?.message).toBe(
      VALIDATION_MESSAGES.required,
    );
    expect(siteCommandRequestSchema.safeParse({ command: 'a'.repeat(4097) }).success).toBe(false);
    expect(siteCommandRequestSchema.safeParse({ command: 'ls\0-la' }).success).toBe(false);
  });
});
