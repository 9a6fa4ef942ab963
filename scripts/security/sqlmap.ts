/**
 * sqlmap against the API: query strings, ids and order numbers inside paths
 * (`*` marks the injection point), JSON bodies, and at level 2 the session
 * cookie too. Sign-up and log-in go last: they replace the session the others use.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTool, type ScanContext } from './run.ts';

/** The shopper's newest order number, asked of the store with the scan's session. */
async function ownOrderNumber(ctx: ScanContext): Promise<string> {
  try {
    const res = await fetch(`${ctx.base}/api/orders?view=all`, { headers: { cookie: ctx.cookie } });
    const body = (await res.json()) as { orders?: Array<{ number?: string }> };
    const number = body.orders?.[0]?.number;
    if (number) return number;
  } catch {
    // said below
  }
  ctx.finding('sqlmap: the scan’s shopper has no order, so the order paths were scanned with a made-up number');
  return 'TSW-10001';
}

export async function sqlmapScan(ctx: ScanContext): Promise<void> {
  const { base, productId, address } = ctx;
  const orderNumber = ctx.orderNumber ?? (await ownOrderNumber(ctx));
  const body = (value: unknown) => ['--data', JSON.stringify(value)];
  const targets: Array<{ name: string; args: string[] }> = [
    { name: 'listing query', args: ['-u', `${base}/api/products?category=men-watch&brand=rolex&sort=latest&page=1`] },
    { name: 'search query', args: ['-u', `${base}/api/products/search?q=rolex&page=1`] },
    { name: 'latest query', args: ['-u', `${base}/api/products/latest?limit=4`] },
    { name: 'product id (path)', args: ['-u', `${base}/api/products/${productId}*`] },
    { name: 'related id (path)', args: ['-u', `${base}/api/products/${productId}*/related`] },
    { name: 'own order number (path)', args: ['-u', `${base}/api/orders/${orderNumber}*`] },
    {
      // A well-formed reference the store may keep: the order reads "Advance: checking" afterwards.
      name: 'advance UTR body',
      args: ['-u', `${base}/api/orders/${orderNumber}/advance`, ...body({ utr: '123456789012' })],
    },
    { name: 'orders view query', args: ['-u', `${base}/api/orders?view=open`] },
    { name: 'add to cart body', args: ['-u', `${base}/api/cart/items`, ...body({ productId, quantity: 1 })] },
    {
      name: 'cart line (path)',
      args: ['-u', `${base}/api/cart/items/${productId}*`, '--method', 'PUT', ...body({ quantity: 2 })],
    },
    {
      name: 'cart quote body',
      args: ['-u', `${base}/api/cart/quote`, ...body({ lines: [{ id: productId, quantity: 1 }] })],
    },
    {
      name: 'login body',
      args: ['-u', `${base}/api/login`, ...body({ number: '9876543210', password: 'wrong-password' })],
    },
    {
      name: 'signup body',
      args: [
        '-u',
        `${base}/api/signup`,
        ...body({ name: 'Scan', number: '9123456780', email: 'scan@example.in', address, password: 'scan-password' }),
      ],
    },
  ];
  for (const target of targets) {
    const started = Date.now();
    const { out } = await runTool(
      'sqlmap',
      [
        ...target.args,
        ...['--batch', '--level=2', '--risk=1', '--time-sec=2'],
        ...['--cookie', ctx.cookie, '--drop-set-cookie'],
        // 401 and 429 are answers under test (wrong login, bad session cookie, rate limit), not failures.
        '--ignore-code=401,429',
        ...['--flush-session', '--disable-coloring', `--output-dir=${join(ctx.work, 'sqlmap')}`],
      ],
      15 * 60_000,
    );
    writeFileSync(join(ctx.reports, `sqlmap-${target.name.replace(/\W+/g, '-')}.log`), out);
    const verdict = /identified the following injection point|parameter '[^']*' is vulnerable/i.test(out)
      ? 'INJECTABLE'
      : /do not appear to be injectable|does not seem to be injectable/i.test(out)
        ? 'not injectable'
        : 'inconclusive (see its log)';
    ctx.say(`sqlmap ${target.name.padEnd(20)} ${verdict} (${Math.round((Date.now() - started) / 1000)} s)`);
    if (verdict !== 'not injectable') ctx.finding(`sqlmap ${target.name}: ${verdict}`);
  }
}
