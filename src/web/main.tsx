import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setImageBase } from '../common/media.ts';
import { App, preloadScreen } from './app/app.tsx';
import { takeCookieCart } from './features/cart/visitor-cart.ts';
import { askEarly } from './lib/api-client.ts';
import { earlyAnswers } from './lib/early-answers.ts';
import { replayEarlyTap } from './lib/early-tap.ts';
import { prepareServerHtml, reportMismatches } from './lib/hydration.ts';
import { markHydrated } from './lib/page-data.ts';
import { site } from './lib/site.ts';
import { hydrateKeepingStaticParts } from './lib/static-part.tsx';
import './styles/global.css';

// Pictures from the bucket or CDN when the server says so (S3_PUBLIC_URL), before anything renders one.
setImageBase(site().imageBase);
// Who is logged in (and, on Your Orders, the orders) while the screen's code still downloads.
askEarly(earlyAnswers(window.location.pathname));
// Watches added by the form before this script ran (decision 034) join the visitor's cart.
takeCookieCart();
const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
const container = root;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The first screen's chunk is fetched alongside this one (the server's modulepreload
// links); rendering once it is here hydrates the whole screen at once instead of
// suspending it (app/lazy-screen.tsx). Not a top-level await: that would make the bundler
// split every module the screens share with this entry into chunks of their own.
void preloadScreen(window.location.pathname).then(() => {
  // The server sent the page as HTML (docs/decisions/022-server-rendering.md): the app takes it
  // over. A difference between that HTML and the first render here is a bug: it is reported,
  // and the e2e journeys fail on it. Pages the server does not render (the admin area, or the
  // dev server) are rendered here.
  // 'react-dom/client' is preact/compat in the browser (vite.config.ts, decision 044). Unlike
  // React it hydrates in one task (its startTransition only calls the function; the whole
  // hydration is a few milliseconds), takes no onRecoverableError and reports no mismatch: the
  // server's HTML is made ready for it first, and what differed is reported right after, before
  // any effect or update has run (lib/hydration.ts).
  if (container.firstElementChild) {
    performance.mark('hydrate-start');
    const serverNodes = prepareServerHtml(container);
    // Parts that answer no tap stay the server's HTML (lib/static-part.tsx, decision 067).
    hydrateKeepingStaticParts(() => {
      startTransition(() => {
        hydrateRoot(container, app);
      });
    });
    reportMismatches(serverNodes);
    // Read by the INP benchmark and by hand in a profile: the one long task hydration makes.
    performance.measure('hydrate', 'hydrate-start');
    replayEarlyTap();
    return;
  }
  markHydrated();
  startTransition(() => createRoot(container).render(app));
  replayEarlyTap();
});
