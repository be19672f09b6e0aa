// The panel's own SSH executor and recipe builder: recipes run here exactly as the job runner runs them.
import { createSshExecutor, type RemoteSession } from '@hostdeck/api/remote/remote-executor.js';
import { buildStepInvocation, getRecipe, type Recipe } from '@hostdeck/recipes';
import { resetTestServer, runOnTestServer, testServerImagePackages, type TestServer } from './index.js';

export type { RemoteSession };
/** Deploy keys for the tests of recipes that clone over SSH (the panel's generator). */
export { generateSshKeyPair } from '@hostdeck/api/remote/ssh-keys.js';

/**
 * Test support (used by no production code): a booted Debian 12 test server with what the site
 * recipes build on, as provisioning leaves it: nginx (on :80), PHP 8.2 FPM, MariaDB, git, and the
 * default Linux user `hostdeck`. It boots from the prebuilt `web` image
 * (tools/test-server/images/web.*, built once per machine on first use), so nothing is installed at
 * boot. The image also has PostgreSQL and apache2, installed but stopped.
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

const WEB_IMAGE = 'web';
const WEB_STACK_SERVICES = ['nginx', 'php8.2-fpm', 'mariadb'];
/**
 * Services the image has but keeps off, started when a test asks for their package. apache2 is not
 * one: nginx holds :80, so the apache2 tests stop nginx and start apache2 themselves.
 */
const SERVICES_ON_REQUEST: Partial<Record<string, string>> = { postgresql: 'postgresql' };

/**
 * A fresh server from the `web` image (reset if it exists). `extraPackages` the image lacks are
 * installed with apt (through the host's cache); add them to tools/test-server/images/web.packages
 * instead, so no test waits for them.
 */
export async function bootWebTestServer(name: string, extraPackages: string[] = []): Promise<TestServer> {
  const server = await resetTestServer(name, { image: WEB_IMAGE });
  const inImage = new Set(testServerImagePackages(WEB_IMAGE));
  const missing = [...WEB_STACK_PACKAGES, ...extraPackages].filter((pkg) => !inImage.has(pkg));
  if (missing.length > 0) {
    await mustRun(
      server,
      [
        'bash',
        '-c',
        'apt-get update -q && apt-get install -y -q --no-install-recommends "$@"',
        'install',
        ...missing,
      ],
      'installing the extra packages',
    );
  }
  const requested = extraPackages.flatMap((pkg) => SERVICES_ON_REQUEST[pkg] ?? []);
  if (requested.length > 0) {
    await mustRun(server, ['systemctl', 'enable', '--now', ...requested], 'starting the requested services');
  }
  await mustRun(
    server,
    ['systemctl', 'is-active', ...WEB_STACK_SERVICES, ...requested],
    'checking the web stack',
  );
  return server;
}

async function mustRun(server: TestServer, command: string[], what: string): Promise<void> {
  const result = await runOnTestServer(server, command, { timeoutMs: 15 * 60_000 });
  if (result.code !== 0) {
    throw new Error(`${what} failed (exit ${result.code}):\n${result.stdout}${result.stderr.slice(-3000)}`);
  }
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

/**
 * Runs a recipe's steps with the production builder, stopping at the first failing step. A base
 * recipe by its id, or an area's recipe itself (`@hostdeck/recipes/<area>`).
 */
export async function runRecipeOnSession(
  session: RemoteSession,
  recipeOrId: string | Recipe,
  input: unknown,
): Promise<RecipeRun> {
  const recipe = typeof recipeOrId === 'string' ? getRecipe(recipeOrId) : recipeOrId;
  if (!recipe) throw new Error(`unknown recipe ${String(recipeOrId)}`);
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
