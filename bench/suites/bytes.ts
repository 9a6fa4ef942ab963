/**
 * Benchmark 5, bytes: the JavaScript and CSS a shopper's browser downloads on
 * the first load of each shopper route (a fresh browser context, until the
 * network is idle), gzip-sized (-9) file by file, and proof that none of it is
 * admin code: no file the build made for the admin area is loaded, and the
 * loaded code contains none of the admin screens' texts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'playwright-core';
import { productPath } from '../../src/common/catalog.ts';
import { launchChromium, SCREENS } from '../lib/browser.ts';
import { storeEndpoints } from '../lib/endpoints.ts';
import { frameworkFloor } from '../lib/framework-floor.ts';
import { kb, whole } from '../lib/stats.ts';
import { printTable, progress } from '../lib/table.ts';

/** Texts that appear only in the admin screens (src/web/admin and its lazily loaded card actions). */
export const ADMIN_MARKERS = ['Add new Watches', 'Do you want to Delete'];
export const BYTES_LIMIT = 90 * 1024;

export interface BytesRow {
  route: string;
  files: number;
  jsGzip: number;
  cssGzip: number;
  totalGzip: number;
  /** Bytes as the store actually sent them, and the encodings it used. */
  sent: number;
  encodings: string[];
  adminFiles: string[];
  markers: string[];
}

export interface BytesResult {
  rows: BytesRow[];
  /** Files of the build holding admin code (what the check looks for). */
  adminAssets: string[];
  /** gzip bytes of the framework alone (see framework-floor.ts). */
  floor: Array<{ app: string; gzip: number }>;
}

function adminAssetsOf(webDir: string): string[] {
  const dir = join(webDir, 'assets');
  return readdirSync(dir).filter((file) => {
    if (file.startsWith('dashboard-')) return true;
    if (!/\.(js|css)$/.test(file)) return false;
    const text = readFileSync(join(dir, file), 'utf8');
    return ADMIN_MARKERS.some((m) => text.includes(m));
  });
}

export async function benchBytes(store: { url: string; webDir: string }): Promise<BytesResult> {
  const sample = (await storeEndpoints(store.url)).sample;
  const routes = [
    '/',
    '/explore',
    '/product',
    '/product/men-watch',
    '/product/men-watch/rolex',
    productPath(sample),
    '/cart',
    '/login',
    '/signup',
    '/profile',
    '/editprofile',
    '/orders',
    '/history',
    '/confirmation',
    '/terms-and-conditions',
    '/no-such-page',
  ];
  const adminAssets = adminAssetsOf(store.webDir);
  const browser = await launchChromium();
  const rows: BytesRow[] = [];
  /** Every file loaded by some route: its gzip size and by how many routes. */
  const everyFile = new Map<string, { gzip: number; routes: number }>();
  try {
    for (const route of routes) {
      progress(`bytes: ${route}`);
      const context = await browser.newContext(SCREENS.mobile);
      const page = await context.newPage();
      const files = new Map<string, { type: 'js' | 'css'; body: Buffer; sent: number; encoding: string }>();
      const pending: Promise<void>[] = [];
      const lost: string[] = [];
      const record = (response: Response) => {
        const url = new URL(response.url());
        const type = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
        if (!type || url.origin !== new URL(store.url).origin || response.status() !== 200) return;
        const read = async () => {
          const [body, sizes, headers] = await Promise.all([
            response.body(),
            response.request().sizes(),
            response.allHeaders(),
          ]);
          files.set(url.pathname, {
            type,
            body,
            sent: sizes.responseBodySize,
            encoding: headers['content-encoding'] ?? 'identity',
          });
        };
        pending.push(read().catch((err) => void lost.push(`${url.pathname}: ${err}`)));
      };
      page.on('response', record);
      // The app's scripts start on the load event (decision 043), and Your Orders asks its API again
      // and again, so the network never goes idle there: wait for the loader's entry script, then
      // until no script or style sheet has been asked for during a second.
      let lastAsset = performance.now();
      const onRequest = (request: Request) => {
        if (/\.(js|css)$/.test(new URL(request.url()).pathname)) lastAsset = performance.now();
      };
      page.on('request', onRequest);
      await page.goto(store.url + route, { waitUntil: 'load' });
      await page.waitForSelector('head script[type="module"]', { state: 'attached' });
      lastAsset = performance.now();
      while (performance.now() - lastAsset < 1000) await page.waitForTimeout(200);
      page.off('request', onRequest);
      page.off('response', record);
      // Style sheets the page carries inside its HTML (decision 033) count as CSS the first load brings.
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll('style[data-href]')].map((s) => [s.getAttribute('data-href'), s.textContent]),
      );
      for (const [href, css] of inline)
        if (href && css)
          files.set(`${href} (inline)`, { type: 'css', body: Buffer.from(css), sent: 0, encoding: 'in page' });
      while (pending.length) await pending.shift();
      if (lost.length) throw new Error(`Could not read what ${route} loaded: ${lost.join(', ')}`);
      await context.close();
      let jsGzip = 0;
      let cssGzip = 0;
      let sent = 0;
      const markers = new Set<string>();
      for (const [path, file] of files) {
        const size = gzipSync(file.body, { level: 9 }).length;
        const seen = everyFile.get(path) ?? { gzip: size, routes: 0 };
        everyFile.set(path, { gzip: size, routes: seen.routes + 1 });
        if (file.type === 'js') jsGzip += size;
        else cssGzip += size;
        sent += file.sent;
        const text = file.body.toString('utf8');
        for (const m of ADMIN_MARKERS) if (text.includes(m)) markers.add(m);
      }
      const names = [...files.keys()].map((p) => p.split('/').pop() ?? p);
      rows.push({
        route,
        files: files.size,
        jsGzip,
        cssGzip,
        totalGzip: jsGzip + cssGzip,
        sent,
        encodings: [...new Set([...files.values()].map((f) => f.encoding))],
        adminFiles: names.filter((n) => adminAssets.includes(n)),
        markers: [...markers],
      });
    }
  } finally {
    await browser.close();
  }
  printTable(
    '5. Bytes: JavaScript and CSS of a first load, per shopper route (gzip -9, file by file)',
    rows.map((r) => ({
      route: r.route.length > 34 ? `${r.route.slice(0, 33)}…` : r.route,
      files: r.files,
      'JS gzip': kb(r.jsGzip),
      'CSS gzip': kb(r.cssGzip),
      'JS+CSS gzip': kb(r.totalGzip),
      'as sent': `${kb(r.sent)} ${r.encodings.join('+')}`,
      'of 90 KB': `${whole((r.totalGzip / BYTES_LIMIT) * 100)}%`,
      'admin files': r.adminFiles.length ? r.adminFiles.join(' ') : 'none',
      'admin texts': r.markers.length ? r.markers.join(', ') : 'none',
    })),
    [
      `Admin files of this build (any file named dashboard-* or holding ${ADMIN_MARKERS.map((m) => `"${m}"`).join(' or ')}): ${adminAssets.join(', ') || 'NONE FOUND: the check proves nothing'}.`,
      'A fresh browser context per route (a first visit), 412 px mobile screen, everything loaded until a second passes with no script or style sheet asked for (the scripts start on the load event, decision 043); routes that need a login show what a visitor gets.',
    ],
  );
  progress('bytes: the framework floor');
  const floor = await frameworkFloor();
  printTable(
    '5b. Bytes: the largest files shoppers load first (where the budget goes)',
    [...everyFile.entries()]
      .sort((a, b) => b[1].gzip - a[1].gzip)
      .slice(0, 8)
      .map(([path, f]) => ({
        file: path.split('/').pop() ?? path,
        gzip: kb(f.gzip),
        'loaded by routes': `${f.routes} of ${routes.length}`,
      })),
    [
      `For scale, the JavaScript of a one-line app built the same way: ${floor.map((f) => `${f.app} ${kb(f.gzip)}`).join('; ')}.`,
    ],
  );
  return { rows, adminAssets, floor };
}
