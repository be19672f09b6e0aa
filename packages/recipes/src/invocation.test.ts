import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '@hostdeck/contracts';
import * as api from './index.js';
import { buildStepInvocation, encodeStepFrame } from './invocation.js';
import { nginxInstall } from './nginx-install.js';
import { RecipeInputError, defineRecipe } from './recipe.js';
import type { Recipe } from './recipe.js';
import { getRecipe, recipes } from './registry.js';
import { STEP_COMMAND, STEP_RUNNER } from './runner.js';
import { assembleStepScript, recipeScriptsDirectory } from './scripts.js';
import { echoRecipe, splitNul } from './testing/recipes.js';

const packageScripts = fileURLToPath(new URL('../scripts', import.meta.url));

/** Reads a frame back: the environment pairs, the script and the secret. */
function decodeFrame(stdin: Buffer) {
  const parts = splitNul(stdin);
  const end = parts.findIndex((part) => part.length === 0);
  const pairs = parts.slice(0, end).map((part) => part.toString('utf8'));
  const script = parts[end + 1]?.toString('utf8');
  const scriptEnd = stdin.indexOf(0, stdin.indexOf(Buffer.from(`\0\0`)) + 2);
  return { pairs, script, secret: stdin.subarray(scriptEnd + 1) };
}

const allRecipes: Recipe[] = [...Object.values(recipes), echoRecipe];

describe('the command', () => {
  it('is one constant for every recipe, step and input', () => {
    const commands = new Set<string>();
    for (const recipe of allRecipes) {
      for (const step of recipe.steps)
        commands.add(buildStepInvocation(recipe, step.id, recipe.example).command);
    }
    for (const server_name of [undefined, 'a.example', 'marker-7f3a.example.org']) {
      commands.add(buildStepInvocation(nginxInstall, 'default-site', { server_name }).command);
    }
    for (const value of ['x', '$(id)', "'", 'marker-7f3a']) {
      commands.add(buildStepInvocation(echoRecipe, 'echo', { value, secret: Buffer.from(value) }).command);
    }
    expect([...commands]).toEqual([STEP_COMMAND]);
    expect(STEP_COMMAND).not.toContain('marker-7f3a');
  });

  it('wraps the runner in single quotes, which the runner never contains', () => {
    expect(STEP_COMMAND).toBe(`bash --norc -c '${STEP_RUNNER}' hostdeck-step`);
    expect(STEP_RUNNER).not.toContain("'");
  });
});

describe('the frame', () => {
  it('holds sorted HD_ pairs, an empty entry, the assembled script and the secret', () => {
    const secret = Buffer.from('s3cret\0with\nbytes\u00ff');
    const invocation = buildStepInvocation(echoRecipe, 'echo', { value: 'v=1 $(id)', secret });
    const frame = decodeFrame(invocation.stdin);
    expect(frame.pairs).toEqual(['HD_RECIPE_ID=test-echo', 'HD_STEP_ID=echo', 'HD_VALUE=v=1 $(id)']);
    expect(frame.script).toBe(assembleStepScript('testing/echo-input.sh'));
    expect(frame.secret).toEqual(secret);
    expect(invocation.step).toBe(echoRecipe.steps[0]);
  });

  it('never puts an input into the script text', () => {
    const invocation = buildStepInvocation(nginxInstall, 'default-site', {
      server_name: 'marker-7f3a.example.org',
    });
    const frame = decodeFrame(invocation.stdin);
    expect(frame.pairs).toContain('HD_SERVER_NAME=marker-7f3a.example.org');
    expect(frame.script).not.toContain('marker-7f3a');
    expect(frame.secret.length).toBe(0);
  });

  it('leaves out an optional input that is absent', () => {
    const frame = decodeFrame(buildStepInvocation(nginxInstall, 'install', {}).stdin);
    expect(frame.pairs).toEqual(['HD_RECIPE_ID=nginx-install', 'HD_STEP_ID=install']);
  });

  it('refuses keys outside HD_*, values with NUL, and values that are not text', () => {
    expect(() => encodeStepFrame({ PATH: '/tmp' }, 'true')).toThrow(/not HD_/);
    expect(() => encodeStepFrame({ HD_lower: 'x' }, 'true')).toThrow(/not HD_/);
    expect(() => encodeStepFrame({ 'HD_A=B': 'x' }, 'true')).toThrow(/not HD_/);
    expect(() => encodeStepFrame({ HD_A: 'a\0b' }, 'true')).toThrow(/NUL/);
    expect(() => encodeStepFrame({ HD_A: 1 as unknown as string }, 'true')).toThrow(/not a string/);
    expect(() => encodeStepFrame({}, 'a\0b')).toThrow(/NUL/);
    expect(() => encodeStepFrame({ HD_A: 'x'.repeat(200_000) }, 'true')).toThrow(/too long/);
  });

  it('refuses a recipe environment that breaks the rules', () => {
    const base = { input: z.object({}), steps: echoRecipe.steps, example: {} };
    const badKey = defineRecipe({ ...base, id: 'bad-key', environment: () => ({ VALUE: 'x' }) });
    const nul = defineRecipe({ ...base, id: 'nul', environment: () => ({ HD_VALUE: 'a\0b' }) });
    const own = defineRecipe({ ...base, id: 'own', environment: () => ({ HD_STEP_ID: 'other' }) });
    expect(() => buildStepInvocation(badKey, 'echo', {})).toThrow(/not HD_/);
    expect(() => buildStepInvocation(nul, 'echo', {})).toThrow(/NUL/);
    expect(() => buildStepInvocation(own, 'echo', {})).toThrow(/may not set HD_STEP_ID/);
  });
});

describe('input errors', () => {
  it('are RecipeInputError with messages keyed by field', () => {
    let caught: unknown;
    try {
      buildStepInvocation(nginxInstall, 'install', { server_name: 'Not A Domain' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RecipeInputError);
    const error = caught as RecipeInputError;
    expect(error.recipeId).toBe('nginx-install');
    expect(error.fieldErrors).toEqual({ server_name: [VALIDATION_MESSAGES.invalid] });
    expect(error.message).toBe('The given data was invalid.');
  });

  it('come before an unknown step is noticed (the input is parsed first)', () => {
    expect(() => buildStepInvocation(nginxInstall, 'nope', { server_name: '-x' })).toThrow(RecipeInputError);
    expect(() => buildStepInvocation(nginxInstall, 'nope', {})).toThrow(/has no step "nope"/);
  });

  it('report unknown fields instead of dropping them', () => {
    expect(() => buildStepInvocation(nginxInstall, 'install', { extra: 1 })).toThrow(RecipeInputError);
  });
});

describe('defineRecipe', () => {
  const step = {
    id: 'one',
    title: 'One',
    script: 'testing/echo-input.sh',
    timeoutMs: 1000,
    idempotent: true,
  };
  const valid = { id: 'ok', input: z.object({}), steps: [step], environment: () => ({}), example: {} };

  it('checks the definition once, at load time', () => {
    expect(() => defineRecipe({ ...valid, id: 'Bad Id' })).toThrow(/id/);
    expect(() => defineRecipe({ ...valid, steps: [] })).toThrow(/at least one step/);
    expect(() => defineRecipe({ ...valid, steps: [step, step] })).toThrow(/used twice/);
    expect(() => defineRecipe({ ...valid, steps: [{ ...step, script: '../x.sh' }] })).toThrow(/script path/);
    expect(() => defineRecipe({ ...valid, steps: [{ ...step, script: '/etc/x.sh' }] })).toThrow(
      /script path/,
    );
    expect(() => defineRecipe({ ...valid, steps: [{ ...step, script: 'lib/common.sh' }] })).toThrow(
      /script path/,
    );
    expect(() => defineRecipe({ ...valid, steps: [{ ...step, timeoutMs: 0 }] })).toThrow(/timeoutMs/);
    expect(() =>
      defineRecipe({ ...valid, input: z.object({ a: z.string() }), example: {} as { a: string } }),
    ).toThrow(/example/);
  });

  it('makes the input strict and the recipe immutable', () => {
    const recipe = defineRecipe(valid);
    expect(recipe.input.safeParse({ unknown: 1 }).success).toBe(false);
    expect(Object.isFrozen(recipe)).toBe(true);
    expect(Object.isFrozen(recipe.steps[0])).toBe(true);
  });
});

describe('the nginx-install recipe', () => {
  it('has idempotent steps whose scripts exist', () => {
    expect(nginxInstall.steps.map((candidate) => candidate.id)).toEqual([
      'install',
      'default-site',
      'enable',
      'check',
    ]);
    for (const candidate of nginxInstall.steps) {
      expect(candidate.idempotent).toBe(true);
      expect(existsSync(path.join(packageScripts, candidate.script))).toBe(true);
    }
  });

  it('validates nginx before reloading and rolls back (through the helpers)', () => {
    const text = readFileSync(path.join(packageScripts, 'nginx/default-site.sh'), 'utf8');
    expect(text).toContain('hd_apply_config "$available" nginx -t -q');
    expect(text).toContain('hd_apply_link "$enabled" "$available" nginx -t -q');
  });

  it('is in the registry', () => {
    expect(getRecipe('nginx-install')).toBe(nginxInstall);
    expect(getRecipe('toString')).toBeUndefined();
    expect(api.recipes['nginx-install']).toBe(nginxInstall);
  });
});

describe('assembled scripts', () => {
  it('come from this package, strict mode first, every helper before the step', () => {
    expect(recipeScriptsDirectory()).toBe(packageScripts);
    const text = assembleStepScript('nginx/install.sh');
    expect(text.startsWith('#!/usr/bin/env bash\n')).toBe(true);
    expect(text.split('\n').slice(0, 3)).toContain('set -euo pipefail');
    const positions = [
      '# ---- lib/apt.sh',
      '# ---- lib/common.sh',
      '# ---- lib/files.sh',
      '# ---- lib/services.sh',
    ].map((marker) => text.indexOf(marker));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text.indexOf('# ---- nginx/install.sh')).toBeGreaterThan(positions.at(-1)!);
    for (const helper of [
      'hd_write_atomic()',
      'hd_apply_config()',
      'hd_reload_service()',
      'hd_apt_install()',
      'hd_log()',
    ]) {
      expect(text).toContain(helper);
    }
  });
});
