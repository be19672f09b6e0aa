/**
 * The fixed runner: the only text the panel ever sends as an SSH command. It is identical for
 * every recipe, step and input; everything variable travels on stdin as a frame
 * (see `encodeStepFrame` in invocation.ts and the package README):
 *
 *   HD_KEY=value NUL … HD_KEY=value NUL   environment pairs
 *   NUL                                   an empty entry ends the pairs
 *   script bytes NUL                      the assembled step script (helpers + step)
 *   secret bytes                          optional; left on stdin for the script to read
 *
 * The runner reads the pairs with `read -r -d ""` (values are never parsed as shell), refuses a
 * key outside ^HD_[A-Z0-9_]+$ (exit 64), exports each pair literally, reads the script up to its
 * NUL (exit 65 when the frame is incomplete) and `exec`s it with bash (no rc file, no BASH_ENV);
 * the rest of stdin is the secret. The text contains no single quote, so it can be wrapped in single quotes for sh.
 */

/** `$0` of every step script, shown by bash in its error messages. */
export const STEP_PROGRAM_NAME = 'hostdeck-step';

/** Exit statuses of the runner itself (a step script uses its own). */
export const RUNNER_EXIT_CODES = { refusedEnvironmentEntry: 64, incompleteFrame: 65 } as const;

// The key pattern is spelled out instead of [A-Z0-9_], whose meaning depends on the locale.
const KEY_PATTERN = '^HD_[ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_]+$';

/** The bash program of the runner, one statement per line. */
export const STEP_RUNNER = [
  'set -euo pipefail',
  'hd_end=0',
  'while IFS= read -r -d "" hd_pair; do',
  '  if [[ -z $hd_pair ]]; then hd_end=1; break; fi',
  '  hd_key=${hd_pair%%=*}',
  `  if [[ $hd_pair == *=* && $hd_key =~ ${KEY_PATTERN} ]]; then :; else`,
  `    echo "${STEP_PROGRAM_NAME}: refused an environment entry" >&2; exit ${RUNNER_EXIT_CODES.refusedEnvironmentEntry}`,
  '  fi',
  '  export "$hd_key=${hd_pair#*=}"',
  'done',
  'if [[ $hd_end == 1 ]] && IFS= read -r -d "" hd_script; then :; else',
  `  echo "${STEP_PROGRAM_NAME}: incomplete frame" >&2; exit ${RUNNER_EXIT_CODES.incompleteFrame}`,
  'fi',
  'unset BASH_ENV',
  `exec bash --norc -c "$hd_script" ${STEP_PROGRAM_NAME}`,
].join('\n');

if (STEP_RUNNER.includes("'")) throw new Error('the step runner must not contain a single quote');

/**
 * The SSH command of every step: `bash --norc -c '<STEP_RUNNER>' hostdeck-step`, run by the login
 * shell. `--norc`: bash reads ~/.bashrc when its stdin is a socket (as under sshd) unless told not to.
 */
export const STEP_COMMAND = `bash --norc -c '${STEP_RUNNER}' ${STEP_PROGRAM_NAME}`;
