/**
 * How a running command is found again to be killed.
 *
 * Every command starts with `HOSTDECK_RUN_ID=<random id>` in its initial environment, which all
 * of its descendants inherit, also those that start their own session or process group (a
 * process group kill would miss them). Killing the command means killing every process whose
 * /proc/PID/environ holds that entry. Services a command (re)starts through systemd do not
 * inherit it, so they survive, as they should.
 */

export const RUN_ID_VARIABLE = 'HOSTDECK_RUN_ID';
const RUN_ID = /^[0-9a-f]{32}$/;

/** Single-quotes `value` for a POSIX shell. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command line sent to sshd: the user's login shell runs `command` unchanged (sshd's own
 * `$SHELL -c command`), once more through `exec`, so that the run id is in the initial
 * environment of the very first process (an `export` would only reach its children, and the
 * shell itself could go on spawning).
 */
export function wrapCommand(command: string, runId: string): string {
  checkRunId(runId);
  return `exec env ${RUN_ID_VARIABLE}=${runId} "\${SHELL:-/bin/sh}" -c ${shellQuote(command)}`;
}

/**
 * Kills every process of run `runId`, repeating while new ones appear (a loop between the scan
 * and the kill may have forked). Needs GNU grep (-z), as on Debian and Ubuntu.
 */
export function killScript(runId: string): string {
  checkRunId(runId);
  return [
    `marker=${RUN_ID_VARIABLE}=${runId}`,
    'for attempt in 1 2 3 4 5 6 7 8 9 10; do',
    '  pids=$(grep -lsxzF "$marker" /proc/[0-9]*/environ | cut -d/ -f3)',
    '  [ -n "$pids" ] || exit 0',
    '  kill -KILL $pids 2>/dev/null',
    '  sleep 0.05',
    'done',
    'exit 1',
  ].join('\n');
}

function checkRunId(runId: string) {
  if (!RUN_ID.test(runId)) throw new Error('A run id is 32 lowercase hexadecimal digits');
}
