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
      output: {
        // Everything the first page needs in one file: split in a dozen shared pieces, it cost a dozen
        // requests before the shop could start, each waiting its turn on a slow phone line.
        // Later screens share one more: the API client (RTK Query with Redux Toolkit) and the pieces the
        // storefront's screens have in common. A catalogue page is then its own chunk and this one.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            {
              name: 'storefront',
              test: /node_modules[\\/](@reduxjs|immer|reselect)[\\/]|src[\\/]((lib|ui)[\\/]|features[\\/](cart[\\/]use-add-to-cart|catalog[\\/](catalog\.api|product-list-error)))/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
