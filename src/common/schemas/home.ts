/**
 * The home page's editable content, stored as JSON in site_content under the
 * key 'home'. The seed writes demo content; GET /api/home reads it with
 * parseHomeContent (a missing or broken row gives null: show the page without it)
 * and the home screen renders it. One schema for all three.
 *
 * The customer pictures are not stored content: they are published photo reviews
 * (docs/product.md#home, #reviews), read by reviews/queries.ts homePhotoReviews. Content
 * stored before that still carries drawn review cards under `reviews`; parsing drops them.
 */
import { z } from 'zod';
import { IMAGE_ID_PATTERN } from '../media.ts';

export const HOME_CONTENT_KEY = 'home';

/** Where a banner leads: a path inside the store, or the shop's chat link with a prefilled message. */
export type HomeLink = { kind: 'path'; path: string } | { kind: 'chat'; message: string };

export interface HomeBanner {
  /** Image id (see src/common/media.ts imageUrl); a 1600x600 picture with the headline drawn in. */
  image: string;
  width: number;
  height: number;
  /** The same words as in the picture, for alt text and screen readers. */
  headline: string;
  subline: string;
  /** Button label, e.g. 'SHOP NOW'. */
  cta: string;
  link: HomeLink;
  /**
   * The sale banner: its headline is followed by "up to N% off", N the catalogue's largest
   * discount (GET /api/home's largestDiscount), written over the picture as text, since a figure
   * drawn in would go stale as prices change. Its picture leaves the headline's place empty.
   */
  offer?: boolean | undefined;
}

export interface HomeReel {
  platform: 'instagram' | 'youtube';
  /** https URL of the reel or short on the platform. */
  url: string;
  title: string;
  /** Image id of a square poster shown on the reel card. */
  poster: string;
}

export interface HomeContent {
  banners: HomeBanner[];
  reels: HomeReel[];
}

/** One customer picture on the home page: a buyer's published review with photos. */
export interface HomeReview {
  /** Image id of the review's first photo (stored in every width, media/store.ts). */
  image: string;
  /** The writer's display name. */
  name: string;
  /** 1 to 5. */
  stars: number;
  /** The review's title. */
  quote: string;
  /** The watch reviewed: its page is productPath(product). */
  product: { id: string; name: string };
}

const imageId = z.string().regex(IMAGE_ID_PATTERN);
export const homeContentSchema = z.object({
  banners: z.array(
    z.object({
      image: imageId,
      width: z.number(),
      height: z.number(),
      headline: z.string(),
      subline: z.string(),
      cta: z.string(),
      offer: z.boolean().optional(),
      link: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('path'), path: z.string().startsWith('/') }),
        z.object({ kind: z.literal('chat'), message: z.string() }),
      ]),
    }),
  ),
  reels: z.array(
    z.object({
      platform: z.enum(['instagram', 'youtube']),
      url: z.url({ protocol: /^https$/ }),
      title: z.string(),
      poster: imageId,
    }),
  ),
  // No `reviews` (stored drawn cards): z.object leaves unknown keys out, so old content still parses.
}) satisfies z.ZodType<HomeContent>;

export const homeReviewSchema = z.object({
  image: imageId,
  name: z.string(),
  stars: z.number().int().min(1).max(5),
  quote: z.string(),
  product: z.object({ id: z.string(), name: z.string() }),
}) satisfies z.ZodType<HomeReview>;

/** Parses the stored JSON; null when it is missing or not in this shape. */
export function parseHomeContent(text: string | null | undefined): HomeContent | null {
  if (!text) return null;
  try {
    const parsed = homeContentSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
