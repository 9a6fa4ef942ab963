import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { setImageBase } from '../common/media.ts';
import { App, preloadScreen } from './app/app.tsx';
import { site } from './lib/site.ts';
import './styles/global.css';

// Pictures from the bucket or CDN when the server says so (S3_PUBLIC_URL), before anything renders one.
setImageBase(site().imageBase);
const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
const container = root;
// A lazily loaded first screen's chunk is fetched alongside this one (the server's
// modulepreload links); rendering once it is here paints the whole screen at once
// (app/lazy-screen.tsx). Not a top-level await: that would make the bundler split every
// module the screens share with this entry into chunks of their own, many more requests.
void preloadScreen(window.location.pathname).then(() => {
  // As a transition, React renders the page in slices of a few milliseconds instead of
  // one long task, so a tap during start-up is not kept waiting (total blocking time).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
