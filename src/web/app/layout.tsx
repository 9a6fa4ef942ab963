import { SCRIPT_ONLY_SCREENS, screenOf } from '../../common/page-paths.ts';
import { Footer } from '../components/footer.tsx';
import { Navbar } from '../components/navbar.tsx';
import { SessionProvider } from '../features/accounts/session.tsx';
import { CartCount } from '../features/cart/cart-count.tsx';
import { Slice } from '../lib/hydration-slices.tsx';
import { Outlet, useLocation } from '../lib/router/index.ts';
import { StaticPart } from '../lib/static-part.tsx';
import { usePageTitle } from './page-title.ts';

/** Any URL containing 'dashboard' hides the navigation bar and footer (docs/product.md#screens-and-addresses). */
export function Layout() {
  const { pathname } = useLocation();
  const bare = pathname.includes('dashboard');
  const screen = screenOf(pathname);
  usePageTitle();
  return (
    <SessionProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Hydrated in a task of its own, after the page's (decision 067, slices). */}
      {!bare && (
        <Slice>
          <Navbar cartBadge={<CartCount />} />
        </Slice>
      )}
      <main id="main" tabIndex={-1}>
        {screen && SCRIPT_ONLY_SCREENS.has(screen) && (
          <noscript>
            <p className="message message-info noscript-note container">
              This page needs JavaScript. Please turn it on in your browser, or message us on WhatsApp to order.
            </p>
          </noscript>
        )}
        <Outlet />
      </main>
      {/* Links and text only: the server's HTML, never hydrated (decision 067). */}
      {!bare && (
        <StaticPart>
          <Footer />
        </StaticPart>
      )}
    </SessionProvider>
  );
}
