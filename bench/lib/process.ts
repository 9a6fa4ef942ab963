/**
 * Child processes of the benchmarks: the repository root, an environment
 * without the caller's database settings, free ports, and running a
 * TypeScript script to completion.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
