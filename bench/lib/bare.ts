/** Starts bench/lib/bare-server.ts as a child process serving canned responses. */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseEnv, freePort, ROOT, scratchDir } from './process.ts';
import { type RunningServer, track } from './server.ts';

export interface Canned {
  contentType: string;
  contentEncoding?: string;
  body: Buffer;
}

export async function startBare(canned: Record<string, Canned>): Promise<RunningServer> {
  const port = await freePort();
  const file = join(scratchDir('bare'), 'canned.json');
  const json = Object.fromEntries(
    Object.entries(canned).map(([path, c]) => [
      path,
      { contentType: c.contentType, contentEncoding: c.contentEncoding, bodyBase64: c.body.toString('base64') },
    ]),
  );
  writeFileSync(file, JSON.stringify(json));
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', 'bench/lib/bare-server.ts', String(port), file], {
      cwd: ROOT,
      env: baseEnv({}),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  await new Promise<void>((done, fail) => {
    child.once('message', () => done());
    child.once('exit', (code) => fail(new Error(`The bare server exited with ${code}`)));
  });
  const exited = () =>
    new Promise<void>((done) => (child.exitCode !== null ? done() : child.once('exit', () => done())));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      await exited();
    },
    async kill() {
      child.kill('SIGKILL');
      await exited();
    },
  };
}
