import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The agent's bundle (apps/agent/build/bundle.mjs → apps/agent/dist/hostdeck-agent-<version>.tar.gz),
 * which the `agent-install` recipe sends on stdin. HOSTDECK_AGENT_DIST names the folder it is in;
 * without it, it is looked for in apps/agent/dist of this checkout (also from the panel's bundled
 * dist/main.js, which lives in the same tree).
 */
export function agentBundleFileName(version: number): string {
  return `hostdeck-agent-${version}.tar.gz`;
}

export function findAgentBundle(version: number): string | null {
  const name = agentBundleFileName(version);
  const configured = process.env.HOSTDECK_AGENT_DIST;
  if (configured) {
    const file = path.join(configured, name);
    return existsSync(file) ? file : null;
  }
  const candidates: string[] = [];
  for (let directory = path.dirname(fileURLToPath(import.meta.url)); ; directory = path.dirname(directory)) {
    candidates.push(path.join(directory, 'apps/agent/dist', name));
    if (path.dirname(directory) === directory) break;
  }
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

/** The bundle's bytes, or an empty buffer when it was not built (the script then says so). */
export function readAgentBundle(version: number): Buffer {
  const file = findAgentBundle(version);
  return file ? readFileSync(file) : Buffer.alloc(0);
}
