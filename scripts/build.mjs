// Builds what is out of date: the SPA (Vite), the panel bundle (esbuild) and the agent bundle. A stamp file records
// the newest source the last build saw, so `npm start` on an unchanged tree starts at once.
import { existsSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib/dependencies.mjs';
import { run, step, elapsed } from './lib/run.mjs';

const stampFile = path.join(root, '.build-stamp');
const sourceRoots = ['apps/web', 'apps/api', 'apps/agent', 'packages'].map((folder) =>
  path.join(root, folder),
);
const skipped = new Set(['node_modules', 'dist', '.vite']);

function newestSourceTime() {
  let newest = 0;
  const walk = (directory) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const folder of sourceRoots) if (existsSync(folder)) walk(folder);
  return newest;
}

function isUpToDate(newest) {
  if (!existsSync(stampFile)) return false;
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) return false;
  if (!existsSync(path.join(root, 'apps/api/dist/main.js'))) return false;
  if (!existsSync(path.join(root, 'apps/agent/dist'))) return false;
  return Number(readFileSync(stampFile, 'utf8')) >= newest;
}

export async function build({ force = false } = {}) {
  const newest = newestSourceTime();
  if (!force && isUpToDate(newest)) return false;
  const startedAt = Date.now();
  step('Building the web app');
  await run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web') });
  step('Building the panel');
  await run('node', ['build.mjs'], { cwd: path.join(root, 'apps/api') });
  // The agent the panel installs on servers (install_agent sends this bundle).
  step('Building the agent bundle');
  await run('node', ['build/bundle.mjs'], { cwd: path.join(root, 'apps/agent') });
  writeFileSync(stampFile, String(newest));
  console.log(`built in ${elapsed(startedAt)}`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ensureNpmDependencies } = await import('./lib/dependencies.mjs');
  await ensureNpmDependencies();
  await build({ force: !process.argv.includes('--if-stale') });
}
