import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Step scripts and the helper library, read from this package's `scripts/` folder (our files,
 * never input). A step is sent as one script text, so the helpers of `scripts/lib/*.sh` are
 * inlined in front of it, in file-name order, then the helpers of its own area's `lib/` folder
 * (`scripts/wordpress/lib/*.sh` for `wordpress/run.sh`): an area's helpers go only into its steps,
 * so they don't grow every other step towards the argument limit.
 */

const HELPERS_FOLDER = 'lib';
/** A single argument of `exec` (the script, an environment pair) is limited to 128 KiB by Linux. */
export const MAX_ARGUMENT_BYTES = 128 * 1024 - 1;

let defaultDirectory: string | undefined;

/**
 * The `scripts/` folder of this package. Found beside the sources, or, when the package was
 * bundled into another file (the panel's dist/main.js), in `packages/recipes/scripts` or
 * `node_modules/@hostdeck/recipes/scripts` of a parent folder.
 */
export function recipeScriptsDirectory(): string {
  if (defaultDirectory) return defaultDirectory;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../scripts')];
  for (let directory = here; ; directory = path.dirname(directory)) {
    candidates.push(
      path.join(directory, 'packages/recipes/scripts'),
      path.join(directory, 'node_modules/@hostdeck/recipes/scripts'),
    );
    if (path.dirname(directory) === directory) break;
  }
  const found = candidates.find((candidate) => existsSync(path.join(candidate, HELPERS_FOLDER, 'common.sh')));
  if (!found) throw new Error(`the recipe scripts were not found (looked in ${candidates[0]} and above)`);
  defaultDirectory = found;
  return found;
}

const assembled = new Map<string, string>();

/** The `.sh` files of a folder, by name (none when it does not exist). */
function shellFilesOf(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.endsWith('.sh'))
    .sort();
}

function readScript(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (text.includes('\0')) throw new Error(`${file} contains a NUL byte`);
  return text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * The text sent for a step: strict mode, every helper of `lib/`, then the step script. Cached:
 * scripts are part of the release and do not change while the panel runs.
 */
export function assembleStepScript(script: string, scriptsDirectory = recipeScriptsDirectory()): string {
  const key = `${scriptsDirectory}\0${script}`;
  const cached = assembled.get(key);
  if (cached !== undefined) return cached;
  const helpersDirectory = path.join(scriptsDirectory, HELPERS_FOLDER);
  const area = path.dirname(script);
  const helpers = [
    ...shellFilesOf(helpersDirectory).map((name) => `${HELPERS_FOLDER}/${name}`),
    ...(area === '.' || area === HELPERS_FOLDER
      ? []
      : shellFilesOf(path.join(scriptsDirectory, area, HELPERS_FOLDER)).map(
          (name) => `${area}/${HELPERS_FOLDER}/${name}`,
        )),
  ];
  const parts = [
    '#!/usr/bin/env bash',
    `# HostDeck step ${script}, assembled with the helpers of lib/ (packages/recipes/scripts).`,
    'set -euo pipefail',
    ...helpers.map((name) => `# ---- ${name}\n${readScript(path.join(scriptsDirectory, name))}`),
    `# ---- ${script}\n${readScript(path.join(scriptsDirectory, script))}`,
  ];
  const text = parts.join('\n');
  if (Buffer.byteLength(text) > MAX_ARGUMENT_BYTES) {
    throw new Error(`step script ${script} is over ${MAX_ARGUMENT_BYTES} bytes with its helpers`);
  }
  assembled.set(key, text);
  return text;
}
