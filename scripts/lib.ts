/** Helpers shared by the operator scripts. */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

/** Runs a command, streaming its output; resolves with the exit code. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(127));
  });
}

function newestMtime(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when dist/web or the server's renderer (dist/ssr) is missing or older than any web source or build config. */
export function webBuildIsStale(): boolean {
  const outputs = ['dist/web/index.html', 'dist/ssr/entry-server.js'].map((p) => join(ROOT, p));
  if (!outputs.every(existsSync)) return true;
  const built = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  const sources = ['src/web', 'src/common', 'vite.config.ts', 'package-lock.json'].map((p) => join(ROOT, p));
  return sources.some((p) => existsSync(p) && newestMtime(p) > built);
}

export async function buildWebIfStale(): Promise<void> {
  if (!webBuildIsStale()) return;
  console.log('Building the web app…');
  // The browser's app, then the same app for the server's renderer (docs/decisions/022-server-rendering.md).
  for (const extra of [[], ['--ssr']]) {
    const code = await run('npx', ['vite', 'build', ...extra, '--logLevel', 'warn']);
    if (code !== 0) throw new Error('The web build failed (see above).');
  }
}

/**
 * Installs a Debian package when its program is missing (Chromium for the
 * journeys, Java for the HTML checker, Caddy for the HTTPS scenario): from Debian's
 * archive with apt-get, never a tool's own download. Needs root or sudo.
 */
export async function ensureDebianPackage(program: string, pkg: string, label = pkg): Promise<void> {
  if (existsSync(program)) return;
  console.log(`${label} is missing: installing Debian’s ${pkg} package…`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args: string[]) =>
    run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
      ...process.env,
      DEBIAN_FRONTEND: 'noninteractive',
    });
  if ((await apt(['update', '-qq'])) !== 0 || (await apt(['install', '-y', '-qq', pkg])) !== 0) {
    throw new Error(`Could not install ${label} with apt-get (needs root or sudo).`);
  }
}

/** Parses `--name value` flags. */
export function flag(name: string, args = process.argv.slice(2)): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}
