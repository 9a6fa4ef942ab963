/**
 * Every page's own <title> (WCAG 2.4.2, "Page Titled"): what the server sends in the head
 * (src/server/pages) and what the web app sets after a client-side navigation
 * (src/web/app/page-title.ts) come from here, so the two never drift and no page keeps the
 * home page's title. The screen table is page-paths.ts.
 */
import { type Brand, type Category, categoryLabel } from './catalog.ts';
import { type POLICY_SLUGS, type ScreenName, screenOf } from './page-paths.ts';
import { truncate } from './text.ts';

/** `Your cart | Time Square Watches`: the page first, the shop after it. */
export function pageTitle(title: string, shop: string): string {
  return `${title} | ${shop}`;
}

/** A product page whose watch is not in the shop (a 404). */
export const WATCH_NOT_FOUND = 'Watch not found';

/** The home page's title: the shop first, what it sells after it. */
export function homeTitle(shop: string): string {
  return `${shop} | Premium watches with cash on delivery`;
}

export const POLICY_TITLES: Record<(typeof POLICY_SLUGS)[number], string> = {
  'terms-and-conditions': 'Terms and conditions',
  'privacy-policy': 'Privacy policy',
  'return-and-refund-policy': 'Return and refund policy',
  'user-generated-content-policy': 'User-generated content policy',
  disclaimer: 'Disclaimer',
  'reviews-policy': 'Reviews policy',
};

/**
 * Each screen's title, or null for the screens titled by what they show: the home page,
 * a listing (listingTitle), a watch (its name), a policy (POLICY_TITLES) and the dashboard's
 * parts (DASHBOARD_TITLES).
 */
export const SCREEN_TITLES: Record<ScreenName, string | null> = {
  home: null,
  search: 'Search watches',
  listing: null,
  product: null,
  signup: 'Sign up',
  login: 'Log in',
  profile: 'Your profile',
  editProfile: 'Edit your profile',
  orders: 'Your orders',
  history: 'Order history',
  cart: 'Your cart',
  confirmation: 'Order placed',
  contact: 'Contact us',
  changePassword: 'Change your password',
  yourData: 'Your data',
  resetPassword: 'Choose a new password',
  policy: null,
  track: 'Track your order',
  deliveryChoice: 'Choose a new delivery day',
  advance: 'Pay the advance',
  addressCheck: 'Check your delivery address',
  review: 'Review your watches',
  dashboard: null,
  notFound: 'Page not found',
};

/** The dashboard's parts by their path under /dashboard (docs/product.md#admin-dashboard). */
export const DASHBOARD_TITLES: Record<string, string> = {
  '': 'Dashboard',
  products: 'Products',
  upload: 'Upload a product',
  editproduct: 'Edit a product',
  orders: 'Orders',
  'failed-deliveries': 'Failed deliveries',
  inbox: 'Inbox',
  leads: 'Leads',
  admins: 'Admins',
  complaints: 'Complaints',
  shoppers: 'Shoppers',
  'books/statement': 'Bank statement',
  'books/gstr1': 'GST returns',
  'books/remittance': 'COD remittance',
  'books/money': 'Money at a glance',
  reviews: 'Reviews',
};

function dashboardTitle(pathname: string): string {
  const rest = pathname.replace(/^\/dashboard\/?/, '').replace(/\/$/, '');
  // A product's edit page names its product by id: /dashboard/editproduct/:proid.
  const part = rest.startsWith('editproduct/') ? 'editproduct' : rest;
  const title = DASHBOARD_TITLES[part] ?? 'Not found';
  return part === '' ? title : `${title} | Dashboard`;
}

/** A listing's name: "Casio Men Watches", "Women Watches", or "All watches" for /product. */
export function listingHeading(category: Category | null, brand: Brand | null): string {
  const what = [brand, category ? categoryLabel(category) : null].filter(Boolean).join(' ');
  return what ? `${what}es` : 'All watches';
}

/**
 * The title of `pathname` (with its query, `search`: /explore?q= names the search) when its
 * screen's words fix it, whatever the data: null for a listing and a watch, whose titles
 * name what they show (listingHeading, the watch's name).
 */
export function fixedTitle(pathname: string, shop: string, search = ''): string | null {
  const screen = screenOf(pathname);
  if (screen === 'home') return homeTitle(shop);
  const q = screen === 'search' ? new URLSearchParams(search).get('q')?.trim() : '';
  if (q) return pageTitle(truncate(q, 60), pageTitle(SCREEN_TITLES.search ?? '', shop));
  if (screen === 'dashboard') return pageTitle(dashboardTitle(pathname), shop);
  if (screen === 'policy') {
    const title = POLICY_TITLES[pathname.slice(1) as keyof typeof POLICY_TITLES];
    return title ? pageTitle(title, shop) : null;
  }
  const title = screen ? SCREEN_TITLES[screen] : null;
  return title ? pageTitle(title, shop) : null;
}
