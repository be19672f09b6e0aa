import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from './agent-file-messages.js';
import { filesVi } from './agent-file-messages.vi.js';

describe('agent file messages', () => {
  it('has a Vietnamese text for every message', () => {
    const missing = Object.values(FILE_MESSAGES).filter((message) => !filesVi[message]);
    expect(missing).toEqual([]);
  });
});
