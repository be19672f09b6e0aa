import { readdirSync, readFileSync } from 'node:fs';

/**
 * The processes of a terminal's session. The pty's first process leads a new session (setsid), so
 * every process the user starts from it (pipelines, background jobs in their own process groups)
 * carries that session id unless it deliberately detaches with setsid.
 */
export function processesOfSession(sessionId: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid pgrp session …": comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[3]) === sessionId) members.push(Number(entry));
  }
  return members;
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/**
 * Ends a closed terminal (spec/001 §4 "Leaving closes the socket"; the plan's trap: a closed
 * terminal must kill the shell's whole process group): SIGHUP to the shell's process group, as a
 * hung-up terminal would, then after `graceMs` SIGKILL to the group and to every process left in
 * the session (background jobs, `nohup`).
 */
export function hangUpSession(leaderPid: number, graceMs: number): Promise<void> {
  signal(-leaderPid, 'SIGHUP');
  for (const pid of processesOfSession(leaderPid)) signal(pid, 'SIGHUP');
  return new Promise((resolve) => {
    setTimeout(() => {
      signal(-leaderPid, 'SIGKILL');
      for (const pid of processesOfSession(leaderPid)) signal(pid, 'SIGKILL');
      resolve();
    }, graceMs).unref();
  });
}
