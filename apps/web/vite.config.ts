import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: { '/api': api, '/uploads': api, '/checkout': api },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The server reads it to hint each page's route code in its HTML (apps/api/src/platform/page-hints.ts).
    manifest: true,
    rolldownOptions: {
      // The contract's modules define zod schemas next to the constants and helpers the web app uses.
      // Building a schema has no side effect, so unused ones (and zod with them) stay out of the bundle.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
