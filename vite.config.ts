import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The web app lives in src/web and builds to dist/web. In development the
 * API server runs on API_PORT (default 3001) and Vite proxies /api and /media.
 */
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
});
