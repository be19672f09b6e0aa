import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Test support (used by no production code): hd-link-swapper (link-swapper.c), the loop of
 * renameat2(RENAME_EXCHANGE) a hacked site runs against root's file operations, built here and run
 * inside a test server as the site's user. The caller passes its way to run a command in the
 * server as root (tools/test-server's runOnTestServer), so this file boots nothing itself.
 */

export type RunInServer = (
  command: string[],
  options?: { input?: Buffer },
) => Promise<{ stdout: string; stderr: string; code: number }>;

/** [path swapped, the link it is swapped with, what that link points at (recreated when missing)]. */
export type SwapPair = [string, string, string];

export const LINK_SWAPPER_PATH = '/usr/local/bin/hd-link-swapper';

/** Compiles link-swapper.c with the host's gcc, static, so it runs in any test server as it is. */
export function buildLinkSwapper(): Buffer {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'hd-link-swapper-'));
  try {
    const binary = path.join(folder, 'hd-link-swapper');
    const source = path.join(import.meta.dirname, 'link-swapper.c');
    execFileSync('gcc', ['-O2', '-static', '-Wall', '-Werror', '-o', binary, source]);
    return readFileSync(binary);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function installLinkSwapper(run: RunInServer, binary: Buffer): Promise<void> {
  const installed = await run(['bash', '-c', 'cat > "$1" && chmod 755 "$1"', '_', LINK_SWAPPER_PATH], {
    input: binary,
  });
  if (installed.code !== 0) throw new Error(`installing the swapper failed: ${installed.stderr}`);
}

export interface RunningSwapper {
  pid: number;
  output: string;
}

/** Starts the swapper in the background as `user` (setpriv execs it: the pid is the swapper's own). */
export async function startLinkSwapper(
  run: RunInServer,
  user: string,
  seconds: number,
  pairs: SwapPair[],
): Promise<RunningSwapper> {
  const output = `/tmp/hd-link-swapper-${Date.now()}-${Math.floor(Math.random() * 1e9)}.out`;
  const started = await run([
    'bash',
    '-c',
    'out=$1; user=$2; shift 2; setpriv --reuid="$user" --regid="$user" --init-groups -- "$@" >"$out" 2>&1 </dev/null & echo $!',
    '_',
    output,
    user,
    LINK_SWAPPER_PATH,
    String(seconds),
    ...pairs.flat(),
  ]);
  const pid = Number(started.stdout.trim());
  if (started.code !== 0 || !Number.isInteger(pid) || pid <= 1)
    throw new Error(`starting the swapper failed: ${started.stderr}`);
  return { pid, output };
}

/** Stops the swapper (SIGTERM to its pid), waits for it to exit; answers how many exchanges it made. */
export async function stopLinkSwapper(run: RunInServer, swapper: RunningSwapper): Promise<number> {
  await run(['kill', '-TERM', String(swapper.pid)]);
  for (let waited = 0; waited < 100; waited += 1) {
    if ((await run(['kill', '-0', String(swapper.pid)])).code !== 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const printed = await run(['cat', swapper.output]);
  await run(['rm', '-f', swapper.output]);
  return Number(printed.stdout.trim()) || 0;
}
