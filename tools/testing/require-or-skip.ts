// Suites that need something the machine may lack (PostgreSQL, root) skip on a developer's machine
// without it, but `npm test` and CI must run them all: scripts/test.mjs sets HOSTDECK_REQUIRE_ALL=1
// (and starts PostgreSQL), and then a missing prerequisite fails the run instead of skipping.

/** Set by `npm test` (scripts/test.mjs): every suite must run, none may skip. */
export const REQUIRE_ALL_VARIABLE = 'HOSTDECK_REQUIRE_ALL';

export function everySuiteRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[REQUIRE_ALL_VARIABLE] === '1';
}

/**
 * `condition` when it holds. When it does not: false (the caller skips, e.g.
 * `describe.runIf(requireOrSkip(asRoot, 'runs as root'))`) on a developer's machine, but an error
 * under `npm test`, so a suite never goes missing silently from the full run.
 */
export function requireOrSkip(
  condition: boolean,
  why: string,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (condition) return true;
  if (everySuiteRequired(env)) {
    throw new Error(`${why}: this suite may not be skipped under npm test (${REQUIRE_ALL_VARIABLE}=1)`);
  }
  return false;
}
