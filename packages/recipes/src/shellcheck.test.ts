import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STEP_RUNNER } from './runner.js';
import { assembleStepScript, recipeScriptsDirectory } from './scripts.js';
import { echoRecipe, packageRecipes } from './testing/recipes.js';

// Every recipe of the package: the base ones and each section's (`@hostdeck/recipes/<area>`).
const { recipes } = await packageRecipes();

// shellcheck is a dependency of the project (npm test installs it; /usr/bin/shellcheck).
const scriptsDirectory = recipeScriptsDirectory();
const temporary = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-shellcheck-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

function shellcheck(files: string[], cwd: string, options: string[] = []) {
  const result = spawnSync('shellcheck', ['-x', ...options, ...files], { cwd, encoding: 'utf8' });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function shellcheckAsync(files: string[], cwd: string, options: string[]) {
  return new Promise<{ status: number | null; output: string }>((resolve, reject) => {
    if (files.length === 0) return resolve({ status: 0, output: '' });
    const child = spawn('shellcheck', ['-x', ...options, ...files], { cwd });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}

/**
 * Assembled steps that passed before, by the hash of shellcheck's version, its options and the
 * exact text: checking every step with all its helpers took four minutes of a loaded unit tier,
 * and most steps are unchanged from one run to the next (CI runs on the machine that ran them).
 * Only passes are kept; any change of text, options or shellcheck checks the step again.
 */
const passCache =
  process.env.HOSTDECK_SHELLCHECK_CACHE ?? path.join(os.homedir(), '.cache', 'hostdeck', 'shellcheck');
const shellcheckVersion = spawnSync('shellcheck', ['--version'], { encoding: 'utf8' }).stdout ?? '';
const passKey = (file: string, options: string[]) =>
  createHash('sha256')
    .update(`${shellcheckVersion}\0${options.join(' ')}\0`)
    .update(readFileSync(file))
    .digest('hex');
const passedBefore = (file: string, options: string[]) =>
  existsSync(path.join(passCache, passKey(file, options)));
function rememberPasses(files: string[], options: string[]) {
  try {
    mkdirSync(passCache, { recursive: true });
    for (const file of files) writeFileSync(path.join(passCache, passKey(file, options)), '');
  } catch {
    // A cache that cannot be written only costs time.
  }
}

function writeTemporary(name: string, text: string): string {
  const file = path.join(temporary, name);
  writeFileSync(file, text);
  return file;
}

const shellFiles = readdirSync(scriptsDirectory, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.sh'))
  .sort();

describe('shellcheck', () => {
  it('finds the helpers and the step scripts', () => {
    expect(shellFiles).toEqual(expect.arrayContaining(['lib/common.sh', 'lib/files.sh', 'nginx/install.sh']));
  });

  it('passes on every .sh file of scripts/', { timeout: 300_000 }, () => {
    expect(shellcheck(shellFiles, scriptsDirectory)).toEqual({ status: 0, output: '' });
  });

  it('passes on the runner text', () => {
    const file = writeTemporary('runner.sh', `#!/usr/bin/env bash\n${STEP_RUNNER}\n`);
    expect(shellcheck([file], temporary)).toEqual({ status: 0, output: '' });
  });

  // Every step carries all the helpers, so this grows with the recipes: the scripts (each once)
  // are checked in groups of a few, each group its own test with its own time limit (one test for
  // all of them ran past five minutes on a loaded machine), one shellcheck per core in a group.
  const steps = [...Object.values(recipes), echoRecipe].flatMap((recipe) => recipe.steps);
  const scripts = [...new Set(steps.map((step) => step.script))].sort();
  const cores = Math.max(1, availableParallelism());
  const groupSize = 4 * cores;
  const groups = Array.from({ length: Math.ceil(scripts.length / groupSize) }, (_, index) =>
    scripts.slice(index * groupSize, (index + 1) * groupSize),
  );

  it('has assembled steps to check', () => {
    expect(scripts.length).toBeGreaterThan(10);
  });

  it.each(groups.map((group) => [`${group[0]} … ${group.at(-1)}`, group] as const))(
    'passes on every assembled step (helpers + step, as sent): %s',
    { timeout: 300_000 },
    async (_name, group) => {
      // SC2317 (unreachable command) is a false positive here: helpers a step does not call,
      // after a step that ends with `exit`, look unreachable. Each file is checked in full above.
      const options = ['--exclude=SC2317'];
      const files = group
        .map((script) => writeTemporary(`step-${script.replaceAll('/', '--')}`, assembleStepScript(script)))
        .filter((file) => !passedBefore(file, options));
      const results = await Promise.all(
        Array.from({ length: cores }, (_, batch) =>
          shellcheckAsync(
            files.filter((_, index) => index % cores === batch),
            temporary,
            options,
          ),
        ),
      );
      expect(results.filter((result) => result.status !== 0)).toEqual([]);
      rememberPasses(files, options);
    },
  );
});
