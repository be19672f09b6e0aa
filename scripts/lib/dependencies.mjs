// Installs the npm dependencies when they are missing or older than the lock file, and the Debian
// packages the tests need (listed in scripts/apt-packages.txt and tools/*/apt-packages.txt).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { elapsed, run, step } from './run.mjs';

export const root = path.resolve(import.meta.dirname, '../..');

/** How often a long install says how far it got (npm itself is silent when stdout is not a terminal). */
const PROGRESS_EVERY_MS = 10_000;

export async function ensureNpmDependencies() {
  const lockFile = path.join(root, 'package-lock.json');
  const installedMarker = path.join(root, 'node_modules/.package-lock.json');
  const manifests = ['package.json', ...workspaceManifests()].map((file) => path.join(root, file));
  const newest = Math.max(
    ...[lockFile, ...manifests].filter(existsSync).map((file) => statSync(file).mtimeMs),
  );
  if (existsSync(installedMarker) && statSync(installedMarker).mtimeMs >= newest) return;
  const expected = existsSync(lockFile) ? packagesForThisMachine(lockFile) : [];
  const startedAt = Date.now();
  step(
    expected.length
      ? `Installing npm dependencies: ${expected.length} packages (a few minutes the first time)`
      : 'Installing npm dependencies',
  );
  const progress = setInterval(() => {
    const unpacked = expected.filter((location) => existsSync(path.join(root, location, 'package.json')));
    // npm writes a few package.json files last, while it builds the native addons.
    const stage =
      expected.length === 0
        ? 'still installing'
        : `${unpacked.length} of ${expected.length} packages unpacked` +
          (unpacked.length >= expected.length * 0.95 ? '; building native addons (ssh2, node-pty…)' : '');
    console.log(`  … ${elapsed(startedAt)}: ${stage}`);
  }, PROGRESS_EVERY_MS);
  try {
    await run('npm', [existsSync(lockFile) ? 'ci' : 'install', '--no-audit', '--no-fund'], { cwd: root });
  } finally {
    clearInterval(progress);
  }
  console.log(`npm dependencies installed in ${elapsed(startedAt)}`);
}

/**
 * The lock file's package folders that npm installs on every machine: not workspace links, nor
 * optional packages (other platforms' binaries, fallbacks), which may or may not be installed.
 */
export function packagesForThisMachine(lockFile) {
  const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
  return Object.entries(lock.packages ?? {})
    .filter(([location, entry]) => location.includes('node_modules/') && !entry.link && !entry.optional)
    .map(([location]) => location);
}

function workspaceManifests() {
  const folders = ['apps', 'packages'].flatMap((group) =>
    existsSync(path.join(root, group))
      ? readdirSync(path.join(root, group)).map((name) => path.join(group, name))
      : [],
  );
  return [...folders, 'e2e', 'bench']
    .map((folder) => path.join(folder, 'package.json'))
    .filter((file) => existsSync(path.join(root, file)));
}

/** `extraLists`: more package lists (repository-relative), e.g. the benchmarks' own. */
export function requiredSystemPackages(extraLists = []) {
  const lists = [
    path.join(root, 'scripts/apt-packages.txt'),
    ...extraLists.map((file) => path.join(root, file)),
  ];
  const tools = path.join(root, 'tools');
  if (existsSync(tools)) {
    for (const name of readdirSync(tools)) lists.push(path.join(tools, name, 'apt-packages.txt'));
  }
  return [
    ...new Set(
      lists
        .filter(existsSync)
        .flatMap((file) => readFileSync(file, 'utf8').split('\n'))
        .map((line) => line.replace(/#.*/, '').trim())
        .filter(Boolean),
    ),
  ];
}

function isInstalled(name) {
  try {
    const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return status.toString().includes('install ok installed');
  } catch {
    return false;
  }
}

export async function ensureSystemPackages(extraLists = []) {
  const missing = requiredSystemPackages(extraLists).filter((name) => !isInstalled(name));
  if (missing.length === 0) return;
  step(`Installing Debian packages: ${missing.join(' ')}`);
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) =>
    asRoot.length
      ? run('sudo', ['apt-get', ...args], { env: aptEnvironment() })
      : run('apt-get', args, { env: aptEnvironment() });
  await apt(['update', '-q']);
  await apt(['install', '-y', '-q', '--no-install-recommends', ...missing]);
}

function aptEnvironment() {
  return { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
}
