import { PAGE_PATHS, type PagePath, POLICY_SLUGS } from '../../common/page-paths.ts';
import { pickRoute } from '../../common/url-path.ts';
import { Navigate, type RouteObject, RouterProvider } from '../lib/router/index.ts';
import { Layout } from './layout.tsx';
import { type LazyScreen, lazyScreen } from './lazy-screen.tsx';
import { RouteError } from './route-error.tsx';

/*
 * Every route of docs/product.md#screens-and-addresses. Each screen is its own lazily loaded chunk (the
 * server preloads the first screen's chunks in the page, and main.tsx renders
 * once they are here); the admin area (/dashboard/*) is one chunk a shopper
 * never downloads. Routes showing the same screen share one lazy component, so
 * moving between them keeps it mounted.
 */
const HomePage = lazyScreen(async () => (await import('../routes/home.tsx')).HomePage);
const SearchPage = lazyScreen(async () => (await import('../routes/search.tsx')).SearchPage);
const ListingPage = lazyScreen(async () => (await import('../routes/listing.tsx')).ListingPage);
const SignupPage = lazyScreen(async () => (await import('../routes/signup.tsx')).SignupPage);
const LoginPage = lazyScreen(async () => (await import('../routes/login.tsx')).LoginPage);
const ProfilePage = lazyScreen(async () => (await import('../routes/profile.tsx')).ProfilePage);
const EditProfilePage = lazyScreen(async () => (await import('../routes/edit-profile.tsx')).EditProfilePage);
const OrdersPage = lazyScreen(async () => (await import('../routes/orders.tsx')).OrdersPage);
const HistoryPage = lazyScreen(async () => (await import('../routes/history.tsx')).HistoryPage);
const CartPage = lazyScreen(async () => (await import('../routes/cart.tsx')).CartPage);
const ConfirmationPage = lazyScreen(async () => (await import('../routes/confirmation.tsx')).ConfirmationPage);
const ContactPage = lazyScreen(async () => (await import('../features/contact/contact-page.tsx')).ContactPage);
const ChangePasswordPage = lazyScreen(
  async () => (await import('../features/accounts/change-password-page.tsx')).ChangePasswordPage,
);
const YourDataPage = lazyScreen(async () => (await import('../features/accounts/your-data-page.tsx')).YourDataPage);
const ResetPasswordPage = lazyScreen(
  async () => (await import('../features/accounts/reset-password-page.tsx')).ResetPasswordPage,
);
const PolicyPage = lazyScreen(async () => (await import('../routes/policy.tsx')).PolicyPage);
const Dashboard = lazyScreen(async () => (await import('../admin/dashboard.tsx')).Dashboard);
const ProductPage = lazyScreen(async () => (await import('../routes/product.tsx')).ProductPage);
const NotFoundPage = lazyScreen(async () => (await import('../routes/not-found.tsx')).NotFoundPage);

// One screen (or redirect) for each of the app's page paths; the compiler checks none is missing.
const SCREEN_OF: Record<PagePath, Pick<RouteObject, 'component' | 'element'>> = {
  '/': { component: HomePage },
  '/home': { component: HomePage },
  '/explore': { component: SearchPage },
  '/product': { component: ListingPage },
  '/product/:cate': { component: ListingPage },
  '/product/:cate/:brand': { component: ListingPage },
  '/signup': { component: SignupPage },
  '/login': { component: LoginPage },
  '/profile': { component: ProfilePage },
  '/editprofile': { component: EditProfilePage },
  '/orders': { component: OrdersPage },
  '/history': { component: HistoryPage },
  '/cart': { component: CartPage },
  '/confirmation': { component: ConfirmationPage },
  '/contact': { component: ContactPage },
  '/change-password': { component: ChangePasswordPage },
  '/your-data': { component: YourDataPage },
  '/reset-password/:token': { component: ResetPasswordPage },
  ...(Object.fromEntries(POLICY_SLUGS.map((slug) => [`/${slug}`, { component: PolicyPage }])) as Record<
    `/${(typeof POLICY_SLUGS)[number]}`,
    { component: typeof PolicyPage }
  >),
  '/terms-and-conditoins': { element: <Navigate to="/terms-and-conditions" replace /> },
  '/dashboard/*': { component: Dashboard },
  '/:id/:name': { component: ProductPage },
};

// The most specific pattern wins whatever the order (so '/product/men-watch' is the listing, not a product).
const routes: RouteObject[] = [
  ...PAGE_PATHS.map((path) => ({ path, ...SCREEN_OF[path] })),
  { path: '*', component: NotFoundPage },
];

/**
 * Loads the chunk of the screen for `pathname` (main.tsx awaits it before the
 * first render). A chunk that fails to load is left to the screen's error boundary.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const screen = pickRoute(routes, pathname)?.route.component;
  if (screen && 'preload' in screen) await (screen as LazyScreen).preload().catch(() => {});
}

export function App() {
  return <RouterProvider routes={routes} layout={Layout} errorFallback={RouteError} />;
}
