import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recipes } from './registry.js';
import { STEP_RUNNER } from './runner.js';
import { assembleStepScript, recipeScriptsDirectory } from './scripts.js';
import { echoRecipe } from './test-support.js';

// shellcheck is a dependency of the project (npm test installs it; /usr/bin/shellcheck).
const scriptsDirectory = recipeScriptsDirectory();
const temporary = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-shellcheck-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

function shellcheck(files: string[], cwd: string, options: string[] = []) {
  const result = spawnSync('shellcheck', ['-x', ...options, ...files], { cwd, encoding: 'utf8' });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
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

  it('passes on every .sh file of scripts/', () => {
    expect(shellcheck(shellFiles, scriptsDirectory)).toEqual({ status: 0, output: '' });
  });

  it('passes on the runner text', () => {
    const file = writeTemporary('runner.sh', `#!/usr/bin/env bash\n${STEP_RUNNER}\n`);
    expect(shellcheck([file], temporary)).toEqual({ status: 0, output: '' });
  });

  it('passes on every assembled step (helpers + step, as sent)', () => {
    const steps = [...Object.values(recipes), echoRecipe].flatMap((recipe) => recipe.steps);
    const files = steps.map((step, index) =>
      writeTemporary(`step-${index}.sh`, assembleStepScript(step.script)),
    );
    // SC2317 (unreachable command) is a false positive here: helpers a step does not call, after
    // a step that ends with `exit`, look unreachable. Each file is checked in full above.
    expect(shellcheck(files, temporary, ['--exclude=SC2317'])).toEqual({ status: 0, output: '' });
  });
});
