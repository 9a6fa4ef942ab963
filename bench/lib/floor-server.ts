/**
 * A page's floor (issue 27): the store's own server HTML of a page with every script taken out,
 * its inline style sheets and the LCP picture's preload left as they are, served as static bytes
 * (brotli made once) from the same origin; every other request (pictures, fonts) is passed to the
 * store. Lighthouse on the floor shows what the HTML, the CSS and the pictures alone cost: the
 * page's LCP can be compared with it, and a floor above the target says the first screen itself
 * (not the JavaScript) is too heavy.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants } from 'node:zlib';

export interface FloorServer {
  url: string;
  /** The HTML served for each path, for the report. */
  bytes: Map<string, { raw: number; br: number }>;
  close: () => Promise<void>;
}

/**
 * Removes what would run code or fetch it: `<script>` elements (inline JSON-LD stays: it is data,
 * not code, and no browser runs it) and `<link rel="modulepreload">`.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
}

/** Starts the floor for `paths` of the store at `storeUrl` (its HTML read once, as a phone asks for it). */
export async function startFloorServer(storeUrl: string, paths: string[]): Promise<FloorServer> {
  const store = new URL(storeUrl);
  const pages = new Map<string, { body: Buffer; contentType: string; csp: string | null }>();
  const bytes = new Map<string, { raw: number; br: number }>();
  for (const path of paths) {
    const res = await fetch(new URL(path, store));
    if (!res.ok) throw new Error(`floor: ${path} answered ${res.status}`);
    const html = withoutScripts(await res.text());
    const body = brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    pages.set(path, {
      body,
      contentType: res.headers.get('content-type') ?? 'text/html; charset=utf-8',
      // The page's own policy: it allows the inline sheets by their hashes, as the store does.
      csp: res.headers.get('content-security-policy'),
    });
    bytes.set(path, { raw: Buffer.byteLength(html), br: body.length });
  }
  const server: Server = createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (page) {
      res.writeHead(200, {
        'content-type': page.contentType,
        'content-encoding': 'br',
        'content-length': page.body.length,
        'cache-control': 'no-store',
        ...(page.csp ? { 'content-security-policy': page.csp } : {}),
      });
      res.end(page.body);
      return;
    }
    // Everything else as the store answers it (same origin for the browser, as on the real page).
    const upstream = request(
      { host: store.hostname, port: store.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bytes,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
