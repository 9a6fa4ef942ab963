/**
 * Every path pattern the web app shows a screen for, and which screen (docs/product.md#screens-and-addresses):
 * the browser's router (src/web/app/app.tsx) and the server (src/server/pages) read this
 * one table. The server answers any other path with 404, so crawlers and scanners do not
 * take the "not found" screen for a page.
 */
import { pickRoute } from './url-path.ts';

export const POLICY_SLUGS = [
  'terms-and-conditions',
  'privacy-policy',
  'return-and-refund-policy',
  'user-generated-content-policy',
  'disclaimer',
  // What reviews are published and what is rejected (docs/product.md#reviews).
  'reviews-policy',
] as const;

/**
 * Each screen of the web app: the module that holds it (its chunk, by the name Vite's
 * manifest gives it) and the component it exports. The browser loads the module when
 * the screen is first shown (src/web/app/app.tsx); the server names its chunks and
 * style sheets in the page (src/server/pages/shell.ts).
 */
export const SCREENS = {
  home: { module: 'routes/home.tsx', component: 'HomePage' },
  search: { module: 'routes/search.tsx', component: 'SearchPage' },
  listing: { module: 'routes/listing.tsx', component: 'ListingPage' },
  product: { module: 'routes/product.tsx', component: 'ProductPage' },
  signup: { module: 'routes/signup.tsx', component: 'SignupPage' },
  login: { module: 'routes/login.tsx', component: 'LoginPage' },
  profile: { module: 'routes/profile.tsx', component: 'ProfilePage' },
  editProfile: { module: 'routes/edit-profile.tsx', component: 'EditProfilePage' },
  orders: { module: 'routes/orders.tsx', component: 'OrdersPage' },
  history: { module: 'routes/history.tsx', component: 'HistoryPage' },
  cart: { module: 'routes/cart.tsx', component: 'CartPage' },
  confirmation: { module: 'routes/confirmation.tsx', component: 'ConfirmationPage' },
  contact: { module: 'routes/contact.tsx', component: 'ContactPage' },
  changePassword: { module: 'routes/change-password.tsx', component: 'ChangePasswordPage' },
  yourData: { module: 'routes/your-data.tsx', component: 'YourDataPage' },
  resetPassword: { module: 'routes/reset-password.tsx', component: 'ResetPasswordPage' },
  policy: { module: 'routes/policy.tsx', component: 'PolicyPage' },
  track: { module: 'routes/track.tsx', component: 'TrackPage' },
  deliveryChoice: { module: 'routes/delivery-choice.tsx', component: 'DeliveryChoicePage' },
  advance: { module: 'routes/advance.tsx', component: 'AdvanceLinkPage' },
  addressCheck: { module: 'routes/address-check.tsx', component: 'AddressCheckPage' },
  review: { module: 'routes/review.tsx', component: 'ReviewLinkPage' },
  dashboard: { module: 'admin/dashboard.tsx', component: 'Dashboard' },
  notFound: { module: 'routes/not-found.tsx', component: 'NotFoundPage' },
} as const;
export type ScreenName = keyof typeof SCREENS;

/**
 * Screens that are forms or the shopper's own data: without JavaScript they say so
 * (the server's HTML has no session and cannot submit them). Browsing, product
 * pages, search and the policy pages work without it, and so do the account forms
 * (log in, sign up, edit profile, change password: common/account-forms.ts) and Your Account.
 */
export const SCRIPT_ONLY_SCREENS: ReadonlySet<ScreenName> = new Set([
  'orders',
  'history',
  'cart',
  'confirmation',
  'yourData',
  'resetPassword',
  'deliveryChoice',
  'dashboard',
]);

type PolicyPath = `/${(typeof POLICY_SLUGS)[number]}`;
const POLICY_ROUTES = Object.fromEntries(POLICY_SLUGS.map((slug) => [`/${slug}`, 'policy'])) as Record<
  PolicyPath,
  'policy'
>;

/**
 * The one route table: every path pattern and the screen it shows (or where it
 * redirects). The most specific pattern wins whatever the order, so
 * '/product/men-watch' is the listing, not a product.
 */
export const PAGE_ROUTES = {
  '/': 'home',
  '/home': 'home',
  '/explore': 'search',
  '/product': 'listing',
  '/product/:cate': 'listing',
  '/product/:cate/:brand': 'listing',
  '/signup': 'signup',
  '/login': 'login',
  '/profile': 'profile',
  '/editprofile': 'editProfile',
  '/orders': 'orders',
  '/history': 'history',
  '/cart': 'cart',
  '/confirmation': 'confirmation',
  // Who the shop is and the complaint form; the shopper's password and data (docs/product.md#contact, #account-rights).
  '/contact': 'contact',
  '/change-password': 'changePassword',
  '/your-data': 'yourData',
  '/reset-password/:token': 'resetPassword',
  // A parcel by order number and phone, no log-in: a GET form the server answers (docs/product.md#shipping).
  '/track': 'track',
  // The shopper's choice after a failed delivery, through a signed link (docs/product.md#failed-deliveries).
  '/delivery/:orderNumber/:token': 'deliveryChoice',
  // An order's advance to pay, through the signed link of its message (docs/product.md#the-advance).
  '/advance/:orderNumber/:token': 'advance',
  // A doubtful address to correct, through the signed link of its message (docs/product.md "A doubtful address").
  '/address/:orderNumber/:token': 'addressCheck',
  // The order's watches to review, through the signed link sent after delivery (docs/product.md#reviews).
  '/review/:orderNumber/:token': 'review',
  ...POLICY_ROUTES,
  // The footer's misspelt path (docs/product.md#better-12): the app redirects it, the server answers 301.
  '/terms-and-conditoins': { redirect: '/terms-and-conditions' },
  '/dashboard/*': 'dashboard',
  // A product: whether it exists is the product page's own 404 (pages/catalog-heads.ts).
  '/:id/:name': 'product',
} as const satisfies Record<string, ScreenName | { redirect: string }>;
export type PagePath = keyof typeof PAGE_ROUTES;
export const PAGE_PATHS = Object.keys(PAGE_ROUTES) as PagePath[];

const PATTERNS = PAGE_PATHS.map((path) => ({ path }));

/** True when the app has a screen for `pathname` (other than its "not found" screen). */
export function isPagePath(pathname: string): boolean {
  return pickRoute(PATTERNS, pathname) !== null;
}

/** The screen showing `pathname`: its route's, or "not found" (a redirect shows none). */
export function screenOf(pathname: string): ScreenName | null {
  const picked = pickRoute(PATTERNS, pathname);
  if (!picked) return 'notFound';
  const target = PAGE_ROUTES[picked.route.path];
  return typeof target === 'string' ? target : null;
}

/**
 * The fixed pages by name, for every link, redirect and list of paths on both sides: each is
 * checked against the route table above, so a path renamed there fails typecheck wherever it is
 * linked instead of leaving a link to "not found".
 */
export const PAGE = {
  explore: '/explore',
  cart: '/cart',
  orders: '/orders',
  history: '/history',
  profile: '/profile',
  editProfile: '/editprofile',
  login: '/login',
  signup: '/signup',
  confirmation: '/confirmation',
  contact: '/contact',
  changePassword: '/change-password',
  yourData: '/your-data',
  track: '/track',
  terms: '/terms-and-conditions',
  privacy: '/privacy-policy',
  refunds: '/return-and-refund-policy',
  reviewsPolicy: '/reviews-policy',
} as const satisfies Record<string, PagePath>;

/**
 * The owner's screens that mails and WhatsApp messages link to, inside the dashboard (src/web/admin),
 * and the queues whose waiting count the dashboard's menu shows (web/admin/admin-stats.tsx).
 */
export const ADMIN_PAGE = {
  orders: '/dashboard/orders',
  failedDeliveries: '/dashboard/failed-deliveries',
  complaints: '/dashboard/complaints',
  afterSales: '/dashboard/after-sales',
  inbox: '/dashboard/inbox',
  reviews: '/dashboard/reviews',
} as const satisfies Record<string, `/dashboard/${string}`>;
