import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStartupRunner } from './startup-commands';

/**
 * Browsers check the receiver of window.setTimeout and clearTimeout: called as a method of any
 * other object they throw "Illegal invocation" (Node does not). These stand-ins do the same.
 */
function browserLikeTimers() {
  const { setTimeout: set, clearTimeout: clear } = globalThis;
  const checked = <F extends (...args: never[]) => unknown>(fn: F) =>
    function (this: unknown, ...args: Parameters<F>) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      return fn(...args);
    };
  return { setTimeout: checked(set), clearTimeout: checked(clear) };
}

describe('terminal startup commands', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    const timers = browserLikeTimers();
    vi.stubGlobal('setTimeout', timers.setTimeout);
    vi.stubGlobal('clearTimeout', timers.clearTimeout);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('types the commands 1100 ms after the output has been quiet for 1000 ms, once', () => {
    const sent: string[] = [];
    const runner = createStartupRunner(['cd /var/www', 'ls'], (text) => sent.push(text));
    runner.output();
    vi.advanceTimersByTime(900);
    runner.output(); // more banner: the debounce starts again
    vi.advanceTimersByTime(999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1 + 1099);
    expect(sent).toEqual([]);
    runner.output(); // the prompt arriving during the delay does not postpone the run
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['cd /var/www\r', 'ls\r']);
    runner.output();
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(2);
  });

  it('sends nothing when cancelled (the page was left)', () => {
    const sent: string[] = [];
    const runner = createStartupRunner(['ls'], (text) => sent.push(text));
    runner.output();
    runner.cancel();
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([]);
  });

  it('can be cancelled without commands, with the browser timers', () => {
    // The terminal page without startup commands: leaving it only cancels.
    const runner = createStartupRunner([], () => undefined);
    runner.output();
    expect(() => runner.cancel()).not.toThrow();
  });
});
