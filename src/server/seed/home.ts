/**
 * Demo home-page content: three hero banners and four social reels, every picture drawn here and
 * stored like an upload. The customer pictures are buyers' published photo reviews, not content
 * the shop draws (docs/product.md#home): the demo's are written by reviews.ts.
 */

import {
  HOME_CONTENT_KEY,
  type HomeBanner,
  type HomeContent,
  type HomeLink,
  type HomeReel,
} from '../../common/schemas/home.ts';
import type { Db } from '../db/tables.ts';
import type { ObjectStorage } from '../media/storage/object-storage.ts';
import { faceStyle } from './face-styles.ts';
import { bannerSvg } from './home-art.ts';
import type { ImagePool } from './images.ts';
import { runLimited, storeSvg } from './images.ts';
import { pick, type Random } from './random.ts';

interface BannerPlan {
  headline: string;
  subline: string;
  cta: string;
  link: HomeLink;
  offer?: boolean;
  brand: string;
  chronograph: boolean;
  background: string;
  ink: string;
  accent: string;
}

const BANNERS: BannerPlan[] = [
  {
    // Followed by "up to N% off" over the picture, N from the catalogue (schemas/home.ts).
    headline: 'SALE',
    offer: true,
    subline: 'Luxury watches with cash on delivery across India',
    cta: 'SHOP NOW',
    link: { kind: 'path', path: '/product' },
    brand: 'Rolex',
    chronograph: false,
    background: '#101820',
    ink: '#ffffff',
    accent: '#d4af37',
  },
  {
    headline: 'New Arrivals',
    subline: 'Fresh Swiss ETA and celebrity pieces every week',
    cta: 'EXPLORE',
    link: { kind: 'path', path: '/product/swizz-eta-watch' },
    brand: 'Audemars Piguet',
    chronograph: true,
    background: '#f3efe8',
    ink: '#1b1b1f',
    accent: '#b8322a',
  },
  {
    headline: 'Buy on WhatsApp',
    subline: 'Chat with us to choose your watch and book it with a \u20b9300 advance',
    cta: 'CHAT NOW',
    link: { kind: 'chat', message: 'Hi! I want to know more about your watches.' },
    brand: 'Omega',
    chronograph: false,
    background: '#0f3d2e',
    ink: '#ffffff',
    accent: '#25d366',
  },
];

const REELS: Array<Omit<HomeReel, 'url' | 'poster'>> = [
  { platform: 'instagram', title: 'Unboxing the Submariner' },
  { platform: 'youtube', title: 'Swiss ETA movement up close' },
  { platform: 'instagram', title: 'Five watches under \u20b915,000' },
  { platform: 'youtube', title: 'How we pack your order' },
];

function reelUrl(random: Random, platform: HomeReel['platform']): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let code = '';
  for (let i = 0; i < 11; i++) code += chars[Math.floor(random() * chars.length)];
  return platform === 'instagram'
    ? `https://www.instagram.com/reel/${code}/`
    : `https://www.youtube.com/shorts/${code}`;
}

/** Writes the 'home' content unless it is already there; returns how many pictures it drew. */
export async function seedHomeContent(
  db: Db,
  media: ObjectStorage,
  random: Random,
  pool: ImagePool,
  now: number,
): Promise<number> {
  const existing = await db
    .selectFrom('site_content')
    .select('key')
    .where('key', '=', HOME_CONTENT_KEY)
    .executeTakeFirst();
  if (existing) return 0;
  // The sale banner's headline is text over the picture (the figure changes with prices): its place is left empty.
  const bannerSvgs = BANNERS.map((b) =>
    bannerSvg({ ...b, headline: b.offer ? '' : b.headline, face: faceStyle(random, b.brand, b.chronograph).style }),
  );
  const ids = await runLimited(bannerSvgs.map((svg) => () => storeSvg(media, svg)));
  const banners: HomeBanner[] = BANNERS.map((b, i) => ({
    image: ids[i] as string,
    width: 1600,
    height: 600,
    headline: b.headline,
    subline: b.subline,
    cta: b.cta,
    link: b.link,
    ...(b.offer ? { offer: true } : {}),
  }));
  const faces = [...pool.byBrand.values()].flat();
  const reels: HomeReel[] = REELS.map((r) => ({
    ...r,
    url: reelUrl(random, r.platform),
    poster: pick(random, faces).id,
  }));
  const content: HomeContent = { banners, reels };
  await db
    .insertInto('site_content')
    .values({ key: HOME_CONTENT_KEY, value: JSON.stringify(content), updated_at: new Date(now).toISOString() })
    .execute();
  return new Set(ids).size;
}
