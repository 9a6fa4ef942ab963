import { lazy } from 'react';
import { Navigate, type RouteObject, RouterProvider } from '../lib/router/index.ts';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';

/*
 * Every route of SPEC §2. Each screen is its own lazily loaded chunk; the admin
 * area (/dashboard/*) is one chunk a shopper never downloads. Routes showing the
 * same screen share one lazy component, so moving between them keeps it mounted.
 */
const HomePage = lazy(async () => ({ default: (await import('../routes/home.tsx')).HomePage }));
const ExplorePage = lazy(async () => ({ default: (await import('../routes/explore.tsx')).ExplorePage }));
const ListingPage = lazy(async () => ({ default: (await import('../routes/listing.tsx')).ListingPage }));
const SignupPage = lazy(async () => ({ default: (await import('../routes/signup.tsx')).SignupPage }));
const LoginPage = lazy(async () => ({ default: (await import('../routes/login.tsx')).LoginPage }));
const ProfilePage = lazy(async () => ({ default: (await import('../routes/profile.tsx')).ProfilePage }));
const EditProfilePage = lazy(async () => ({ default: (await import('../routes/edit-profile.tsx')).EditProfilePage }));
const OrdersPage = lazy(async () => ({ default: (await import('../routes/orders.tsx')).OrdersPage }));
const HistoryPage = lazy(async () => ({ default: (await import('../routes/history.tsx')).HistoryPage }));
const CartPage = lazy(async () => ({ default: (await import('../routes/cart.tsx')).CartPage }));
const ConfirmationPage = lazy(async () => ({ default: (await import('../routes/confirmation.tsx')).ConfirmationPage }));
const PolicyPage = lazy(async () => ({ default: (await import('../routes/policy.tsx')).PolicyPage }));
const Dashboard = lazy(async () => ({ default: (await import('../admin/dashboard.tsx')).Dashboard }));
const ProductPage = lazy(async () => ({ default: (await import('../routes/product.tsx')).ProductPage }));
const NotFoundPage = lazy(async () => ({ default: (await import('../routes/not-found.tsx')).NotFoundPage }));

const POLICY_SLUGS = [
  'terms-and-conditions',
  'privacy-policy',
  'return-and-refund-policy',
  'user-generated-content-policy',
  'disclaimer',
] as const;

// The most specific pattern wins whatever the order (so '/product/men-watch' is the listing, not a product).
const routes: RouteObject[] = [
  { path: '/', component: HomePage },
  { path: '/home', component: HomePage },
  { path: '/explore', component: ExplorePage },
  { path: '/product', component: ListingPage },
  { path: '/product/:cate', component: ListingPage },
  { path: '/product/:cate/:brand', component: ListingPage },
  { path: '/signup', component: SignupPage },
  { path: '/login', component: LoginPage },
  { path: '/profile', component: ProfilePage },
  { path: '/editprofile', component: EditProfilePage },
  { path: '/orders', component: OrdersPage },
  { path: '/history', component: HistoryPage },
  { path: '/cart', component: CartPage },
  { path: '/confirmation', component: ConfirmationPage },
  ...POLICY_SLUGS.map((slug) => ({ path: `/${slug}`, component: PolicyPage })),
  // The footer's misspelt path (SPEC §2); the server also answers it with a 301.
  { path: '/terms-and-conditoins', element: <Navigate to="/terms-and-conditions" replace /> },
  { path: '/dashboard/*', component: Dashboard },
  { path: '/:id/:name', component: ProductPage },
  { path: '*', component: NotFoundPage },
];

export function App() {
  return <RouterProvider routes={routes} layout={Layout} errorFallback={RouteError} />;
}
