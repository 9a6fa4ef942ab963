/**
 * Load and latency measurements: autocannon for throughput at many connections,
 * and a one-connection loop for the time of a single request (autocannon keeps
 * whole milliseconds, too coarse for requests that take one or two).
 */
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { countRequests } from './failures.ts';
import { median } from './stats.ts';

export interface LoadResult {
  /** Successful (2xx) responses per second. */
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function cannon(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    timeout: 30,
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  const reasons = new Map<string, number>();
  for (const [status, n] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith('2')) reasons.set(`status ${status}`, n.count);
  }
  if (result.errors + result.timeouts) reasons.set('no answer (error or timeout)', result.errors + result.timeouts);
  countRequests(`GET ${new URL(url).pathname}${new URL(url).search}`, result['2xx'] + failed, failed, reasons);
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

export interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET on a kept-alive connection, body read to the end. */
export function get(url: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((done, fail) => {
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/**
 * Median milliseconds of `count` requests to each URL, one request at a time,
 * taking turns between the URLs (after `warm` unmeasured rounds): a burst of
 * load from a neighbour then slows every URL's requests alike.
 */
export async function interleavedMs(urls: readonly string[], count: number, warm = 10): Promise<number[]> {
  const times = urls.map((): number[] => []);
  for (let round = -warm; round < count; round++) {
    for (const [i, url] of urls.entries()) {
      const started = performance.now();
      const res = await get(url);
      const ms = performance.now() - started;
      if (res.status !== 200)
        throw new Error(`GET ${url} answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
      if (round >= 0) times[i]?.push(ms);
    }
  }
  return times.map((t) => median(t));
}
