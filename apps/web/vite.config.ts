import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routePreloads } from './route-preloads.ts';

// The API server serves this build from apps/web/dist; in development the
// Vite server forwards /api to a locally running API so URLs stay relative.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    routePreloads(
      fileURLToPath(new URL('./src/app/routes', import.meta.url)),
      fileURLToPath(new URL('./src/app/layout/app-shell.tsx', import.meta.url)),
    ),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8000', changeOrigin: false } },
  },
});
