// Small process helpers for the project scripts. These scripts run before `npm install` has
// happened, so they use Node's standard library only.
import { spawn } from 'node:child_process';

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

export function step(title) {
  console.log(`\n\x1b[36m▶ ${title}\x1b[0m`);
}

export function elapsed(startedAt) {
  return `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;
}
