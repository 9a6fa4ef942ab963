/**
 * The floor under the bytes budget: what React alone, and React with our own
 * router (as src/web/app/app.tsx uses it), weigh after a production Vite build
 * of a one-line app. Built in a scratch folder that
 * links the project's node_modules, so the versions are the project's own.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { baseEnv, ROOT, scratchDir } from './process.ts';

const ROUTER = JSON.stringify(join(ROOT, 'src/web/lib/router/index.ts'));
const APPS: Record<string, string> = {
  'react + react-dom': `import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')!).render(<p>hi</p>);`,
  '+ our router (src/web/lib/router, decision 008)': `import { lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { Link, Outlet, RouterProvider } from ${ROUTER};
const Home = lazy(async () => ({ default: () => <p>hi</p> }));
const Layout = () => <div><Link to="/a">a</Link><Outlet /></div>;
createRoot(document.getElementById('root')!).render(<RouterProvider routes={[{ path: '/', component: Home }]} layout={Layout} errorFallback={() => null} />);`,
};

function viteBuild(dir: string, input: string, outDir: string): Promise<void> {
  const config = join(dir, `${outDir}.config.mjs`);
  writeFileSync(
    config,
    `import react from '@vitejs/plugin-react';
export default { root: ${JSON.stringify(dir)}, plugins: [react()], logLevel: 'error', build: { outDir: ${JSON.stringify(join(dir, outDir))}, emptyOutDir: true, target: 'es2022', rollupOptions: { input: ${JSON.stringify(input)} } } };`,
  );
  return new Promise((done, fail) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/vite'), ['build', '-c', config], {
      cwd: dir,
      env: baseEnv({ NODE_ENV: 'production' }),
      stdio: 'ignore',
    });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`vite build of ${input} exited with ${code}`))));
  });
}

/** Gzip -9 bytes of all JavaScript each one-line app ships. */
export async function frameworkFloor(): Promise<Array<{ app: string; gzip: number }>> {
  const dir = scratchDir('floor');
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  mkdirSync(join(dir, 'src'));
  const sizes: Array<{ app: string; gzip: number }> = [];
  for (const [i, [app, source]] of Object.entries(APPS).entries()) {
    const input = join(dir, 'src', `app${i}.tsx`);
    writeFileSync(input, source);
    await viteBuild(dir, input, `out${i}`);
    const assets = join(dir, `out${i}`, 'assets');
    const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
    sizes.push({
      app,
      gzip: js.reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0),
    });
  }
  return sizes;
}
