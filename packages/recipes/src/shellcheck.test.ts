import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
      const files = group.map((script) =>
        writeTemporary(`step-${script.replaceAll('/', '--')}`, assembleStepScript(script)),
      );
      const results = await Promise.all(
        Array.from({ length: cores }, (_, batch) =>
          shellcheckAsync(
            files.filter((_, index) => index % cores === batch),
            temporary,
            // SC2317 (unreachable command) is a false positive here: helpers a step does not call,
            // after a step that ends with `exit`, look unreachable. Each file is checked in full above.
            ['--exclude=SC2317'],
          ),
        ),
      );
      expect(results.filter((result) => result.status !== 0)).toEqual([]);
    },
  );
});
