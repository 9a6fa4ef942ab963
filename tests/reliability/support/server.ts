/**
 * The real store as a child process (`node --import tsx src/server/main.ts`), so a
 * SIGKILL or SIGTERM hits the server itself and not a wrapper. Used by every
 * reliability scenario and by scripts/security-scan.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const RELIABILITY_ADMIN = { username: 'rel-admin', password: 'reliability-admin-password' } as const;

export interface StoreOptions {
  dataDir: string;
  /** postgres://… ; SQLite in dataDir when absent. */
  databaseUrl?: string | undefined;
  /** Fixed port (a restart keeps its clients' URL); a free one when absent. */
  port?: number;
  /** Seed the demo catalogue into an empty database (first start only). */
  seed?: boolean;
  logLevel?: string;
  env?: Record<string, string>;
  /** How long to wait for /api/health (seeding an empty database takes a while). */
  readyTimeoutMs?: number;
}

export interface StoreProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Everything the process printed (stdout and stderr), in order. */
  output: () => string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends SIGTERM and waits for the exit; SIGKILL after `graceMs`. */
  stop: (graceMs?: number) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, then waits for the exit. */
  crash: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Two processes on the same data (the scale-out scenarios), started at once. */
export async function startTwoStores(options: StoreOptions): Promise<[StoreProcess, StoreProcess]> {
  const [a, b] = await Promise.all([startStore(options), startStore(options)]);
  return [a, b];
}

const OUTPUT_CAP = 32 * 1024 * 1024;

export async function startStore(options: StoreOptions): Promise<StoreProcess> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    COOKIE_SECURE: 'false',
    LOG_LEVEL: options.logLevel ?? 'warn',
    SEED_PRODUCTS: '40',
    SEED_DEMO: options.seed ? 'true' : 'false',
    // The scenarios' shoppers order again and again without paying the advance; the cap on unpaid
    // orders is tested in src/server/orders/unpaid.test.ts.
    UNPAID_ORDERS_MAX: '1000000',
    ADMIN_USERNAME: RELIABILITY_ADMIN.username,
    ADMIN_PASSWORD: RELIABILITY_ADMIN.password,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  let size = 0;
  const keep = (data: Buffer) => {
    if (size > OUTPUT_CAP) return;
    size += data.length;
    chunks.push(data.toString('utf8'));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const output = () => chunks.join('');

  const deadline = Date.now() + (options.readyTimeoutMs ?? 240_000);
  for (;;) {
    if (hasExited) throw new Error(`The store exited before it was ready:\n${output().slice(-4000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The store was not ready in time:\n${output().slice(-4000)}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }

  return {
    url,
    port,
    pid: child.pid as number,
    child,
    output,
    exited,
    stop: async (graceMs = 20_000) => {
      if (!hasExited) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
    crash: async () => {
      if (!hasExited) child.kill('SIGKILL');
      await exited;
    },
  };
}
