import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Test support lives in `testing/` folders, never beside production code (docs/layers.md, Test
 * support): a reader tells test code from shipped code by its folder, and no production module pulls
 * a fake into a bundle. Walks apps/ and packages/ as they are on disk, so a stray file fails here
 * before it is committed.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = /\.[cm]?[jt]sx?$/;
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const SUFFIXED_SUPPORT = /\.testing\.[cm]?[jt]sx?$/;
/** Static, re-exported, side-effect and dynamic imports: `from '…'`, `import '…'`, `import('…')`. */
const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"\n]+)\1/g;
const TESTING_SEGMENT = /(^|\/)testing(\/|$)/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) ? [path.relative(root, full).split(path.sep).join('/')] : [];
  });
}

const files = ['apps', 'packages'].flatMap((folder) => sourceFiles(path.join(root, folder)));
const isTestSupport = (file: string) => file.split('/').includes('testing');

describe('test support layout', () => {
  it('finds the sources it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter(isTestSupport).length).toBeGreaterThan(10);
  });

  it('names no file *.testing.ts: test support goes in a testing/ folder', () => {
    const suffixed = files.filter((file) => SUFFIXED_SUPPORT.test(file));
    const moves = suffixed.map((file) => {
      const name = path.posix.basename(file).replace('.testing', '');
      return `${file} → ${path.posix.join(path.posix.dirname(file), 'testing', name)}`;
    });
    expect(
      moves,
      'Move each file into a testing/ folder of its area, dropping ".testing" (docs/layers.md, Test support), and update its imports',
    ).toEqual([]);
  });

  it('imports no testing/ module from production code', () => {
    const production = files.filter((file) => !TEST_FILE.test(file) && !isTestSupport(file));
    const imports = production.flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(IMPORT_SPECIFIER)]
        .map((match) => match[2]!)
        .filter((specifier) => TESTING_SEGMENT.test(specifier))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(
      imports,
      'Production code must not depend on test support: move what it needs out of testing/, or move the importing file into a testing/ folder if it is itself test support',
    ).toEqual([]);
  });
});
