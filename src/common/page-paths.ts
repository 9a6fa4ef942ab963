/**
 * Every path pattern the web app shows a screen for (docs/product.md#screens-and-addresses). The app's route
 * table is built from this list (src/web/app/app.tsx must give each one a
 * screen), and the server answers any other path with 404, so crawlers and
 * scanners do not take the "not found" screen for a page.
 */
import { pickRoute } from './url-path.ts';

export const POLICY_SLUGS = [
  'terms-and-conditions',
  'privacy-policy',
  'return-and-refund-policy',
  'user-generated-content-policy',
  'disclaimer',
] as const;

export const PAGE_PATHS = [
  '/',
  '/home',
  '/explore',
  '/product',
  '/product/:cate',
  '/product/:cate/:brand',
  '/signup',
  '/login',
  '/profile',
  '/editprofile',
  '/orders',
  '/history',
  '/cart',
  '/confirmation',
  // Who the shop is and the complaint form; the shopper's password and data (docs/product.md#contact, #account-rights).
  '/contact',
  '/change-password',
  '/your-data',
  '/reset-password/:token',
  ...POLICY_SLUGS.map((slug) => `/${slug}` as const),
  // The footer's misspelt path (docs/product.md#better-12): the app redirects it, the server answers 301.
  '/terms-and-conditoins',
  '/dashboard/*',
  // A product: whether it exists is the product page's own 404 (pages/catalog-heads.ts).
  '/:id/:name',
] as const;
export type PagePath = (typeof PAGE_PATHS)[number];

const PATTERNS = PAGE_PATHS.map((path) => ({ path }));

/** True when the app has a screen for `pathname` (other than its "not found" screen). */
export function isPagePath(pathname: string): boolean {
  return pickRoute(PATTERNS, pathname) !== null;
}
