/**
 * Faults outside the app (issue 26), the picture bucket unreachable: the store
 * keeps its pictures in a bucket of a real S3-compatible server on loopback
 * (s3rver), which is taken away and brought back on the same port. The issue
 * says "for a minute"; the outage here lasts about 15 s, in two kinds:
 * first the server gone (connections refused), then a listener on its port that
 * accepts and never answers (a network dropping the packets: the kind that would
 * hang a request without a time limit).
 *
 * While it is away: the home page, a listing and a product page answer 200, and
 * shoppers still order; a picture upload by the admin answers 503 "The pictures
 * could not be stored. Please try again." within the storage's time limit,
 * saving a product that names a picture answers 503 too, and a picture asked of
 * the app answers 503, each in the one error shape. Nothing half-written remains:
 * every picture a product or an order names has all its widths in the bucket.
 * Once the bucket is back, uploads and products work again, without a restart.
 */
import { afterAll, expect, it, onTestFailed } from 'vitest';
import { productPath } from '../../src/common/catalog.ts';
import { IMAGE_WIDTHS } from '../../src/common/media.ts';
import { OPERATION_TIMEOUT_MS } from '../../src/server/media/storage/s3-storage.ts';
import { imageKey } from '../../src/server/media/store.ts';
import { openReader } from './support/databases.ts';
import { badAnswer, waitFor } from './support/faults.ts';
import { recordFigures } from './support/figures.ts';
import { type Fresh, freshData } from './support/fixtures.ts';
import { ADDRESS, adminLogin, newKey, orderableProductIds, type Session, signUp } from './support/http.ts';
import { addWatchWithPicture, pngOf, type ScenarioBucket, seededBucket } from './support/pictures.ts';
import { type OutageS3Server, startOutageS3Server } from './support/s3-outage.ts';
import { RELIABILITY_ADMIN, type StoreProcess, sleep, startStore } from './support/server.ts';

/** How long the bucket stays away at least (the minute, shortened): refused, then silent. */
const REFUSED_MS = 5_000;
const SILENT_MS = 10_000;
/** The longest an answer may take while the bucket is away: one bucket operation's limit, and room for a busy machine. */
const ANSWER_BOUND_MS = OPERATION_TIMEOUT_MS + 5_000;

let s3: OutageS3Server | undefined;
let fresh: Fresh | undefined;
let store: StoreProcess | undefined;
let bucket: ScenarioBucket | undefined;
afterAll(async () => {
  await store?.stop().catch(() => {});
  await bucket?.storage.close();
  await s3?.close();
  await fresh?.cleanup();
});

interface Timed {
  status: number;
  ms: number;
  body: any;
  retryAfter?: string;
  /** Why no answer came (status 0). */
  error?: string;
}

/** Uploads `png` as the admin does; the status, the time it took and the body. */
async function upload(url: string, admin: Session, png: Buffer): Promise<Timed> {
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'outage.png');
  const started = performance.now();
  try {
    const res = await fetch(`${url}/api/admin/uploads`, {
      method: 'POST',
      body: form,
      headers: { cookie: admin.cookieHeader() },
      signal: AbortSignal.timeout(60_000),
    });
    const body = await res.json();
    const retryAfter = res.headers.get('retry-after') ?? undefined;
    return { status: res.status, ms: performance.now() - started, body, ...(retryAfter ? { retryAfter } : {}) };
  } catch (err) {
    return { status: 0, ms: performance.now() - started, body: null, error: (err as Error).name };
  }
}

/** GET `path`: status and time (the body read and dropped). */
async function get(url: string, path: string): Promise<Timed> {
  const started = performance.now();
  try {
    const res = await fetch(url + path, { signal: AbortSignal.timeout(60_000) });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // a page or a picture
    }
    const retryAfter = res.headers.get('retry-after') ?? undefined;
    return { status: res.status, ms: performance.now() - started, body, ...(retryAfter ? { retryAfter } : {}) };
  } catch (err) {
    return { status: 0, ms: performance.now() - started, body: null, error: (err as Error).name };
  }
}

it('the picture bucket away: pages serve, uploads answer a clear 503 promptly, nothing half-written, uploads work again', async () => {
  onTestFailed(() => console.log(`store output (end):\n${store?.output().slice(-4000)}`));
  s3 = await startOutageS3Server();
  fresh = await freshData('sqlite');
  bucket = await seededBucket(s3, fresh.dataDir);
  const pictures = bucket;
  store = await startStore({ dataDir: fresh.dataDir, env: { ...pictures.env, COD_ADVANCE: '0' } });
  const { url } = store;
  const admin = await adminLogin(url, RELIABILITY_ADMIN);
  const products = await orderableProductIds(url);
  const shopper = await signUp(url);
  const seeded = await shopper.call('GET', `/api/products/${products[0]}`);
  const pagePaths = ['/', '/product/men-watch', productPath({ id: seeded.body.id, name: seeded.body.name })];
  const seededPicture = `/media/${seeded.body.images[0]}/480.webp`;
  const before = await addWatchWithPicture(admin, url, await pngOf({ r: 200, g: 30, b: 60 }), 'Before Outage Diver');
  for (const path of [...pagePaths, seededPicture]) expect((await get(url, path)).status, path).toBe(200);

  const bad: string[] = [];
  const note = (what: string, answer: Timed, allowed: Parameters<typeof badAnswer>[3]) => {
    const why = badAnswer(answer, answer.ms, ANSWER_BOUND_MS, allowed);
    if (why) bad.push(`${what}: ${why}`);
  };
  const pages: Timed[] = [];
  const uploads: Array<Timed & { kind: string }> = [];
  const mediaAnswers: Timed[] = [];
  const productSaves: Timed[] = [];
  let ordersWhileAway = 0;
  let colour = 0;

  /** A JSON call as `session`, timed. */
  const timedCall = async (session: Session, method: string, path: string, body?: unknown): Promise<Timed> => {
    const started = performance.now();
    const answer = await session.call(method, path, body);
    return {
      status: answer.status,
      ms: performance.now() - started,
      body: answer.body,
      ...(answer.retryAfter ? { retryAfter: answer.retryAfter } : {}),
    };
  };

  /** One round of what shoppers and the admin do, all at once, with the bucket in whatever state it is. */
  const round = async (kind: string) => {
    const n = ++colour;
    const browse = pagePaths.map(async (path) => {
      const answer = await get(url, path);
      pages.push(answer);
      note(`GET ${path}`, answer, []);
    });
    const picture = (async () => {
      const answer = await get(url, seededPicture);
      mediaAnswers.push(answer);
      note(`GET ${seededPicture}`, answer, ['pictures']);
    })();
    const upNew = (async () => {
      const answer = await upload(url, admin, await pngOf({ r: 10, g: 90, b: n % 256 }));
      uploads.push({ ...answer, kind });
      note('upload', answer, ['pictures_not_stored']);
    })();
    // A product naming a picture that is in the bucket: the check that it is cannot be made.
    const create = (async () => {
      const answer = await timedCall(admin, 'POST', '/api/admin/products', {
        name: `Outage Diver ${n}`,
        brand: 'Titan',
        category: 'original watch',
        price: 12000,
        discountPrice: 9999,
        images: [before.image],
      });
      productSaves.push(answer);
      note('create product', answer, ['pictures']);
    })();
    // Shoppers still order: orders need no picture from the bucket.
    const order = (async () => {
      const productId = products[n % products.length];
      const added = await timedCall(shopper, 'POST', '/api/cart/items', { productId, quantity: 1 });
      note('add to cart', added, []);
      const ordered = await timedCall(shopper, 'POST', '/api/orders', { address: ADDRESS, idempotencyKey: newKey() });
      note('place order', ordered, []);
      if (ordered.status === 201) ordersWhileAway++;
      else bad.push(`order while the bucket is away: ${ordered.status} ${JSON.stringify(ordered.body)}`);
    })();
    await Promise.all([...browse, picture, upNew, create, order]);
  };

  // The fault, first kind: the server gone, connections refused.
  const awayAt = Date.now();
  await s3.stop();
  while (Date.now() - awayAt < REFUSED_MS) {
    await round('refused');
    await sleep(250);
  }
  // Second kind: something on the port that accepts and never answers (a round then takes the storage's time limit).
  await s3.silence();
  const silentAt = Date.now();
  while (Date.now() - silentAt < SILENT_MS) await round('silent');
  const roundsDuringOutage = uploads.length;
  // Back, on the same port with the same objects; the store is not touched.
  await s3.unsilence();
  await s3.start();
  const backAt = Date.now();
  const outageMs = backAt - awayAt;
  let attemptsToRecover = 0;
  let after: Timed | undefined;
  await waitFor(
    async () => {
      attemptsToRecover++;
      after = await upload(url, admin, await pngOf({ r: 240, g: 240, b: 10 }));
      return after.status === 201;
    },
    30_000,
    'an upload to work again',
    200,
  );
  const uploadAfterMs = Date.now() - backAt;
  const afterOutage = await addWatchWithPicture(admin, url, await pngOf({ r: 1, g: 2, b: 3 }), 'After Outage Diver');
  const afterPicture = await get(url, `/media/${afterOutage.image}/1600.webp`);

  // Nothing half-written: every picture a product or an order names has every width in the bucket.
  const reader = await openReader({ sqlitePath: fresh.sqlitePath });
  const rows = await reader.all<{ images: string; color_images: string }>('select images, color_images from products');
  const lines = await reader.all<{ image: string }>('select image from order_lines');
  const outageProducts = await reader.all<{ n: number }>(
    "select count(*) as n from products where name like 'Outage Diver%'",
  );
  await reader.close();
  const named = new Set<string>();
  for (const row of rows) {
    for (const id of JSON.parse(row.images) as string[]) named.add(id);
    for (const { image } of JSON.parse(row.color_images) as Array<{ image: string }>) named.add(image);
  }
  for (const { image } of lines) if (image) named.add(image);
  const stored = new Set((await pictures.objects()).map((o) => o.key));
  const missing = [...named].flatMap((id) => IMAGE_WIDTHS.map((w) => imageKey(id, w)).filter((k) => !stored.has(k)));
  const refusedUploads = uploads.filter((u) => u.status !== 201).length;

  const slowest = (list: Timed[]) => Math.round(Math.max(0, ...list.map((t) => t.ms)));
  const byStatus = (list: Timed[]) =>
    JSON.stringify(
      list.reduce<Record<number, number>>((acc, t) => {
        acc[t.status] = (acc[t.status] ?? 0) + 1;
        return acc;
      }, {}),
    );
  recordFigures('faults: picture bucket unreachable', {
    'bucket away (refused, then silent)': `${(outageMs / 1000).toFixed(1)} s`,
    'rounds while away': roundsDuringOutage,
    'pages while away (status: count)': byStatus(pages),
    'slowest page while away': `${slowest(pages)} ms`,
    'uploads while away (status: count)': byStatus(uploads),
    'slowest upload answer (refused / silent)': `${slowest(uploads.filter((u) => u.kind === 'refused'))} / ${slowest(uploads.filter((u) => u.kind === 'silent'))} ms`,
    'upload message': String(uploads[0]?.body?.error?.message),
    'products naming a picture while away': byStatus(productSaves),
    'slowest product save while away': `${slowest(productSaves)} ms`,
    'pictures asked of the app while away': byStatus(mediaAnswers),
    'orders placed while away': ordersWhileAway,
    'first upload working after the bucket came back': `${uploadAfterMs} ms (${attemptsToRecover} tries)`,
    'pictures named by products/orders missing a width': missing.length,
    'products saved while away': Number(outageProducts[0]?.n ?? 0),
  });

  expect(bad).toEqual([]);
  expect(pages.every((p) => p.status === 200)).toBe(true);
  expect(refusedUploads).toBe(uploads.length);
  expect(uploads.every((u) => u.body?.error?.message === 'The pictures could not be stored. Please try again.')).toBe(
    true,
  );
  expect(uploads.some((u) => u.kind === 'silent')).toBe(true);
  expect(productSaves.every((p) => p.status === 503)).toBe(true);
  expect(Number(outageProducts[0]?.n ?? 0)).toBe(0);
  expect(ordersWhileAway).toBe(roundsDuringOutage);
  expect(after?.status).toBe(201);
  expect(afterPicture.status).toBe(200);
  expect(missing).toEqual([]);
});
