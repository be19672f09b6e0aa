// Fails when the SPA's initial JavaScript (the entry chunk and everything it imports statically)
// exceeds the budget. Lazy chunks (terminal, editor, charts) are not counted: they load on demand.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { root } from './lib/dependencies.mjs';

export const INITIAL_JS_BUDGET_BYTES = 250 * 1024;

export function measureInitialJavaScript(distDir = path.join(root, 'apps/web/dist')) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  const files = [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const gzipBytes = files.reduce(
    (total, file) => total + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length,
    0,
  );
  return { files, gzipBytes };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { files, gzipBytes } = measureInitialJavaScript();
  const kilobytes = (gzipBytes / 1024).toFixed(1);
  const budget = INITIAL_JS_BUDGET_BYTES / 1024;
  console.log(`initial JS: ${kilobytes} KB gzip in ${files.length} file(s), budget ${budget} KB`);
  if (gzipBytes > INITIAL_JS_BUDGET_BYTES) {
    console.error(`initial JS is over budget: ${kilobytes} KB > ${budget} KB`);
    process.exit(1);
  }
}
