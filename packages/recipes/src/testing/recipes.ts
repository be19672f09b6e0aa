import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { defineRecipe, type Recipe } from '../recipe.js';
import { baseRecipes, createRecipeRegistry, type RecipeRegistry } from '../registry.js';

/**
 * Test-only helpers (not exported by the package): a permissive recipe around
 * scripts/testing/echo-input.sh, and running an invocation the way sshd would.
 */

/** Accepts any text without NUL, so the runner (not a grammar) is what keeps values literal. */
export const echoRecipe = defineRecipe({
  id: 'test-echo',
  input: z.strictObject({
    value: z.string().refine((value) => !value.includes('\0')),
    secret: z.instanceof(Buffer).optional(),
  }),
  steps: [
    { id: 'echo', title: 'Echo', script: 'testing/echo-input.sh', timeoutMs: 10_000, idempotent: true },
  ],
  environment: (input) => ({ HD_VALUE: input.value }),
  secrets: (input) => input.secret ?? Buffer.alloc(0),
  example: { value: 'hello' },
});

export interface LocalRun {
  status: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs `command` with `/bin/sh -c` (as sshd runs an exec request), `stdin` piped in. */
export function runLikeSshd(command: string, stdin: Buffer, cwd?: string): Promise<LocalRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], {
      cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (status) =>
      resolve({ status, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString('utf8') }),
    );
    child.stdin.on('error', () => {}); // the runner may exit before reading everything
    child.stdin.end(stdin);
  });
}

/** Splits a buffer at each NUL byte. */
export function splitNul(buffer: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let index = buffer.indexOf(0); index !== -1; index = buffer.indexOf(0, start)) {
    parts.push(buffer.subarray(start, index));
    start = index + 1;
  }
  parts.push(buffer.subarray(start));
  return parts;
}

const isRecipe = (value: unknown): value is Recipe =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Recipe).id === 'string' &&
  Array.isArray((value as Recipe).steps) &&
  typeof (value as Recipe).input?.parse === 'function';

/**
 * Every recipe of the package, for the checks that must cover them all (injection, shellcheck):
 * the base registry's and every recipe a folder's `index.ts` exports, which is where a server
 * section's recipes live (`@hostdeck/recipes/<area>`, registered by the API, not here). Read
 * from the folders, so a new section needs no edit here.
 */
export async function packageRecipes(): Promise<RecipeRegistry> {
  // This file sits in src/testing/: the recipe folders are its parent's.
  const source = fileURLToPath(new URL('..', import.meta.url));
  const found: Recipe[] = [...Object.values(baseRecipes.recipes)];
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    const index = path.join(source, entry.name, 'index.ts');
    if (!entry.isDirectory() || !existsSync(index)) continue;
    const exported = (await import(pathToFileURL(index).href)) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      for (const candidate of Array.isArray(value) ? value : [value]) {
        if (isRecipe(candidate) && !found.includes(candidate)) found.push(candidate);
      }
    }
  }
  return createRecipeRegistry(found);
}
