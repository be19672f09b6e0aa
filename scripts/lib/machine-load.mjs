// What else the machine is doing, printed by `npm test` so a slow CI run can be told apart from a
// busy machine: the load and the busiest processes before the run, then the load every few
// minutes. Standard library only (runs before `npm install`).
import { execFileSync } from 'node:child_process';
import os from 'node:os';

const loadLine = () =>
  `load ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')} (1/5/15 min) on ${os.cpus().length} cores`;

/** The load and the busiest processes right now (ps may be missing: then only the load). */
export function describeMachine() {
  let busiest = '';
  try {
    busiest = execFileSync('ps', ['-eo', 'pid,pcpu,etime,args', '--sort=-pcpu'], { encoding: 'utf8' })
      .split('\n')
      .slice(0, 9)
      .map((line) => `  ${line.slice(0, 160)}`)
      .join('\n');
  } catch {
    // ps is not essential.
  }
  return `machine before the run: ${loadLine()}\n${busiest}`;
}

/** Prints the load every `intervalMs` until the answered function is called. */
export function watchLoad(intervalMs = 300_000) {
  const timer = setInterval(() => {
    console.log(`[load] ${new Date().toISOString().slice(11, 19)} ${loadLine()}`);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
