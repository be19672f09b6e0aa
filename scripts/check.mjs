// `npm run check`: typecheck, lint with zero warnings, formatting, the i18n catalogues and the
// SPA's initial JavaScript budget. Every step runs; the script fails if any did.
import { ensureNpmDependencies, root } from './lib/dependencies.mjs';
import { build } from './build.mjs';
import { run, step, elapsed } from './lib/run.mjs';

await ensureNpmDependencies();
const checks = [
  ['Typecheck (node)', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['Typecheck (web)', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json']],
  ['Lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['Format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['i18n catalogues', 'npx', ['vitest', 'run', '--reporter=dot', 'apps/web/src/i18n', 'apps/api/src/i18n']],
  ['Shell scripts', 'bash', ['scripts/shellcheck.sh']],
  ['Node engines of every dependency', 'node', ['scripts/check-engines.mjs']],
  ['Initial JS budget', 'node', ['scripts/check-bundle-size.mjs']],
];
const failed = [];
for (const [title, command, args] of checks) {
  const startedAt = Date.now();
  step(title);
  try {
    if (title === 'Initial JS budget') await build();
    await run(command, args, { cwd: root });
    console.log(`ok (${elapsed(startedAt)})`);
  } catch (error) {
    console.error(`✗ ${title}: ${error.message}`);
    failed.push(title);
  }
}
if (failed.length) {
  console.error(`\ncheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\ncheck passed');
