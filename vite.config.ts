import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/** In development, `/console` and every path below it is the console's page, as the server answers in production. */
const consolePages: Plugin = {
  name: 'console-pages',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url && /^\/console(?:[/?#]|$)/.test(request.url)) request.url = '/console.html';
      next();
    });
  },
};

/**
 * The console (console.html, src/console) is a build of its own beside the storefront's in dist/web: the two share no
 * chunk, so nothing the console needs can ever move into the storefront's first load, or change its files.
 */
const consoleBuild = {
  outDir: 'dist/web',
  emptyOutDir: false,
  copyPublicDir: false,
  target: 'es2022',
  rolldownOptions: { input: { console: 'console.html' } },
};

// `vite build` makes the storefront's browser bundle (dist/web), `vite build --mode console` the console's beside it,
// `vite build --ssr` the server's pre-render (dist/web-render), with its libraries bundled in so it runs without the dev dependencies.
export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), tailwindcss(), consolePages],
  build: isSsrBuild
    ? {
        outDir: 'dist/web-render',
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
        // Written in ASCII (characters past it escaped) and without comments: one character past Latin-1 in a module,
        // an em dash in a comment, makes V8 keep the whole module's source at two bytes a character while the server runs.
        rolldownOptions: { output: { comments: false, minify: { compress: false, mangle: false, codegen: { removeWhitespace: false, asciiOnly: true } } } },
      }
    : mode === 'console'
      ? consoleBuild
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
                  { name: 'app-core', test: /node_modules\/@tanstack\/|src\/(web|client)\/lib\/(api-client|query-client|request-scope|persisted-store)\.|src\/shared\/constants\./ },
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
