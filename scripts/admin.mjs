// `npm run admin -- COMMAND`: operator commands run on the panel's machine, with the panel's
// environment (DATA_DIR, DATABASE_URL, APP_URL). `npm run admin` alone lists them.
// The command's code is bundled from apps/api/src/admin on every run (about a second), so it never
// lags behind the sources, and without rebuilding the web app.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureNpmDependencies, root } from './lib/dependencies.mjs';

await ensureNpmDependencies();
const { build } = await import('esbuild');
const { externalPackages } = await import('./lib/esbuild-externals.mjs');
const outfile = path.join(root, 'apps/api/dist/admin.js');
await build({
  entryPoints: [path.join(root, 'apps/api/src/admin/admin-cli.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  plugins: [externalPackages],
});
await import(pathToFileURL(outfile).href);
