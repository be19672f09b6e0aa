import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server tier runs two files at a time (vitest.config.ts): two files booting a test server of
 * the same name would reset each other's server mid-test. Server names are constants at the top
 * of each *.server.test.ts (SERVER, NAME, SERVER_NAME, PRIMARY, SECONDARY): no two files may share one.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NAME_CONSTANT = /^const (?:SERVER|NAME|SERVER_NAME|PRIMARY|SECONDARY) = '([a-z][a-z0-9-]{0,9})';$/gm;

function serverTestFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return serverTestFiles(full);
    return entry.name.endsWith('.server.test.ts') ? [full] : [];
  });
}

describe('server test names', () => {
  it('differ between the files of the server tier', () => {
    const owners = new Map<string, string[]>();
    const files = ['apps', 'packages', 'tools'].flatMap((folder) => serverTestFiles(path.join(root, folder)));
    for (const file of files) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(NAME_CONSTANT)) {
        owners.set(name!, [...(owners.get(name!) ?? []), path.relative(root, file)]);
      }
    }
    expect(owners.size).toBeGreaterThan(10);
    const shared = [...owners].filter(([, holders]) => new Set(holders).size > 1);
    expect(shared).toEqual([]);
  });
});
