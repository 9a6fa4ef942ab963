/**
 * A real S3-compatible server on loopback (s3rver, as src/server/test-support/s3-server.ts
 * starts it) that a scenario can take away and bring back on the same port and
 * folder: `stop()` ends the process (connections refused), `silence()` puts a
 * listener on its port that accepts connections and never answers (a bucket
 * behind a network that drops the packets: the case that would hang a request
 * without a time limit), `start()` brings s3rver back with its buckets and
 * objects. It has the TestS3Server shape, so pictures.ts's seededBucket works on it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bucketAccess, type TestS3Server } from '../../../src/server/test-support/s3-server.ts';
import { freePort, sleep } from './server.ts';

const S3RVER_BIN = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');

export interface OutageS3Server extends TestS3Server {
  port: number;
  /** Ends s3rver: connections to its port are refused. */
  stop: () => Promise<void>;
  /** A listener on the port that accepts and never answers (call after stop). */
  silence: () => Promise<void>;
  /** Ends the silent listener (and every connection it holds). */
  unsilence: () => Promise<void>;
  /** s3rver again on the same port and folder. */
  start: () => Promise<void>;
}

export async function startOutageS3Server(): Promise<OutageS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'watch-s3o-'));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let silent: { server: Server; sockets: Set<Socket> } | undefined;

  const start = async () => {
    // The port was just released (by s3rver or the silent listener): a few tries while it frees up.
    for (let attempt = 0; ; attempt++) {
      try {
        await launch();
        return;
      } catch (err) {
        if (attempt >= 20) throw err;
        await sleep(100);
      }
    }
  };
  const launch = () =>
    new Promise<void>((done, fail) => {
      const proc = spawn(
        process.execPath,
        ['--openssl-legacy-provider', S3RVER_BIN, '-d', directory, '-a', '127.0.0.1', '-p', String(port), '--silent'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      let output = '';
      const onData = (data: Buffer) => {
        output += data.toString();
        if (!/S3rver listening on/.test(output)) return;
        proc.stdout?.off('data', onData);
        child = proc;
        exited = gone;
        done();
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', (data: Buffer) => {
        output += data.toString();
      });
      void gone.then(() => fail(new Error(`s3rver exited before listening:\n${output}`)));
    });
  const stop = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const silence = () =>
    new Promise<void>((done, fail) => {
      const sockets = new Set<Socket>();
      const server = createServer((socket) => {
        sockets.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => sockets.delete(socket));
        // Reads and drops whatever is sent; answers nothing.
        socket.resume();
      });
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => {
        silent = { server, sockets };
        done();
      });
    });
  const unsilence = async () => {
    const held = silent;
    silent = undefined;
    if (!held) return;
    for (const socket of held.sockets) socket.destroy();
    await new Promise<void>((done) => held.server.close(() => done()));
  };

  await start();
  return {
    port,
    ...bucketAccess(endpoint),
    stop,
    silence,
    unsilence,
    start,
    close: async () => {
      await unsilence();
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
