/**
 * Product images: the sizes of the card pictures across the seeded catalogue
 * (each product's first picture, the one its card shows, per stored width),
 * and in Chromium whether the listing's card <img> carry a srcset from which
 * the browser picks the right width for the screen.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { IMAGE_WIDTHS } from '../../src/common/media.ts';
import { imageFile } from '../../src/server/media/store.ts';
import { launchChromium, SCREENS } from '../lib/browser.ts';
import { LISTING_CATEGORY } from '../lib/endpoints.ts';
import { kb, median, percentile, whole } from '../lib/stats.ts';
import { printTable, progress } from '../lib/table.ts';

export const CARD_WIDTH = 480;

export interface SrcsetRow {
  viewport: string;
  cards: number;
  withSrcset: number;
  /** Cards whose picture had loaded (lazy ones below the fold have not). */
  measured: number;
  /** Loaded cards whose chosen width is the smallest candidate covering the shown pixels. */
  rightSize: number;
  cssWidth: number;
  needed: number;
  chosen: string;
  bytes: number;
}

export interface ImagesResult {
  card: { distinct: number; median: number; p95: number; max: number };
  srcset: SrcsetRow[];
}

interface SizeRow {
  width: number;
  distinct: number;
  median: number;
  weighted: number;
  p95: number;
  max: number;
}

function cardPictureSizes(dataDir: string): SizeRow[] {
  const db = new SQLite(join(dataDir, 'store.sqlite'), { readonly: true });
  const uses = new Map<string, number>();
  try {
    for (const row of db.prepare('select images from products where deleted_at is null').iterate() as Iterable<{
      images: string;
    }>) {
      const first = (JSON.parse(row.images) as string[])[0];
      if (first) uses.set(first, (uses.get(first) ?? 0) + 1);
    }
  } finally {
    db.close();
  }
  const uploads = join(dataDir, 'uploads');
  return IMAGE_WIDTHS.map((width) => {
    const sizes = [...uses.keys()].map((id) => statSync(imageFile(uploads, id, width)).size);
    const weighted = [...uses.entries()].flatMap(([id, n]) => {
      const size = statSync(imageFile(uploads, id, width)).size;
      return Array.from({ length: Math.min(n, 1000) }, () => size);
    });
    return {
      width,
      distinct: sizes.length,
      median: median(sizes),
      weighted: median(weighted),
      p95: percentile(sizes, 95),
      max: Math.max(...sizes),
    };
  });
}

async function srcsetRows(url: string): Promise<SrcsetRow[]> {
  const browser = await launchChromium();
  const rows: SrcsetRow[] = [];
  try {
    for (const [name, screen] of Object.entries(SCREENS)) {
      const context = await browser.newContext(screen);
      const page = await context.newPage();
      await page.goto(`${url}/product/${LISTING_CATEGORY}`, { waitUntil: 'networkidle' });
      await page.waitForSelector('.product-card img', { timeout: 30_000 });
      await page.waitForTimeout(500);
      const cards = await page.$$eval('.product-card', (articles) =>
        articles.map((article) => {
          const img = article.querySelector('img');
          const entry = img?.currentSrc
            ? (performance.getEntriesByName(img.currentSrc)[0] as PerformanceResourceTiming | undefined)
            : undefined;
          return {
            srcset: img?.getAttribute('srcset') ?? '',
            cssWidth: img?.clientWidth ?? 0,
            currentSrc: img?.complete ? img.currentSrc : '',
            bytes: entry?.encodedBodySize ?? 0,
          };
        }),
      );
      await context.close();
      const dpr = screen.deviceScaleFactor;
      const loaded = cards.filter((c) => c.currentSrc);
      const widthOf = (src: string) => Number(src.match(/\/(\d+)\.webp/)?.[1] ?? 0);
      const right = loaded.filter((c) => {
        const candidates = [...c.srcset.matchAll(/(\d+)w/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
        const needed = c.cssWidth * dpr;
        const best = candidates.find((w) => w >= needed) ?? candidates[candidates.length - 1];
        return widthOf(c.currentSrc) === best;
      });
      const first = loaded[0];
      rows.push({
        viewport: `${name} ${screen.viewport.width} px @${dpr}x`,
        cards: cards.length,
        withSrcset: cards.filter((c) => c.srcset).length,
        measured: loaded.length,
        rightSize: right.length,
        cssWidth: first?.cssWidth ?? 0,
        needed: Math.round((first?.cssWidth ?? 0) * dpr),
        chosen: first ? `${widthOf(first.currentSrc)}w` : '-',
        bytes: first?.bytes ?? 0,
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export async function benchImages(store: { url: string; dataDir: string; products: number }): Promise<ImagesResult> {
  progress('images: card picture sizes');
  const sizes = cardPictureSizes(store.dataDir);
  progress('images: srcset on the listing');
  const srcset = await srcsetRows(store.url);
  printTable(
    `6. Images: card pictures (each product's first picture) over ${store.products.toLocaleString('en-US')} products`,
    sizes.map((s) => ({
      'stored width': `${s.width}w WebP`,
      'distinct pictures': whole(s.distinct),
      median: kb(s.median),
      'median per product': kb(s.weighted),
      p95: kb(s.p95),
      max: kb(s.max),
    })),
    ['The card shows the 480w picture on a phone (target: at most 30 KB); srcset also offers the other widths.'],
  );
  printTable(
    `6b. Images: srcset on the listing's cards (/product/${LISTING_CATEGORY})`,
    srcset.map((s) => ({
      screen: s.viewport,
      cards: s.cards,
      'with srcset': s.withSrcset,
      'pictures loaded': s.measured,
      'right size': s.rightSize,
      'shown CSS px': s.cssWidth,
      'needed px': s.needed,
      chosen: s.chosen,
      'first card bytes': kb(s.bytes),
    })),
    [
      'Right size: the browser chose the smallest width in srcset that covers the shown width times the screen’s pixel ratio.',
    ],
  );
  const card = sizes.find((s) => s.width === CARD_WIDTH) ?? sizes[0];
  return {
    card: { distinct: card?.distinct ?? 0, median: card?.median ?? 0, p95: card?.p95 ?? 0, max: card?.max ?? 0 },
    srcset,
  };
}
