// `npm test`: installs what is missing (npm and Debian packages), then runs every tier:
// check (types, lint, format, i18n, bundle budget), unit/integration/API, servers, browser.
// Ends with each tier's time, the flaky tests by name, and one line "tests: N passed, N failed".
// The server tier runs beside the unit and browser tiers (see below): it mostly waits on test
// servers (boots, apt, systemd), and one tier alone leaves about half of the two cores idle. The
// browser tier's lines carry a "[browser] " prefix.
//
// Nothing may skip here: HOSTDECK_REQUIRE_ALL=1 makes a suite whose prerequisite is missing
// (PostgreSQL, root) fail instead (tools/testing/require-or-skip.ts), and PostgreSQL is started
// when it is not running. HOSTDECK_TEST_RUN tags this run's test servers, so the final down-all
// stops this run's servers and no other run's (tools/test-server/README.md, Runs); the browser tier
// has a tag of its own, so its servers never share a name with the server tier's.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureNpmDependencies, ensureSystemPackages, root } from './lib/dependencies.mjs';
import { build } from './build.mjs';
import { ensurePostgres } from './lib/postgres.mjs';
import { run, runPrefixed, step, elapsed } from './lib/run.mjs';
import { testRunTag } from './lib/test-run.mjs';
import { describeMachine, watchLoad } from './lib/machine-load.mjs';

const startedAt = Date.now();
// Inherited by every tier's processes (vitest workers, Playwright, test-server.sh).
process.env.HOSTDECK_REQUIRE_ALL = '1';
process.env.HOSTDECK_TEST_RUN = testRunTag();
const browserRun = testRunTag({ ...process.env, HOSTDECK_TEST_RUN: '' }, [process.env.HOSTDECK_TEST_RUN]);
console.log(
  `test run ${process.env.HOSTDECK_TEST_RUN} (test servers of this run: ${process.env.HOSTDECK_TEST_RUN}NAME; ` +
    `of its browser tier: ${browserRun}NAME)`,
);
// Another process eating the cores makes every tier slow; the log says so from the start.
console.log(describeMachine());
const stopWatchingLoad = watchLoad();
const resultsDir = path.join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const timings = [];
const failures = [];
async function tier(title, action) {
  const tierStartedAt = Date.now();
  step(title);
  try {
    await action();
  } catch (error) {
    console.error(`✗ ${title}: ${error.message}`);
    failures.push(title);
  }
  timings.push(`${title}: ${elapsed(tierStartedAt)}`);
}

await tier('Dependencies', async () => {
  await ensureNpmDependencies();
  await ensureSystemPackages();
  await ensurePostgres();
});
await tier('Build', () => build());
const testServerTool = path.join(root, 'tools/test-server/test-server.sh');
async function stopServersOf(tag) {
  if (!existsSync(testServerTool)) return;
  await run('bash', [testServerTool, 'down-all'], {
    cwd: root,
    env: { ...process.env, HOSTDECK_TEST_RUN: tag },
  }).catch(() => {});
}
// Two lines of work at once:
// - the web image (built once per machine and version), then the server tier, niced with every
//   test server it boots (systemd-nspawn inherits it);
// - check, unit, then the browser tier.
// The unit tier alone used about one core of two (its files wait on PostgreSQL and on each
// other's servers), and the server tier mostly waits on its test servers (boots, apt, systemd):
// started beside the unit tier instead of after it, the server tier's longest files (an n8n
// install, provisioning) run in the unit tier's idle time, and the niced server tier takes only
// what the unit tier and, later, the browser tier leave. In stop 36's CI run, both at one
// priority, journeys of 9 and 19 s ran out of their 60 s twice.
await Promise.all([
  (async () => {
    await tier('Test server image', async () => {
      if (existsSync(testServerTool))
        await runPrefixed('[image] ', 'bash', [testServerTool, 'image', 'web'], { cwd: root });
    });
    await tier('Server tests (booted test servers)', async () => {
      try {
        await run('nice', ['-n', '10', 'npx', ...vitestArguments('servers')], { cwd: root });
      } finally {
        await stopServersOf(process.env.HOSTDECK_TEST_RUN);
      }
    });
  })(),
  (async () => {
    await tier('Check', () => run('node', ['scripts/check.mjs'], { cwd: root }));
    await tier('Unit, integration and API tests', () => run('npx', vitestArguments('unit'), { cwd: root }));
    await tier('Browser tests (Chromium)', async () => {
      try {
        await runPrefixed('[browser] ', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
          cwd: root,
          env: { ...process.env, HOSTDECK_TEST_RUN: browserRun },
        });
      } finally {
        await stopServersOf(browserRun);
      }
    });
  })(),
]);

stopWatchingLoad();
const counts = summarize();
console.log(`\n${timings.join('\n')}\ntotal: ${elapsed(startedAt)}`);
if (failures.length) console.error(`failed tiers: ${failures.join(', ')}`);
if (counts.flaky.length) {
  console.log(`flaky (failed, then passed on the retry): ${counts.flaky.length}`);
  for (const name of counts.flaky) console.log(`  ${name}`);
}
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(failures.length || counts.failed ? 1 : 0);

function vitestArguments(project) {
  return [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=.test-results/${project}.json`,
  ];
}

function summarize() {
  let passed = 0;
  let failed = 0;
  const flaky = [];
  for (const project of ['unit', 'servers']) {
    const file = path.join(resultsDir, `${project}.json`);
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    // A test that passed on its retry keeps the first try's failure messages.
    for (const file of report.testResults) {
      for (const result of file.assertionResults) {
        if (result.status === 'passed' && result.failureMessages.length > 0) {
          flaky.push(`${path.relative(root, file.name)} > ${result.fullName}`);
        }
      }
    }
    // A file that failed before any test ran (an import error, a required suite that may not
    // skip) counts as one failure, so the closing line never says 0 failed for a red run.
    failed += report.testResults.filter(
      (file) => file.status === 'failed' && file.assertionResults.length === 0,
    ).length;
  }
  const e2e = path.join(resultsDir, 'e2e.json');
  if (existsSync(e2e)) {
    const report = JSON.parse(readFileSync(e2e, 'utf8'));
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        if (spec.tests.some((test) => test.status === 'flaky'))
          flaky.push([...titles, spec.title].join(' > '));
      }
      for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    };
    for (const suite of report.suites ?? []) visit(suite, [`e2e/${suite.file ?? suite.title}`]);
  }
  return { passed, failed, flaky };
}
