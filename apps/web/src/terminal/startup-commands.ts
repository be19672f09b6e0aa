/** Output must be quiet this long before the shell counts as settled (spec/001 §4, §9). */
export const STARTUP_SETTLE_MS = 1000;
/** Then the startup commands are typed this much later (spec/001 §4: about 1100 ms). */
export const STARTUP_DELAY_MS = 1100;

/**
 * Types the terminal's initial commands once the shell has settled (spec/001 §4 Terminal
 * startup): every output message restarts a 1000 ms debounce, and when the output has been quiet
 * that long the commands are sent about 1100 ms later, so they land after the login banner and
 * the first prompt instead of inside them. Runs once.
 */
export function createStartupRunner(
  commands: readonly string[],
  send: (text: string) => void,
  timers: { set: typeof setTimeout; clear: typeof clearTimeout } = { set: setTimeout, clear: clearTimeout },
) {
  // Taken off the object: browsers throw 'Illegal invocation' when setTimeout or clearTimeout run
  // with another `this` than window (as `timers.clear(…)` did), which crashed leaving the page.
  const { set, clear } = timers;
  let settle: ReturnType<typeof setTimeout> | undefined;
  let run: ReturnType<typeof setTimeout> | undefined;
  let done = commands.length === 0;

  return {
    /** Call on every output message. */
    output() {
      if (done || run !== undefined) return;
      clear(settle);
      settle = set(() => {
        run = set(() => {
          done = true;
          for (const command of commands) send(`${command}\r`);
        }, STARTUP_DELAY_MS);
      }, STARTUP_SETTLE_MS);
    },
    cancel() {
      done = true;
      clear(settle);
      clear(run);
    },
  };
}
