import { createSshExecutor, type RemoteSession } from '../../../../apps/api/src/remote/remote-executor.js';
import {
  bootTestServer,
  resetTestServer,
  runOnTestServer,
  type TestServer,
} from '../../../../tools/test-server/index.js';
import { buildStepInvocation } from '../invocation.js';
import { getRecipe } from '../registry.js';

/**
 * Test support (used by no production code): a booted Debian 12 test server with what the site
 * recipes build on, as provisioning leaves it: nginx, PHP 8.2 FPM, MariaDB, git, and the default
 * Linux user `hostdeck`. Installed with apt through the host's cache (tens of seconds once cached).
 */
export const WEB_STACK_PACKAGES = [
  'nginx',
  'php8.2-fpm',
  'php8.2-mysql',
  'php8.2-pgsql',
  'mariadb-server',
  'git',
  'openssl',
] as const;
export const DEFAULT_LINUX_USER = 'hostdeck';

export async function bootWebTestServer(name: string, extraPackages: string[] = []): Promise<TestServer> {
  await bootTestServer(name);
  const server = await resetTestServer(name);
  const install = await runOnTestServer(
    server,
    [
      'bash',
      '-c',
      'export DEBIAN_FRONTEND=noninteractive; apt-get update -q && apt-get install -y -q --no-install-recommends "$@" && ' +
        'systemctl enable --now nginx php8.2-fpm mariadb && ' +
        '(id -u hostdeck >/dev/null 2>&1 || useradd --create-home --shell /bin/bash hostdeck)',
      'install',
      ...WEB_STACK_PACKAGES,
      ...extraPackages,
    ],
    { timeoutMs: 15 * 60_000 },
  );
  if (install.code !== 0) throw new Error(`installing the web stack failed:\n${install.stderr.slice(-3000)}`);
  return server;
}

/** One SSH session to the test server as root (password), as the job runner would open it. */
export function connectToTestServer(server: TestServer): Promise<RemoteSession> {
  return createSshExecutor().connect({
    host: server.address,
    port: server.port,
    username: 'root',
    auth: { kind: 'password', password: server.password },
    knownHostKey: null,
  });
}

export interface RecipeRun {
  exitCode: number | null;
  /** stdout and stderr of every step run, in order. */
  output: string;
  stdout: string;
  failedStep: string | null;
}

/** Runs a recipe's steps with the production builder, stopping at the first failing step. */
export async function runRecipeOnSession(
  session: RemoteSession,
  recipeId: string,
  input: unknown,
): Promise<RecipeRun> {
  const recipe = getRecipe(recipeId);
  if (!recipe) throw new Error(`unknown recipe ${recipeId}`);
  let output = '';
  let stdout = '';
  for (const step of recipe.steps) {
    const invocation = buildStepInvocation(recipe, step.id, input);
    const result = await session.run({
      command: invocation.command,
      stdin: invocation.stdin,
      onStdout: (text) => {
        output += text;
        stdout += text;
      },
      onStderr: (text) => (output += text),
      totalTimeoutMs: step.timeoutMs,
    });
    if (result.exitCode !== 0) return { exitCode: result.exitCode, output, stdout, failedStep: step.id };
  }
  return { exitCode: 0, output, stdout, failedStep: null };
}
