/**
 * Shoppers for the orders benchmark: real sign-ups through the API (each gets
 * its own server session cookie), and JSON requests carrying that cookie.
 */
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

export interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

export function send(
  method: string,
  url: string,
  body: unknown,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((done, fail) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, body: text, setCookie: res.headers['set-cookie'] ?? [] }),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

export const SHOPPER_ADDRESS = 'Flat 4B, Sea View Apartments, Linking Road, Bandra West, Mumbai 400050, Maharashtra';

/** Signs up `count` shoppers (a few at a time: argon2 hashing is deliberately slow) and returns their cookies. */
export async function signUpShoppers(baseUrl: string, count: number): Promise<string[]> {
  const base = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  const cookies: string[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      // Each shopper from its own address (believed from loopback in production): sign-ups are limited per address.
      const forwardedFor = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const res = await send(
        'POST',
        `${baseUrl}/api/signup`,
        {
          name: `Bench Shopper ${i}`,
          number: `9${String(base + i).padStart(9, '0')}`,
          email: `bench${base + i}@example.in`,
          address: SHOPPER_ADDRESS,
          password: 'bench-password-1',
        },
        undefined,
        { 'x-forwarded-for': forwardedFor },
      );
      const sid = res.setCookie.map((c) => c.split(';')[0]).find((c) => c?.startsWith('sid='));
      if (res.status !== 201 || !sid) throw new Error(`Sign-up answered ${res.status}: ${res.body.slice(0, 300)}`);
      cookies[i] = sid;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return cookies;
}

/** Ids of in-stock products from the first listing pages. */
export async function inStockProductIds(baseUrl: string, pages = 3): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page <= pages; page++) {
    const res = await send('GET', `${baseUrl}/api/products?page=${page}`, undefined);
    const body = JSON.parse(res.body) as { items: Array<{ id: string; inStock: boolean }> };
    ids.push(...body.items.filter((p) => p.inStock).map((p) => p.id));
  }
  if (ids.length === 0) throw new Error('No product in stock to order.');
  return ids;
}
