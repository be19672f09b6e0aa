// `npm start`: installs what is missing, builds what is stale, then runs the panel in this process
// (migrations are applied by the panel itself before it listens).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureNpmDependencies, root } from './lib/dependencies.mjs';
import { build } from './build.mjs';

await ensureNpmDependencies();
await build();
await import(pathToFileURL(path.join(root, 'apps/api/dist/main.js')).href);
