import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Every route of SPEC §2. Each screen is its own lazily loaded chunk; the admin
 * area (/dashboard/*) is one chunk a shopper never downloads.
 */
const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: async () => ({ Component: (await import('../routes/home.tsx')).HomePage }) },
      { path: '/home', lazy: async () => ({ Component: (await import('../routes/home.tsx')).HomePage }) },
      { path: '/explore', lazy: async () => ({ Component: (await import('../routes/explore.tsx')).ExplorePage }) },
      { path: '/product', lazy: async () => ({ Component: (await import('../routes/listing.tsx')).ListingPage }) },
      {
        path: '/product/:cate',
        lazy: async () => ({ Component: (await import('../routes/listing.tsx')).ListingPage }),
      },
      {
        path: '/product/:cate/:brand',
        lazy: async () => ({ Component: (await import('../routes/listing.tsx')).ListingPage }),
      },
      { path: '/signup', lazy: async () => ({ Component: (await import('../routes/signup.tsx')).SignupPage }) },
      { path: '/login', lazy: async () => ({ Component: (await import('../routes/login.tsx')).LoginPage }) },
      { path: '/profile', lazy: async () => ({ Component: (await import('../routes/profile.tsx')).ProfilePage }) },
      {
        path: '/editprofile',
        lazy: async () => ({ Component: (await import('../routes/edit-profile.tsx')).EditProfilePage }),
      },
      { path: '/orders', lazy: async () => ({ Component: (await import('../routes/orders.tsx')).OrdersPage }) },
      { path: '/history', lazy: async () => ({ Component: (await import('../routes/history.tsx')).HistoryPage }) },
      { path: '/cart', lazy: async () => ({ Component: (await import('../routes/cart.tsx')).CartPage }) },
      {
        path: '/confirmation',
        lazy: async () => ({ Component: (await import('../routes/confirmation.tsx')).ConfirmationPage }),
      },
      ...(
        [
          'terms-and-conditions',
          'privacy-policy',
          'return-and-refund-policy',
          'user-generated-content-policy',
          'disclaimer',
        ] as const
      ).map((slug) => ({
        path: `/${slug}`,
        lazy: async () => ({ Component: (await import('../routes/policy.tsx')).PolicyPage }),
      })),
      // The footer's misspelt path (SPEC §2); the server also answers it with a 301.
      { path: '/terms-and-conditoins', element: <Navigate to="/terms-and-conditions" replace /> },
      {
        path: '/dashboard/*',
        lazy: async () => ({ Component: (await import('../admin/dashboard.tsx')).Dashboard }),
      },
      { path: '/:id/:name', lazy: async () => ({ Component: (await import('../routes/product.tsx')).ProductPage }) },
      { path: '*', lazy: async () => ({ Component: (await import('../routes/not-found.tsx')).NotFoundPage }) },
    ],
  },
];

const router = createBrowserRouter(routes);

export function App() {
  return <RouterProvider router={router} />;
}
