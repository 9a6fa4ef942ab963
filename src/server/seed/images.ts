/**
 * The pool of generated product pictures. Seeding 100 000 products must not
 * render 100 000 images, so every product takes 1-4 pictures from a pool of
 * about 60 watch faces (two per brand, a third colourway for a few) plus a few
 * brand-less extra shots (case backs, gift boxes).
 */
import sharp from 'sharp';
import { BRANDS } from '../../common/catalog.ts';
import type { ObjectStorage } from '../media/storage/object-storage.ts';
import { storeImage } from '../media/store.ts';
import { faceStyle } from './face-styles.ts';
import { casebackSvg, giftBoxSvg } from './home-art.ts';
import { hasChronograph } from './models.ts';
import type { Random } from './random.ts';
import type { FaceStyle, Strap } from './watch-face.ts';
import { watchFaceSvg } from './watch-face.ts';

export interface PoolFace {
  id: string;
  brand: string;
  chronograph: boolean;
  /** Dial colour name ("Blue"). */
  color: string;
  /** Case metal name ("Rose Gold"). */
  metal: string;
  strap: Strap;
  diver: boolean;
}

export interface ImagePool {
  /** Faces of each brand; products pick the ones whose chronograph matches their model. */
  byBrand: Map<string, PoolFace[]>;
  /** Brand-less extra shots, added after a product's faces. */
  extras: string[];
  /** Every distinct image rendered. */
  count: number;
  /** How each face was drawn, by its image id: the demo reviews draw the same watch again (reviews.ts). */
  styles: Map<string, FaceStyle>;
}

/** Brands that get a third colourway: the ones shoppers ask for most. */
const THIRD_COLOURWAY = new Set(['Rolex', 'Omega', 'Audemars Piguet', 'Patek Philippe']);
/** Renders run in parallel up to this many (sharp also uses its own threads). */
const CONCURRENCY = 4;

/**
 * Renders an SVG and stores it like an upload. storeImage accepts only raster
 * formats (an uploaded SVG could carry scripts), so the SVG becomes a PNG first.
 */
export async function storeSvg(media: ObjectStorage, svg: string): Promise<string> {
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
  return (await storeImage(media, png)).id;
}

/** Runs `jobs` with at most CONCURRENCY at a time, keeping their order. */
export async function runLimited<T>(jobs: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await (jobs[i] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, worker));
  return results;
}

interface PlannedFace {
  brand: string;
  color: string;
  metal: string;
  style: FaceStyle;
}

function planFaces(random: Random): PlannedFace[] {
  const planned: PlannedFace[] = [];
  for (const brand of BRANDS) {
    const first = faceStyle(random, brand, false);
    const second = faceStyle(random, brand, hasChronograph(brand), first.colorName);
    const faces = [first, second];
    if (THIRD_COLOURWAY.has(brand)) faces.push(faceStyle(random, brand, false, first.colorName));
    for (const f of faces) planned.push({ brand, color: f.colorName, metal: f.metalName, style: f.style });
  }
  return planned;
}

/** Draws and stores the pool; the same PRNG state gives the same pictures. */
export async function buildImagePool(media: ObjectStorage, random: Random): Promise<ImagePool> {
  const planned = planFaces(random);
  const boxFaces = [faceStyle(random, '', false).style, faceStyle(random, '', true).style];
  const extraSvgs = [
    casebackSvg('#c3c8ce', '#ececec'),
    casebackSvg('#d4af37', '#f3efe8'),
    giftBoxSvg(boxFaces[0] as FaceStyle, '#1d1d1d', '#e9eef3'),
    giftBoxSvg(boxFaces[1] as FaceStyle, '#6e1f2a', '#f5ebe6'),
  ];
  const svgs = [...planned.map((p) => watchFaceSvg(p.style)), ...extraSvgs];
  const ids = await runLimited(svgs.map((svg) => () => storeSvg(media, svg)));
  const byBrand = new Map<string, PoolFace[]>();
  const styles = new Map<string, FaceStyle>();
  planned.forEach((p, i) => {
    styles.set(ids[i] as string, p.style);
    const face: PoolFace = {
      id: ids[i] as string,
      brand: p.brand,
      chronograph: p.style.chronograph,
      color: p.color,
      metal: p.metal,
      strap: p.style.strap,
      diver: p.style.diver,
    };
    byBrand.set(p.brand, [...(byBrand.get(p.brand) ?? []), face]);
  });
  return { byBrand, extras: ids.slice(planned.length), count: new Set(ids).size, styles };
}
