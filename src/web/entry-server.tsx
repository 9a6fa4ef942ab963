/**
 * The storefront rendered to HTML on the server (docs/decisions/022-server-rendering.md):
 * the same App, routes and components the browser runs, with the page's data
 * (lib/page-data.ts) instead of API calls. Vite builds this file into
 * dist/ssr/entry-server.js; src/server/pages/shell.ts loads it and main.tsx
 * hydrates what it returns.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { setImageBase } from '../common/media.ts';
import { App, preloadScreen } from './app/app.tsx';
import { renderWithPage, type ServerPage } from './lib/page-data.ts';

export type { ServerPage };

/** The HTML of the page at `url` (path and query), to go inside #root. */
export async function renderPage(url: string, page: ServerPage): Promise<string> {
  // The screen's chunk first, so it renders at once instead of suspending.
  await preloadScreen(new URL(url, 'http://localhost').pathname);
  setImageBase(page.site.imageBase);
  return renderWithPage(page, () =>
    renderToString(
      <StrictMode>
        <App url={url} />
      </StrictMode>,
    ),
  );
}
