import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAdminCommand } from './admin-command.js';

/** `npm run admin -- …` (scripts/admin.mjs bundles this file into dist/admin.js and runs it). */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

process.exit(await runAdminCommand(process.argv.slice(2), process.env, console, { repositoryRoot }));
