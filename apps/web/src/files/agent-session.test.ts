import { describe, expect, it } from 'vitest';
import { needsAgentUpgrade, refreshDelay } from './agent-session';

describe('agent session', () => {
  it('asks for an upgrade when the agent is older or unknown', () => {
    expect(needsAgentUpgrade(null, 30)).toBe(true);
    expect(needsAgentUpgrade(29, 30)).toBe(true);
    expect(needsAgentUpgrade(30, 30)).toBe(false);
  });

  it('refreshes the token a minute before it expires', () => {
    expect(refreshDelay(1000, 0)).toBe(940_000);
    expect(refreshDelay(1, 0)).toBe(10_000);
  });
});
