/**
 * A private production build of the web app (vite build into a temp folder),
 * made once per `npm run bench`, and a store serving it on a seeded catalogue.
 */

import { spawn } from 'node:child_process';
import { seededDataDir } from './catalogue.ts';
import { baseEnv, ROOT, scratchDir } from './process.ts';
import { type RunningServer, startStore } from './server.ts';
import { progress } from './table.ts';

let build: Promise<string> | undefined;

export function webBuild(): Promise<string> {
  build ??= new Promise((done, fail) => {
    const outDir = scratchDir('web');
    progress(`building the web app into ${outDir}`);
    const child = spawn('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: ROOT,
      env: baseEnv({ NODE_ENV: 'production' }),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done(outDir) : fail(new Error(`vite build exited with ${code}`))));
  });
  return build;
}

const stores = new Map<number, Promise<RunningServer & { webDir: string; dataDir: string; products: number }>>();

/** The store with the private web build, on `products` products; shared by pages, bytes and images. */
export function webStore(products: number) {
  let store = stores.get(products);
  if (!store) {
    store = (async () => {
      const [webDir, dataDir] = await Promise.all([webBuild(), seededDataDir(products)]);
      const server = await startStore({
        dataDir,
        entry: 'bench/lib/web-store-entry.ts',
        env: { BENCH_WEB_DIST: webDir },
        label: `the store with the web build on ${products.toLocaleString('en-US')} products`,
      });
      await fetch(`${server.url}/api/products/search?q=warm`);
      return { ...server, webDir, dataDir, products };
    })();
    stores.set(products, store);
  }
  return store;
}

export async function stopWebStores(): Promise<void> {
  const all = [...stores.values()];
  stores.clear();
  await Promise.all(all.map(async (s) => (await s.catch(() => null))?.stop()));
}
