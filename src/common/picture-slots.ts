/**
 * The pictures that can be a storefront page's largest paint, as the widths
 * of their srcset and their sizes. The components render them, and the server
 * preloads the same srcset and sizes in the page's HTML (src/server/pages), so
 * the browser picks the same file and fetches it once, before any script runs.
 */
import type { ImageWidth } from './media.ts';

export interface PictureSlot {
  widths: readonly ImageWidth[];
  sizes: string;
}

/** A home banner: the page's width up to the 1240 px container (16 px padding each side). */
export const HERO_PICTURE: PictureSlot = { widths: [480, 960, 1600], sizes: '(min-width: 1240px) 1208px, 100vw' };

/** The product page's main picture: the full width, half of it from 800 px, at most 600 px. */
export const PRODUCT_PICTURE: PictureSlot = {
  widths: [480, 960, 1600],
  sizes: '(min-width: 1240px) 600px, (min-width: 800px) 50vw, 100vw',
};

/** A card in a grid: two a row, three from 800 px. */
export const CARD_PICTURE: PictureSlot = {
  widths: [240, 480, 960],
  sizes: '(min-width: 1240px) 400px, (min-width: 800px) 33vw, 50vw',
};
