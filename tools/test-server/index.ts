// Test servers for HostDeck's server tests: real Debian 12 systems (systemd + sshd) booted by
// test-server.sh in their own network namespaces, reachable over SSH at a private address.
// Needs root (systemd-nspawn, overlayfs, veth). See README.md beside this file.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

export interface TestServer {
  name: string;
  address: string;
  port: number;
  password: string;
}

export interface CommandResult {
  stdout: string;
  stderr: string;
  /** Exit status of the command; 128 + N when killed by signal N; 125 when the tool itself failed. */
  code: number;
}

export interface RunOptions {
  /** Written to the command's standard input (closed right after). */
  input?: string | Buffer;
  /** Kill the command after this many milliseconds (default 10 minutes). */
  timeoutMs?: number;
}

/** test-server.sh; HOSTDECK_TEST_SERVER_SCRIPT overrides it. */
export const testServerScript =
  process.env.HOSTDECK_TEST_SERVER_SCRIPT ??
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-server.sh');

/** Image definitions, read by the script beside them. */
const imagesDirectory = path.join(path.dirname(testServerScript), 'images');

/**
 * A valid server name: it becomes part of an interface name (ve-NAME, or ve-TAGNAME in a run with
 * HOSTDECK_TEST_RUN, see README.md), so it is short.
 */
export const TEST_SERVER_NAME = /^[a-z][a-z0-9-]{0,9}$/;

/**
 * A prebuilt layer between the base and a server's writable layer (images/IMAGE.packages and
 * IMAGE.setup.sh beside this file): `web` has nginx, PHP 8.2 FPM, MariaDB, PostgreSQL, apache2, git
 * and the user `hostdeck`. Built once per machine and version, on first use.
 */
export type TestServerImage = 'web';

export interface BootOptions {
  /** Boot from this image instead of the plain base. */
  image?: TestServerImage;
}

// The first boot on a machine builds the base image with debootstrap (a minute or two), and the
// first boot from an image builds that image (a few minutes more).
const BOOT_TIMEOUT_MS = 30 * 60_000;
const DEFAULT_RUN_TIMEOUT_MS = 10 * 60_000;

function runTool(args: string[], options: RunOptions = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [testServerScript, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stdin.on('error', () => {}); // the command may exit without reading its input
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const result: CommandResult = {
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        code: code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0),
      };
      if (timedOut) {
        reject(new Error(`test-server.sh ${args.join(' ')} timed out\n${tail(result.stderr)}`));
      } else {
        resolve(result);
      }
    });
    child.stdin.end(options.input ?? '');
  });
}

async function runToolOrThrow(args: string[], timeoutMs: number): Promise<CommandResult> {
  const result = await runTool(args, { timeoutMs });
  if (result.code !== 0) {
    throw new Error(`test-server.sh ${args.join(' ')} failed (exit ${result.code})\n${tail(result.stderr)}`);
  }
  return result;
}

function tail(text: string, lines = 40): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

function parseServers(stdout: string): TestServer[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const value = JSON.parse(line) as Partial<TestServer>;
      if (
        typeof value.name !== 'string' ||
        typeof value.address !== 'string' ||
        typeof value.port !== 'number' ||
        typeof value.password !== 'string'
      ) {
        throw new Error(`test-server.sh printed an unexpected line: ${line}`);
      }
      return { name: value.name, address: value.address, port: value.port, password: value.password };
    });
}

function checkName(name: string): void {
  if (!TEST_SERVER_NAME.test(name)) {
    throw new Error(`invalid test server name ${JSON.stringify(name)} (want ${TEST_SERVER_NAME.source})`);
  }
}

function single(stdout: string): TestServer {
  const servers = parseServers(stdout);
  const server = servers[servers.length - 1];
  if (!server) throw new Error('test-server.sh printed no server');
  return server;
}

function imageArgs(options: BootOptions): string[] {
  return options.image ? ['--image', options.image] : [];
}

/**
 * Boots server `name` (or returns it as it is if it is already running from the same base or image;
 * one running from something else is booted fresh).
 */
export async function bootTestServer(name: string, options: BootOptions = {}): Promise<TestServer> {
  checkName(name);
  return single((await runToolOrThrow(['up', name, ...imageArgs(options)], BOOT_TIMEOUT_MS)).stdout);
}

/**
 * Puts server `name` back in a fresh state: the base, or `options.image` (same name and address;
 * takes seconds). Boots it when it does not exist yet.
 */
export async function resetTestServer(name: string, options: BootOptions = {}): Promise<TestServer> {
  checkName(name);
  return single((await runToolOrThrow(['reset', name, ...imageArgs(options)], BOOT_TIMEOUT_MS)).stdout);
}

/**
 * Reboots server `name` keeping its disk: a clean shutdown when it runs, then a boot from the same
 * layers (same address, password and host keys). A reboot issued inside (`systemctl reboot`) ends
 * the container; wait for it to go down, then call this to power it on again.
 */
export async function restartTestServer(name: string): Promise<TestServer> {
  checkName(name);
  return single((await runToolOrThrow(['restart', name], BOOT_TIMEOUT_MS)).stdout);
}

/** Builds `image` unless this machine has its current version already (concurrent calls build it once). */
export async function buildTestServerImage(image: TestServerImage): Promise<void> {
  await runToolOrThrow(['image', image], BOOT_TIMEOUT_MS);
}

/** The Debian packages installed in `image` (from images/IMAGE.packages). */
export function testServerImagePackages(image: TestServerImage): string[] {
  return readFileSync(path.join(imagesDirectory, `${image}.packages`), 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '');
}

/** Stops server `name` and removes everything it had. Succeeds when it does not exist. */
export async function stopTestServer(name: string): Promise<void> {
  checkName(name);
  await runToolOrThrow(['down', name], DEFAULT_RUN_TIMEOUT_MS);
}

/**
 * A direct cable between two running servers (`test-server.sh link`): each then reaches the other's
 * address, as two VPSs of one provider do (the host forwards nothing between its servers). Gone
 * when either is reset; idempotent.
 */
export async function linkTestServers(first: string, second: string): Promise<void> {
  checkName(first);
  checkName(second);
  await runToolOrThrow(['link', first, second], DEFAULT_RUN_TIMEOUT_MS);
}

/** The running test servers. */
export async function listTestServers(): Promise<TestServer[]> {
  return parseServers((await runToolOrThrow(['list'], DEFAULT_RUN_TIMEOUT_MS)).stdout);
}

/**
 * Stops every test server of this run (HOSTDECK_TEST_RUN, set by npm test); without a run, every
 * test server on this machine (cleanup).
 */
export async function stopAllTestServers(): Promise<void> {
  await runToolOrThrow(['down-all'], DEFAULT_RUN_TIMEOUT_MS);
}

/**
 * Runs `command` (program and arguments, no shell) as root inside the server, without SSH, in all of
 * its namespaces, with a clean environment. A non-zero exit status is returned, not thrown.
 */
export async function runOnTestServer(
  server: TestServer | string,
  command: string[],
  options: RunOptions = {},
): Promise<CommandResult> {
  const name = typeof server === 'string' ? server : server.name;
  checkName(name);
  if (command.length === 0) throw new Error('runOnTestServer: empty command');
  return runTool(['exec', name, '--', ...command], options);
}
