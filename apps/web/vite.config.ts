import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const api = process.env.API_URL ?? 'http://localhost:3000';

// `vite build --ssr` makes the server's copy of the app (entry-server.tsx), which the API imports to render
// the storefront's pages: no public files, no compressed twins, nothing the browser downloads.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), tailwindcss(), precompress()],
  server: {
    proxy: { '/api': api, '/uploads': api, '/checkout': api },
  },
  build: {
    target: 'es2022',
    copyPublicDir: !isSsrBuild,
    sourcemap: false,
    // The server reads it to hint each page's route code in its HTML (apps/api/src/platform/page-hints.ts).
    manifest: true,
    rolldownOptions: {
      // The app, and the first script of a page the server rendered, which loads the app after the page
      // has painted (src/hydrate.ts); the server puts it in place of the app's own script tag.
      input: isSsrBuild ? undefined : { index: 'index.html', hydrate: 'src/hydrate.ts' },
      // The contract's modules define zod schemas next to the constants and helpers the web app uses.
      // Building a schema has no side effect, so unused ones (and zod with them) stay out of the bundle.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Everything the first page needs in one file: split in a dozen shared pieces, it cost a dozen
        // requests before the shop could start, each waiting its turn on a slow phone line.
        // Later screens share one more: the API client (RTK Query with Redux Toolkit) and the pieces the
        // storefront's screens have in common. A catalogue page is then its own chunk and this one.
        // The schema form (react-hook-form and its zod resolver) is left to the pages with a form, and the
        // dashboards' kit (tables, charts with Chart.js) to the dashboards.
        codeSplitting: {
          groups: [
            // Alone: it must not bring the app's code with it.
            { name: 'hydrate', test: /src[\\/]hydrate\.ts$|contract[\\/]src[\\/]page-scripts\.ts$/, priority: 3 },
            // React DOM in a chunk of its own: a page the server rendered evaluates it in a task of its
            // own before the rest (src/hydrate.ts), instead of one long task for the whole first script.
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, tags: ['$initial'], priority: 3 },
            { name: 'index', tags: ['$initial'], priority: 2 },
            {
              name: 'storefront',
              test: /node_modules[\\/](@reduxjs|immer|reselect)[\\/]|src[\\/](lib[\\/]|ui[\\/](?!schema-form\.|dashboard-kit[\\/])|features[\\/](cart[\\/]use-add-to-cart|catalogue[\\/](catalogue\.api|product-list-error)))/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
}));
