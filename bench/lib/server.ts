/**
 * Starts the real store (src/server/main.ts) as its own process, as in
 * production: NODE_ENV=production, plain-http cookies, quiet logs, no demo
 * seeding. The load generator then runs in this process and the server in the
 * child, as a shopper's phone and the shop's server would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { baseEnv, freePort, ROOT } from './process.ts';

export interface ServerOptions {
  dataDir: string;
  /** postgres://… to run on PostgreSQL instead of the SQLite file in dataDir. */
  databaseUrl?: string;
  /** Extra node flags, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] to profile the server. */
  nodeArgs?: string[];
  /** Entry script; src/server/main.ts unless the benchmark needs its own (see web-store-entry.ts). */
  entry?: string;
  env?: Record<string, string>;
  /** Names the store in profile summaries. */
  label?: string;
}

/** With --profile: every store writes a CPU profile here when it stops (not when killed). */
let profileDir: string | undefined;
export const profileLabels = new Map<number, string>();

export function profileStoresInto(dir: string): void {
  profileDir = dir;
}

export function profiling(): boolean {
  return profileDir !== undefined;
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Graceful stop (SIGTERM: in-flight requests finish, the database closes). */
  stop(): Promise<void>;
  /** Crash (SIGKILL): nothing is flushed or closed. */
  kill(): Promise<void>;
}

/** Password of the first admin the server creates, so it does not print a generated one. */
export const BENCH_ADMIN = { username: 'admin', password: 'bench-admin-password-7' };

/** Children still running; killed if the benchmark process ends early (Ctrl-C, a thrown error). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

export function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

function profileArgs(): string[] {
  return profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
}

export async function startStore(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const env = baseEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  const child = track(
    spawn(
      process.execPath,
      [...profileArgs(), ...(options.nodeArgs ?? []), '--import', 'tsx', options.entry ?? 'src/server/main.ts'],
      {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    ),
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  if (profileDir && child.pid) profileLabels.set(child.pid, options.label ?? options.entry ?? 'the store');

  // Ten minutes: at a load average of 40 on two cores (eight engineers' tests beside the bench) the
  // store's start (compiling, building the search index) took more than three.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The store exited while starting:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The store did not start within 600 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}
