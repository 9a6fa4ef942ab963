/**
 * wapiti over the pages and the API's GET endpoints. Only modules that stay on
 * the target run (ssrf and xxe need an outside endpoint), and the Wappalyzer
 * database it would download at start is stubbed, so nothing leaves the machine.
 * Wapiti 3.0.4 reports two things that are not vulnerabilities here; each is
 * re-checked against the live store before it is set aside, never assumed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTool, type ScanContext } from './run.ts';

const MODULES =
  'sql,blindsql,exec,file,xss,permanentxss,redirect,crlf,cookieflags,csp,http_headers,backup,htaccess,methods,shellshock';

interface Item {
  path?: string;
  info?: string;
}

/** Why a reported item is not a vulnerability of this store, or null when it is one. */
async function explain(ctx: ScanContext, category: string, item: Item): Promise<string | null> {
  if (category === 'Backup file' && item.path) {
    // The single-page app answers every client path with its HTML shell: no file lives there.
    const res = await fetch(ctx.base + item.path);
    const text = await res.text();
    if (res.headers.get('content-type')?.startsWith('text/html') && text.includes('id="site-config"')) {
      return 'the app page shell for an unknown path (soft 404), not a file';
    }
  }
  if (category === 'HTTP Secure Headers' && item.info?.includes('X-XSS-Protection')) {
    // Wapiti 3.0.4 wants "1; mode=block"; helmet sends 0 on purpose (OWASP: the old XSS filter caused leaks; CSP protects).
    const res = await fetch(`${ctx.base}/`);
    if (res.headers.get('x-xss-protection') === '0' && res.headers.get('content-security-policy')) {
      return 'X-XSS-Protection is 0 on purpose, with a Content-Security-Policy';
    }
  }
  return null;
}

export async function wapitiScan(ctx: ScanContext): Promise<void> {
  const { base, productId } = ctx;
  const starts = [
    '/',
    '/explore',
    '/product/men-watch',
    '/product/men-watch/rolex',
    `/${productId}/watch`,
    '/terms-and-conditions',
    '/sitemap.xml',
    '/api/products?category=men-watch&brand=rolex&sort=latest&page=1',
    '/api/products/search?q=rolex&page=1',
    '/api/products/latest?limit=4',
    `/api/products/${productId}`,
    '/api/orders?view=open',
    '/api/cart',
    '/api/home',
  ];
  const config = join(ctx.work, 'wapiti-config');
  mkdirSync(config, { recursive: true });
  writeFileSync(join(config, 'apps.json'), '{}');
  const report = join(ctx.reports, 'wapiti.json');
  const started = Date.now();
  const { out } = await runTool(
    'wapiti',
    [
      ...['-u', `${base}/`, '--scope', 'folder', '-m', MODULES, '-H', `Cookie: ${ctx.cookie}`],
      ...starts.flatMap((s) => ['-s', `${base}${s}`]),
      // No -x exclusions: Debian's wapiti 3.0.4 crashes compiling them on Python 3.11. Logout is POST only and
      // the admin API needs an admin cookie the scan does not have, so the crawler reaches neither.
      ...['-d', '3', '--max-scan-time', '900', '--flush-session'],
      ...['--store-session', join(ctx.work, 'wapiti'), '--store-config', config],
      ...['--no-bugreport', '-f', 'json', '-o', report, '-v', '1'],
    ],
    20 * 60_000,
  );
  writeFileSync(join(ctx.reports, 'wapiti.log'), out);
  let parsed: { vulnerabilities?: Record<string, Item[]>; anomalies?: Record<string, Item[]> };
  try {
    parsed = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    ctx.finding('wapiti wrote no report (see wapiti.log)');
    return;
  }
  let reported = 0;
  const setAside = new Map<string, number>();
  for (const group of [parsed.vulnerabilities ?? {}, parsed.anomalies ?? {}]) {
    for (const [category, items] of Object.entries(group)) {
      for (const item of items) {
        reported++;
        const reason = await explain(ctx, category, item);
        if (reason) setAside.set(`${category}: ${reason}`, (setAside.get(`${category}: ${reason}`) ?? 0) + 1);
        else ctx.finding(`wapiti ${category}: ${item.info ?? ''} (${item.path ?? ''})`);
      }
    }
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  ctx.say(
    `wapiti (${MODULES.split(',').length} modules, ${starts.length} start URLs): ${reported} reported in ${seconds} s`,
  );
  for (const [why, count] of setAside) ctx.say(`  set aside after re-checking, ${count}x ${why}`);
}
