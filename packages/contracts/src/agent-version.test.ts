import { describe, expect, it } from 'vitest';
import { agentChangelogEntrySchema } from './agent.js';
import { AGENT_CHANGELOG, AGENT_VERSION } from './agent-version.js';

describe('agent version and changelog', () => {
  it('has an entry for the current version first, then older versions, newest first', () => {
    expect(AGENT_CHANGELOG[0]?.id).toBe(AGENT_VERSION);
    const ids = AGENT_CHANGELOG.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the entry format the changelog call answers: id, title "Agent <id>", lines of content', () => {
    for (const entry of AGENT_CHANGELOG) {
      expect(agentChangelogEntrySchema.strict().parse(entry)).toEqual(entry);
      expect(entry.title).toBe(`Agent ${entry.id}`);
      expect(entry.content.split('\n').every((line) => line.trim().length > 0)).toBe(true);
    }
  });
});
