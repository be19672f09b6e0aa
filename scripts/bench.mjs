// `npm run bench`: runs every bench/*.bench.ts (or the ones named on the command line). Each
// benchmark measures its own baseline in the same run and prints the ratio. Benchmarks are not
// part of `npm test`: their figures are read, not asserted.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { externalPackages } from './lib/esbuild-externals.mjs';
import { ensureNpmDependencies, ensureSystemPackages, root } from './lib/dependencies.mjs';
import { build } from './build.mjs';
import { run, step } from './lib/run.mjs';

await ensureNpmDependencies();
// The baselines are Debian's programs (nginx, Info-ZIP, Cockpit): bench/apt-packages.txt.
await ensureSystemPackages(['bench/apt-packages.txt']);
await build();
const wanted = process.argv.slice(2);
const benchDir = path.join(root, 'bench');
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => wanted.length === 0 || wanted.some((word) => name.includes(word)));
const outDir = path.join(root, 'bench/dist');
for (const file of files) {
  step(`bench: ${file}`);
  const outfile = path.join(outDir, file.replace(/\.ts$/, '.mjs'));
  await esbuild({
    entryPoints: [path.join(benchDir, file)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  // Bundled into bench/dist, the test-server helper cannot find its script beside itself.
  const env = {
    ...process.env,
    HOSTDECK_TEST_SERVER_SCRIPT: path.join(root, 'tools/test-server/test-server.sh'),
  };
  await run('node', [outfile], { cwd: root, env });
}
