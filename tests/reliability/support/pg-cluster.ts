/**
 * A private PostgreSQL cluster for the fault scenarios: its own `initdb` in a
 * temporary folder, its own server on a free loopback port, so a scenario can
 * stop and start it (pg_ctl) without touching anyone else's database. PostgreSQL
 * refuses to run as root, so as root every command runs as the `postgres` user
 * (runuser), the folder given to it. `close()` stops the server (immediately, then
 * by its pid should pg_ctl fail) and removes the folder: call it in afterAll.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server.ts';

const exec = promisify(execFile);

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const RUN_AS = 'postgres';

/** True when the PostgreSQL server binaries are here (PG_BIN, Debian's path by default). */
export function pgBinariesPresent(): boolean {
  return existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'));
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL program, as `postgres` when we are root; its output, or an error naming it. */
async function pgRun(program: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const file = join(PG_BIN, program);
  const [command, argv] = isRoot() ? ['runuser', ['-u', RUN_AS, '--', file, ...args]] : [file, args];
  try {
    const { stdout, stderr } = await exec(command, argv, { timeout: timeoutMs, env: { ...process.env, LC_ALL: 'C' } });
    return stdout + stderr;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${program} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

export interface PgCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:port/database */
  url: (database: string) => string;
  createDatabase: (name: string) => Promise<string>;
  /** Starts the server and waits until it accepts connections. */
  start: () => Promise<void>;
  /** `pg_ctl stop -m mode`: fast ends every session (57P01), immediate kills them (crash recovery on start). */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
  /** The server's own log (for a failing scenario's message). */
  log: () => string;
  /** Stops the server whatever its state and removes the folder. */
  close: () => Promise<void>;
}

export async function createPgCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'watch-pgc-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  if (isRoot()) {
    const { uid, gid } = await postgresIds();
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const options = [
    `-p ${port}`,
    `-c listen_addresses=127.0.0.1`,
    `-c unix_socket_directories=${dir}`,
    // Enough for the store's pool, its listening connection and the scenario's reader.
    `-c max_connections=40`,
    `-c shared_buffers=32MB`,
  ].join(' ');

  const start = async () => {
    await pgRun('pg_ctl', ['start', '-D', data, '-l', logFile, '-w', '-t', '60', '-o', options], 90_000);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pgRun('pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '60'], 90_000);
  };
  const close = async () => {
    try {
      if (existsSync(join(data, 'postmaster.pid'))) await stop('immediate');
    } catch {
      // pg_ctl failed: end the postmaster by its own pid, as written in its pid file.
      try {
        const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
        if (pid > 0) process.kill(pid, 'SIGQUIT');
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await pgRun(
      'initdb',
      ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      120_000,
    );
    await start();
  } catch (err) {
    await close();
    throw err;
  }

  return {
    port,
    url,
    createDatabase: async (name: string) => {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`create database ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    start,
    stop,
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    close,
  };
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const { stdout: uid } = await exec('id', ['-u', RUN_AS]);
  const { stdout: gid } = await exec('id', ['-g', RUN_AS]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}
