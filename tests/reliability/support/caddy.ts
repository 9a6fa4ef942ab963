/**
 * Caddy (Debian's package) in front of the store, as docs/deploy.md sets it up:
 * deploy/Caddyfile with caddy/Caddyfile's options added to its global block, which
 * only move it to high ports and Caddy's own CA (its root certificate is returned,
 * for clients to trust).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { freePort, ROOT, sleep } from './server.ts';

export const CADDY = '/usr/bin/caddy';

export interface CaddyProcess {
  /** https://localhost:<port> */
  url: string;
  /** http://localhost:<port>, which redirects to url */
  httpUrl: string;
  /** Caddy's root certificate (PEM), the one a client must trust. */
  ca: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Caddy's two ports, chosen first: the app must know its public https address before Caddy starts. */
export async function caddyPorts(): Promise<{ httpPort: number; httpsPort: number }> {
  return { httpPort: await freePort(), httpsPort: await freePort() };
}

/**
 * deploy/Caddyfile with the scenario's options first in its global block: Caddy takes one
 * global block, the file's first, so they cannot be a block of their own before it.
 */
export function scenarioCaddyfile(): string {
  const deployed = readFileSync(join(ROOT, 'deploy/Caddyfile'), 'utf8');
  const options = readFileSync(join(ROOT, 'tests/reliability/support/caddy/Caddyfile'), 'utf8');
  const global = /^\{\n/m;
  if (!global.test(deployed)) throw new Error('deploy/Caddyfile has no global options block');
  return deployed.replace(global, () => `{\n${options}\n`);
}

export async function startCaddy(
  upstreams: string[],
  { httpPort, httpsPort }: { httpPort: number; httpsPort: number },
): Promise<CaddyProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'watch-caddy-'));
  writeFileSync(join(dir, 'Caddyfile'), scenarioCaddyfile());
  const child: ChildProcess = spawn(CADDY, ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_DATA_HOME: join(dir, 'xdg-data'),
      XDG_CONFIG_HOME: join(dir, 'xdg-config'),
      CADDY_HTTP_PORT: String(httpPort),
      CADDY_HTTPS_PORT: String(httpsPort),
      CADDY_DATA_DIR: join(dir, 'data'),
      SITE_ADDRESS: 'localhost',
      UPSTREAMS: upstreams.join(' '),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  let exited = false;
  const done = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await done;
    rmSync(dir, { recursive: true, force: true });
  };

  // Ready when its CA exists and it answers over https with a certificate from that CA.
  const rootCert = join(dir, 'data/pki/authorities/local/root.crt');
  const url = `https://localhost:${httpsPort}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`Caddy exited before it was ready:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Caddy was not ready in time:\n${output.slice(-4000)}`);
    }
    if (existsSync(rootCert)) {
      const agent = new Agent({ connect: { ca: readFileSync(rootCert, 'utf8') } });
      try {
        const res = await undiciFetch(`${url}/api/health`, { dispatcher: agent, signal: AbortSignal.timeout(2000) });
        if (res.ok) break;
      } catch {
        // not serving yet
      } finally {
        await agent.close();
      }
    }
    await sleep(100);
  }
  return {
    url,
    httpUrl: `http://localhost:${httpPort}`,
    ca: readFileSync(rootCert, 'utf8'),
    output: () => output,
    stop,
  };
}
