import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setImageBase } from '../common/media.ts';
import { App, preloadScreen } from './app/app.tsx';
import { takeCookieCart } from './features/cart/visitor-cart.ts';
import { askEarly } from './lib/api-client.ts';
import { earlyAnswers } from './lib/early-answers.ts';
import { markLive, replayEarlyTap } from './lib/early-tap.ts';
import { connectedNodes, prepareServerHtml, reportMismatches } from './lib/hydration.ts';
import { hydrateInSlices } from './lib/hydration-slices.tsx';
import { markHydrated } from './lib/page-data.ts';
import { getHistory } from './lib/router/index.ts';
import { site } from './lib/site.ts';
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
/**
 * Hydrates the server's HTML: the page in one task, each Slice in one of its own after it
 * (lib/hydration-slices.tsx, decision 067); parts that answer no tap stay the server's HTML
 * (lib/static-part.tsx). Resolves once the last slice is hydrated.
 */
async function hydrate(container: HTMLElement): Promise<void> {
  // The screen's chunk was evaluated in this task (14-80 ms at 4x CPU on a product page): hydrating
  // in the next one keeps each task shorter.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // 'react-dom/client' is preact/compat in the browser (vite.config.ts, decision 044). Unlike
  // React it hydrates in one task (its startTransition only calls the function), takes no
  // onRecoverableError and reports no mismatch: the server's HTML is made ready for it first,
  // and what differed is reported right after each part, before any effect or update has run
  // (lib/hydration.ts).
  const serverNodes = prepareServerHtml(container);
  // The snapshot of the server's HTML (for the report, 11 ms at 4x CPU) and the router's history
  // (20 ms) are a task before the hydration's.
  getHistory();
  await new Promise((resolve) => setTimeout(resolve, 0));
  performance.mark('hydrate-start');
  await hydrateInSlices(
    () => {
      startTransition(() => {
        hydrateRoot(container, app);
      });
      reportMismatches(serverNodes);
      // Read by the INP benchmark and by hand in a profile: the page's first hydration task.
      performance.measure('hydrate', 'hydrate-start');
    },
    (hydrateSlice) => {
      const connected = connectedNodes(serverNodes);
      reportMismatches(serverNodes, { connected, node: hydrateSlice() });
    },
    markLive,
  );
}

// The first screen's chunk is fetched alongside this one (the server's modulepreload
// links); rendering once it is here hydrates the whole screen at once instead of
// suspending it (app/lazy-screen.tsx). Not a top-level await: that would make the bundler
// split every module the screens share with this entry into chunks of their own.
void preloadScreen(window.location.pathname).then(() => {
  // The server sent the page as HTML (docs/decisions/022-server-rendering.md): the app takes it
  // over. A difference between that HTML and the first render here is a bug: it is reported,
  // and the e2e journeys fail on it. Pages the server does not render (the admin area, or the
  // dev server) are rendered here.
  if (container.firstElementChild) {
    // Marked hydrated (html[data-hydrated], useHydrated) and an early tap replayed only once every
    // slice has its handlers: a slice still waiting would hydrate with the browser's values.
    void hydrate(container).then(() => {
      markHydrated();
      replayEarlyTap();
    });
    return;
  }
  markHydrated();
  startTransition(() => createRoot(container).render(app));
  replayEarlyTap();
});
