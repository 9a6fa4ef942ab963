/**
 * A shopper (or admin) talking to the store over real HTTP with its own cookie,
 * the way a browser would. Network failures are returned, not thrown, so a
 * scenario can tell "the server answered" from "the connection broke".
 */
import { randomInt, randomUUID } from 'node:crypto';

export interface Answer {
  /** 0 when no HTTP answer arrived. */
  status: number;
  body: any;
  /** The network error code when no answer arrived (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET…). */
  error?: string;
  /** The Retry-After header, when the answer has one (a 503 during a fault). */
  retryAfter?: string;
}

export const ok = (a: Answer) => a.status >= 200 && a.status < 300;

function errorCode(err: unknown): string {
  const e = err as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  if (e?.name === 'TimeoutError') return 'TIMEOUT';
  return e?.cause?.code ?? e?.code ?? e?.cause?.name ?? e?.name ?? 'UNKNOWN';
}

export class Session {
  cookies = new Map<string, string>();
  /**
   * The client address this session claims through X-Forwarded-For (the store
   * believes it from loopback in production): each shopper is its own client,
   * as on the internet, so per-address limits (30 sign-ups in 15 minutes) see many.
   */
  forwardedFor: string | undefined;
  constructor(
    public baseUrl: string,
    private timeoutMs = 30_000,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call(method: string, path: string, body?: unknown, baseUrl = this.baseUrl): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (this.forwardedFor) headers['x-forwarded-for'] = this.forwardedFor;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(baseUrl + path, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      return { status: 0, body: null, error: errorCode(err) };
    }
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const value = pair.slice(eq + 1);
      // An expired cookie (logout) clears it.
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), value);
    }
    let text = '';
    try {
      text = await res.text();
    } catch (err) {
      return { status: 0, body: null, error: errorCode(err) };
    }
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (an HTML page)
    }
    const retryAfter = res.headers.get('retry-after');
    return { status: res.status, body: parsed, ...(retryAfter ? { retryAfter } : {}) };
  }
}

/** A 10-digit number that starts with 6-9, unique enough for one run. */
export function randomPhone(): string {
  return `${randomInt(6, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export const ADDRESS = '12, Rose Villa, Hill Road, Bandra West, Mumbai - 400050, Maharashtra';

export interface Shopper extends Session {
  userId: string;
  phone: string;
}

/** Signs a new shopper up (the session cookie comes back with it). */
export async function signUp(baseUrl: string): Promise<Shopper> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const session = new Session(baseUrl) as Shopper;
    session.forwardedFor = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    const phone = randomPhone();
    const answer = await session.call('POST', '/api/signup', {
      name: 'Reliability Shopper',
      number: phone,
      email: `shopper-${phone}@example.in`,
      address: ADDRESS,
      password: 'shopper-password-1',
    });
    if (answer.status === 409) continue; // the random number was taken
    if (answer.status !== 201) throw new Error(`Sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    session.userId = answer.body.user.id;
    session.phone = phone;
    return session;
  }
  throw new Error('Sign-up kept colliding on phone numbers');
}

export async function adminLogin(baseUrl: string, credentials: { username: string; password: string }) {
  const admin = new Session(baseUrl);
  const answer = await admin.call('POST', '/api/admin/login', credentials);
  if (answer.status !== 200) throw new Error(`Admin login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return admin;
}

/** Ids of the watches that can be ordered (listed and in stock). */
export async function orderableProductIds(baseUrl: string): Promise<string[]> {
  const session = new Session(baseUrl);
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await session.call('GET', `/api/products?page=${page}`);
    if (!ok(answer)) throw new Error(`Listing failed: ${answer.status}`);
    for (const item of answer.body.items as Array<{ id: string; inStock?: boolean }>) {
      if (item.inStock !== false) ids.push(item.id);
    }
    if (page >= answer.body.pageCount) break;
  }
  if (ids.length < 5) throw new Error(`Only ${ids.length} orderable products`);
  return ids;
}

/** Runs `jobs` with at most `limit` at a time. */
export async function inBatches<T>(count: number, limit: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await job(i);
      }
    }),
  );
  return out;
}

export const newKey = () => randomUUID();
