/**
 * Time to first byte: how long one request waits for the response's headers
 * (Node's 'response' event), and for its whole body, on a kept-alive connection
 * of its own. autocannon times neither the first byte nor below a millisecond.
 */
import { Agent, request } from 'node:http';
import { median } from './stats.ts';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

export interface Timed {
  status: number;
  /** From the request's start to its response headers. */
  firstByteMs: number;
  /** From the request's start to the body's last byte. */
  totalMs: number;
}

/** One GET, timed to its headers and to its end; the body is read and dropped. */
export function timedGet(url: string, headers: Record<string, string>): Promise<Timed> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const req = request(url, { agent, headers }, (res) => {
      const firstByteMs = performance.now() - started;
      res.on('data', () => {});
      res.on('end', () => done({ status: res.statusCode ?? 0, firstByteMs, totalMs: performance.now() - started }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

export interface PageTiming {
  firstByteMs: number;
  totalMs: number;
}

/**
 * Median first-byte and full times of `count` requests to each page, one at a
 * time, taking turns between the pages (after `warm` unmeasured rounds), as
 * interleavedMs in load.ts: a burst of load from a neighbour slows all alike.
 */
export async function interleavedTimings(
  pages: ReadonlyArray<{ url: string; status: number }>,
  headers: Record<string, string>,
  count: number,
  warm = 10,
): Promise<PageTiming[]> {
  const times = pages.map((): Timed[] => []);
  for (let round = -warm; round < count; round++) {
    for (const [i, page] of pages.entries()) {
      const timed = await timedGet(page.url, headers);
      if (timed.status !== page.status) throw new Error(`GET ${page.url} answered ${timed.status}, not ${page.status}`);
      if (round >= 0) times[i]?.push(timed);
    }
  }
  return times.map((t) => ({
    firstByteMs: median(t.map((x) => x.firstByteMs)),
    totalMs: median(t.map((x) => x.totalMs)),
  }));
}
