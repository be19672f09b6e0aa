import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The panel (apps/api) serves dist/ and answers /api; in development Vite serves the SPA and
// forwards /api (HTTP and websockets) to a panel started on its default port.
const PANEL_URL = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
