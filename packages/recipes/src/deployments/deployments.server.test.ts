import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError } from '../recipe.js';
import {
  bootWebTestServer,
  connectToTestServer,
  generateSshKeyPair,
  type RemoteSession,
  runRecipeOnSession,
} from '../../../../tools/test-server/web-test-server.js';
import { siteDeploy } from './site-deploy.js';

/**
 * The deployment recipes on a booted Debian 12 server (`site5`): a git server on the same machine
 * (user `git`, a bare repository, the site's deploy key in its authorized_keys), so the deploy key
 * is really used over SSH to 127.0.0.1; a site home for the default user `hostdeck`, served by an
 * nginx vhost whose root is {home}/current. What is checked is what a visitor and the server see.
 */
const NAME = 'site5';
const SITE = 'app.test';
const USER = 'hostdeck';
const HOME = `/home/${USER}/${SITE}`;
const REPOSITORY = 'git@127.0.0.1:site.git';

describe('deployments on a server', () => {
  let server: TestServer;
  let session: RemoteSession;
  const key = generateSshKeyPair('hostdeck-site-5');

  /** Runs a bash script on the server (as root) and returns its stdout; fails the test on error. */
  async function sh(script: string, ...args: string[]) {
    const result = await runOnTestServer(server, ['bash', '-euo', 'pipefail', '-c', script, 'test', ...args]);
    if (result.code !== 0) throw new Error(`script failed (${result.code}):\n${script}\n${result.stderr}`);
    return result.stdout;
  }

  /** Runs a bash script as the git user (its own HOME); `$1`… are the arguments. */
  const asGit = (script: string, ...args: string[]) =>
    sh('runuser -u git -- bash -euo pipefail -c "$1" git-step "${@:2}"', script, ...args);

  /** Commits index.html with this text and pushes it to the bare repository; returns the commit. */
  async function commit(text: string) {
    const sha = await asGit(
      `cd ~/work && printf '%s\\n' "$1" > index.html && git add index.html &&
       git -c user.name=Test -c user.email=test@example.test commit -q -m "$1" &&
       git push -q origin HEAD:main && git rev-parse HEAD`,
      text,
    );
    return sha.trim();
  }

  const visit = () => sh(`curl -sS -H 'Host: ${SITE}' http://127.0.0.1/`);
  const live = () => sh(`readlink -- ${HOME}/current`).then((text) => text.trim());

  function deploy(release: string, script = 'echo built > built.txt\n', branch = 'main') {
    return runRecipeOnSession(session, siteDeploy.id, {
      site: SITE,
      linux_user: USER,
      release,
      repository: REPOSITORY,
      branch,
      write_environment: true,
      deploy_key: Buffer.from(key.privateKey),
      environment: Buffer.from('APP_ENV=test\nAPP_NAME="My app"\n'),
      script: Buffer.from(script),
    });
  }

  beforeAll(async () => {
    server = await bootWebTestServer(NAME);
    session = await connectToTestServer(server);
    // The git server: a bare repository owned by `git`, reachable with the deploy key only.
    await sh(
      `id -u git >/dev/null 2>&1 || useradd --create-home --shell /bin/bash git
       install -d -m 0700 -o git -g git /home/git/.ssh
       printf '%s\\n' "$1" > /home/git/.ssh/authorized_keys
       chown git:git /home/git/.ssh/authorized_keys && chmod 0600 /home/git/.ssh/authorized_keys`,
      key.publicKey,
    );
    await asGit('git init -q --bare -b main ~/site.git && git clone -q ~/site.git ~/work 2>/dev/null');
    // The site: its home (what H1's site-apply makes) and an nginx vhost serving {home}/current.
    await sh(
      `chmod 0755 /home/${USER}
       install -d -m 0755 -o ${USER} -g ${USER} ${HOME}
       cat > /etc/nginx/sites-enabled/${SITE}.conf <<'CONF'
server {
  listen 80;
  server_name ${SITE};
  root ${HOME}/current;
  index index.html;
}
CONF
       nginx -t && systemctl reload nginx`,
    );
  }, 900_000);

  afterAll(async () => {
    await session?.close();
    await stopTestServer(NAME);
  });

  it('deploys v1 with the deploy key over SSH, and the site serves it from current', async () => {
    const sha = await commit('v1');
    const run = await deploy('20240101000001');
    expect(run.exitCode, run.output).toBe(0);
    expect(run.stdout).toContain(`::hostdeck::info::commit=${sha}`);
    expect(await live()).toBe('releases/20240101000001');
    expect(await visit()).toBe('v1\n');
    // The build ran as the site user in the release, with the shared .env linked in.
    expect(await sh(`stat -c '%U %a' -- ${HOME}/current/built.txt`)).toBe(`${USER} 644\n`);
    expect(await sh(`readlink -- ${HOME}/current/.env`)).toBe(`${HOME}/shared/.env\n`);
    expect(await sh(`cat -- ${HOME}/current/.env`)).toBe('APP_ENV=test\nAPP_NAME="My app"\n');
    expect(
      await sh(`stat -c '%U %a' -- ${HOME}/shared/.env /home/${USER}/.ssh/hostdeck-deploy-${SITE}`),
    ).toBe(`${USER} 600\n${USER} 600\n`);
    // The key went to the git host: its host key was recorded at first contact.
    expect(
      await sh(`ssh-keygen -F 127.0.0.1 -f /home/${USER}/.ssh/known_hosts >/dev/null && echo known`),
    ).toBe('known\n');
  });

  it('a failing deploy script deletes its release and leaves v1 live', async () => {
    await commit('v2');
    const run = await deploy('20240101000002', 'echo building\nexit 1\n');
    expect(run.exitCode).not.toBe(0);
    expect(run.failedStep).toBe('build');
    expect(run.output).toContain('building');
    expect(await sh(`ls -- ${HOME}/releases`)).toBe('20240101000001\n');
    expect(await live()).toBe('releases/20240101000001');
    expect(await visit()).toBe('v1\n');
  });

  it('a branch that does not exist fails in fetch, leaving nothing behind', async () => {
    const run = await deploy('20240101000003', 'true\n', 'no-such-branch');
    expect(run.failedStep).toBe('fetch');
    expect(await sh(`ls -- ${HOME}/releases`)).toBe('20240101000001\n');
    expect(await visit()).toBe('v1\n');
  });

  it('deploys the fixed v2, then rolls back to v1', async () => {
    const run = await deploy('20240101000004');
    expect(run.exitCode, run.output).toBe(0);
    expect(await visit()).toBe('v2\n');

    const rollback = await runRecipeOnSession(session, 'site-rollback', {
      site: SITE,
      linux_user: USER,
      release: '20240101000001',
    });
    expect(rollback.exitCode, rollback.output).toBe(0);
    expect(rollback.stdout).toContain('::hostdeck::change::current now points at releases/20240101000001');
    expect(await live()).toBe('releases/20240101000001');
    expect(await visit()).toBe('v1\n');
    // Idempotent: a second run changes nothing.
    const again = await runRecipeOnSession(session, 'site-rollback', {
      site: SITE,
      linux_user: USER,
      release: '20240101000001',
    });
    expect(again.exitCode).toBe(0);
    expect(again.stdout).not.toContain('::hostdeck::change::');

    const gone = await runRecipeOnSession(session, 'site-rollback', {
      site: SITE,
      linux_user: USER,
      release: '20240101000002',
    });
    expect(gone.exitCode).not.toBe(0);
    expect(gone.output).toContain('does not exist on the server any more');
    expect(await visit()).toBe('v1\n');
  });

  it('keeps the five newest releases and always the live one', async () => {
    await sh(
      `for n in 1 2 3 4 5 6; do runuser -u ${USER} -- mkdir -p -- ${HOME}/releases/2000010100000$n; done`,
    );
    // Six old releases and v1, v2: after the new one, the five newest remain.
    const run = await deploy('20240101000005');
    expect(run.exitCode, run.output).toBe(0);
    expect((await sh(`ls -- ${HOME}/releases`)).trim().split('\n')).toEqual([
      '20000101000005',
      '20000101000006',
      '20240101000001',
      '20240101000004',
      '20240101000005',
    ]);
    expect(await live()).toBe('releases/20240101000005');
  });

  it('runs a command as the site user in the site directory, its output streamed', async () => {
    const run = await runRecipeOnSession(session, 'site-command', {
      site: SITE,
      linux_user: USER,
      releases: true,
      command: Buffer.from('id -un; pwd; cat index.html; echo "$HOME"'),
    });
    expect(run.exitCode, run.output).toBe(0);
    expect(run.stdout).toBe(`${USER}\n${HOME}/current\nv2\n/home/${USER}\n`);

    const failing = await runRecipeOnSession(session, 'site-command', {
      site: SITE,
      linux_user: USER,
      releases: false,
      command: Buffer.from('pwd; exit 3'),
    });
    expect(failing.exitCode).toBe(3);
    expect(failing.stdout).toContain(`${HOME}\n`);
  });

  it('refuses injection in the branch and the repository before anything runs', async () => {
    await sh('rm -f /tmp/pwned');
    const base = {
      site: SITE,
      linux_user: USER,
      release: '20240101000009',
      repository: REPOSITORY,
      branch: 'main',
      write_environment: false,
      deploy_key: Buffer.alloc(0),
      environment: Buffer.alloc(0),
      script: Buffer.alloc(0),
    };
    for (const change of [
      { branch: '--upload-pack=touch /tmp/pwned' },
      { branch: 'main;touch /tmp/pwned' },
      { repository: '--upload-pack=touch /tmp/pwned' },
      { repository: '-oProxyCommand=touch /tmp/pwned' },
      { repository: 'ext::sh -c touch% /tmp/pwned' },
      { repository: 'file:///home/git/site.git' },
      { repository: '/home/git/site.git' },
      { linux_user: 'root' },
    ]) {
      expect(() => buildStepInvocation(siteDeploy, 'fetch', { ...base, ...change })).toThrow(
        RecipeInputError,
      );
      await expect(runRecipeOnSession(session, siteDeploy.id, { ...base, ...change })).rejects.toThrow(
        RecipeInputError,
      );
    }
    expect(await sh('test -e /tmp/pwned && echo yes || echo no')).toBe('no\n');
    expect(await live()).toBe('releases/20240101000005');
  });
});
