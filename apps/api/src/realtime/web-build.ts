import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The id of the web build the panel serves: the entry file Vite names by its content hash
 * (`assets/index-<hash>.js`), read from dist/.vite/manifest.json. It changes whenever any file of the
 * build does (the entry names the hashed chunks it loads). Null without a build (development, tests).
 */
export function readWebBuildId(distDir: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file?: unknown; isEntry?: unknown }
    >;
    const entry = manifest['index.html'];
    return entry?.isEntry === true && typeof entry.file === 'string' ? entry.file : null;
  } catch {
    return null;
  }
}

/**
 * Whether a browser that opened the realtime socket with `clientBuild` runs another build than the
 * panel's, so it should offer to reload (spec/000 §2, §4 `uireload`). A browser that sent none (a
 * development server) or a panel without a build never asks.
 */
export function runsAnotherBuild(clientBuild: string | undefined, panelBuild: string | null): boolean {
  return Boolean(clientBuild && panelBuild && clientBuild !== panelBuild);
}
