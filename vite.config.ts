import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

// `vite build` makes the browser's bundle (dist/web); `vite build --ssr` the server's pre-render
// (dist/web-render), with its libraries bundled in so it runs without the dev dependencies.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? { outDir: 'dist/web-render', emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist/web',
        emptyOutDir: true,
        target: 'es2022',
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // The pieces every product list shows (cards, stars, prices, countdowns) travel as one
              // file rather than a dozen tiny ones, each costing its own request and wrapper.
              groups: [
                // What every page's code needs (the query cache, the transport, the stores' plumbing) travels as one
                // file too: left to itself the bundler splits it into small shared chunks as lazy pages reach for parts of it.
                { name: 'app-core', test: /node_modules\/@tanstack\/|src\/web\/lib\/(api-client|query-client|request-scope|persisted-store)\.|src\/shared\/constants\./ },
                { name: 'product-lists', includeDependenciesRecursively: false, test: /src\/web\/(features\/catalog\/(product-grid|product-card|product-section|shop-card|flash-sale-status|countdown)|features\/product-display\/(rating-stars|price-tag|product-path)|lib\/(date|use-countdown))\./ },
              ],
            },
          },
        },
      },
  ssr: { noExternal: true },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      '/uploads': apiTarget,
      '/robots.txt': apiTarget,
      '/sitemap.xml': apiTarget,
    },
  },
}));
