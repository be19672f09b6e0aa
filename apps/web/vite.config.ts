import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressDirectory } from '../../scripts/lib/precompress.mjs';

// The panel (apps/api) serves dist/ and answers /api; in development Vite serves the SPA and
// forwards /api (HTTP and websockets) to a panel started on its default port.
const PANEL_URL = 'http://localhost:8080';

/**
 * Brotli and gzip copies of every built text file, made once here at maximum quality, so the panel sends
 * them as they are (apps/api/src/http/spa.ts) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hostdeck-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the whole output is written, public/ files and index.html included.
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bundle-size check reads dist/.vite/manifest.json to sum the entry chunk and its static imports.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React changes less often than the app: its own chunk stays cached across deploys. Only
          // packages that are always loaded belong here; a group also pulls in modules that lazy
          // pages alone use, which would make them initial.
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: PANEL_URL, ws: true },
    },
  },
});
