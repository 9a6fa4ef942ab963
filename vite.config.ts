import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The web app lives in src/web and builds to dist/web. In development the
 * API server runs on API_PORT (default 3001) and Vite proxies /api and /media.
 */
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/**
 * Writes file.br and file.gz beside each built script, style sheet and SVG, at
 * the densest settings: the server sends them as they are (@fastify/static
 * preCompressed) instead of compressing every response quickly and less well
 * (the entry script is about 15% smaller at brotli 11 than at the server's 4).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const file = join(assets, name);
        const body = readFileSync(file);
        if (body.length < 1024) continue; // as @fastify/compress: not worth it below 1 KB
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** The package the browser's build takes React's names from (decision 044). */
const PREACT = 'preact';

/**
 * The browser runs the app on Preact's React layer (docs/decisions/044-preact-in-the-browser.md):
 * the source keeps importing 'react' and 'react-dom/client', and the server keeps rendering with
 * React's react-dom/server (the SSR build and Vitest have no aliases). Preact's documented aliases
 * (preactjs.com, "Switching to Preact"), matched exactly so 'react' does not also catch
 * 'react/jsx-runtime' and 'react-dom' does not catch 'react-dom/client'. The JSX runtime is compat's,
 * which loads preact/compat first, so its React adaptations (onChange on inputs, className,
 * StrictMode and Suspense) apply to every element.
 */
const PREACT_ALIASES = [
  { find: /^react$/, replacement: `${PREACT}/compat` },
  { find: /^react-dom$/, replacement: `${PREACT}/compat` },
  { find: /^react-dom\/client$/, replacement: `${PREACT}/compat/client` },
  { find: /^react\/jsx-runtime$/, replacement: `${PREACT}/compat/jsx-runtime` },
  { find: /^react\/jsx-dev-runtime$/, replacement: `${PREACT}/compat/jsx-dev-runtime` },
];

/**
 * `vite build` makes the browser's app in dist/web; `vite build --ssr` makes the same
 * app for the server's renderer in dist/ssr/entry-server.js (src/web/entry-server.tsx,
 * loaded by src/server/pages/shell.ts; docs/decisions/022-server-rendering.md).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), precompress()],
  // The browser's build and the dev server (which renders in the browser only); never the server's.
  resolve: isSsrBuild ? {} : { alias: PREACT_ALIASES },
  build: isSsrBuild
    ? {
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        target: 'node20',
        sourcemap: false,
        reportCompressedSize: false,
        rollupOptions: { input: 'entry-server.tsx' },
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: false,
        reportCompressedSize: false,
        // dist/web/.vite/manifest.json: the server preloads each page's screen chunks from it (src/server/pages/build-manifest.ts).
        manifest: true,
      },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
}));
