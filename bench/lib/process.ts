/**
 * Child processes of the benchmarks: the repository root, an environment
 * without the caller's database settings, free ports, and running a
 * TypeScript script to completion.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib.ts';

export { ROOT };

/** The caller's environment minus what would point a child at the wrong store. */
export function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'SEED_PRODUCTS', 'NODE_OPTIONS']) delete env[key];
  return { ...env, ...extra };
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Runs `node --import tsx <script> ...args`; resolves with its output, rejects when it fails. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done(output) : fail(new Error(`${script} exited with ${code}:\n${output.slice(-2000)}`)),
    );
  });
}

const scratch: string[] = [];
process.once('exit', () => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder removed when the benchmark process ends. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `watch-bench-${prefix}-`));
  scratch.push(dir);
  return dir;
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux;
 * NaN elsewhere). CPU per request moves less than rates when other work on a
 * shared machine takes turns on the cores (it still grows some: caches, SMT).
 */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
