import type { AgentChangelogEntry } from './agent.js';

/**
 * The agent's version, shared by the agent (GET {agent}/version, its bundle's VERSION: read by
 * apps/agent/build/bundle.mjs) and the panel, which reports it as the latest agent version in app
 * info (spec/000 §3) and prompts an upgrade when a server runs an older one (§4).
 * Raise it together with a new first entry of AGENT_CHANGELOG (agent-version.test.ts).
 */
export const AGENT_VERSION = 25;

/**
 * What changed in each agent version, newest first (GET api/agent-changelog, spec/000 §7): the
 * panel shows the entries newer than a server's agent before it upgrades. `id` is the version.
 */
export const AGENT_CHANGELOG: readonly AgentChangelogEntry[] = [
  {
    id: 25,
    title: 'Agent 25',
    content: [
      "Monitoring: the agent samples the server's CPU, memory, disks, load and network every minute and keeps the last day, so the panel's charts and alerts have no gaps after the panel was away.",
    ].join('\n'),
  },
  {
    id: 24,
    title: 'Agent 24',
    content: [
      'Security: when a member loses access to a server (removed from the team, a narrower role, the server unshared or transferred), the panel tells the agent at once, and the file manager tokens it had given them stop working before they expire.',
    ].join('\n'),
  },
  {
    id: 23,
    title: 'Agent 23',
    content: [
      'Security: every file operation works through folders it has already opened, one name at a time, so a folder or file swapped for a symbolic link during a copy, archive, extraction or any other operation can no longer lead outside the site.',
      "As root, a symbolic link in a folder another user owns is followed only to that user's own files.",
      "Files with several hard links in another user's folder are not copied, archived or given a new mode or owner by root.",
    ].join('\n'),
  },
  {
    id: 22,
    title: 'Agent 22',
    content: [
      'A self-contained bundle with its own Node runtime, installed as the hostdeck-agent service on port 2022.',
      'Short-lived tokens signed by the panel: one server, one root folder, one Unix user, named operations.',
      'Site files are handled by a process running as the site user.',
      'Archives of several paths at once; zip, tar and tar.gz with a compression level.',
      'Direct terminal: a login shell through the agent; closing it ends every process it started.',
    ].join('\n'),
  },
];
