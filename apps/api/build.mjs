// Bundles the panel into dist/main.js. Workspace packages (TypeScript sources) are compiled in;
// third-party packages stay external and load from node_modules.
import { build } from 'esbuild';
import { externalPackages } from '../../scripts/lib/esbuild-externals.mjs';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
