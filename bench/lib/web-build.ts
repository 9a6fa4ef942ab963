/**
 * A private production build of the web app, made once per `npm run bench`:
 * the browser's app (vite build) into <scratch>/web and the server's renderer
 * (vite build --ssr) into <scratch>/ssr, laid out as dist/web and dist/ssr so
 * the store finds its renderer beside the web folder and serves pages rendered
 * on the server, as in production. And a store serving it on a seeded catalogue.
 */

import { spawn } from 'node:child_process';
import { existsSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { seededDataDir } from './catalogue.ts';
import { baseEnv, ROOT, scratchDir } from './process.ts';
import { type RunningServer, startStore } from './server.ts';
import { progress } from './table.ts';

let build: Promise<string> | undefined;

/** Runs `npx vite build ...args` in the repository; rejects when it fails. */
function viteBuild(args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('npx', ['vite', 'build', ...args, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: ROOT,
      env: baseEnv({ NODE_ENV: 'production' }),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`vite build ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** Builds both halves once; resolves with the web folder (what the store gets as BENCH_WEB_DIST). */
export function webBuild(): Promise<string> {
  build ??= (async () => {
    const dir = scratchDir('web');
    const webDir = join(dir, 'web');
    const ssrDir = join(dir, 'ssr');
    progress(`building the web app into ${webDir} and its server renderer into ${ssrDir}`);
    await viteBuild(['--outDir', webDir]);
    // vite.config.ts's SSR build reads entry-server.tsx; --outDir overrides its dist/ssr.
    await viteBuild(['--ssr', '--outDir', ssrDir]);
    // entry-server.js imports react and the rest by bare names, which Node looks up in the
    // node_modules folders above the file; and it is an ES module, as the root package.json says of dist/.
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    return webDir;
  })();
  return build;
}

/** The HTML inside a page's `<div id="root">` (up to the last `</div>` of the body), or null when it has none. */
export function rootHtml(html: string): string | null {
  const open = '<div id="root">';
  const start = html.indexOf(open);
  const end = html.lastIndexOf('</div>', html.indexOf('</body>'));
  return start < 0 || end < start + open.length ? null : html.slice(start + open.length, end);
}

/** Why a store may have sent an empty #root: its renderer is missing, does not load, or failed on the page. */
async function rendererProblem(entry: string): Promise<string> {
  if (!existsSync(entry)) return `there is no ${entry}`;
  try {
    await import(pathToFileURL(entry).href);
    return `${entry} loads here, so rendering the page failed in the store (it logs why as an error)`;
  } catch (err) {
    return `${entry} does not load: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** Fails unless the store rendered the home page on the server: without its renderer it sends an empty #root. */
async function checkRendered(url: string, webDir: string): Promise<void> {
  const res = await fetch(`${url}/`);
  const root = rootHtml(await res.text());
  if (res.status === 200 && root?.trim()) return;
  const found = root === null ? 'no <div id="root">' : 'an empty <div id="root">';
  const why = await rendererProblem(join(dirname(webDir), 'ssr', 'entry-server.js'));
  throw new Error(
    `GET / on the bench store answered ${res.status} with ${found}, so its pages are not rendered on the server: ${why}.`,
  );
}

const stores = new Map<number, Promise<RunningServer & { webDir: string; dataDir: string; products: number }>>();

/** The store with the private web build, on `products` products; shared by pages, html, bytes and images. */
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
      try {
        await fetch(`${server.url}/api/products/search?q=warm`);
        await checkRendered(server.url, webDir);
      } catch (err) {
        await server.stop();
        throw err;
      }
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
