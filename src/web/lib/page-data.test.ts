// @vitest-environment happy-dom
/**
 * useHydrated rendered for real: the server's HTML and the hydration see false, the
 * screen turns true once the root's first commit is done, with no hydration mismatch,
 * and a screen mounted afterwards renders true from its first render.
 */
import { act, createElement, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { markHydrated, useHydrated } from './page-data.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Records every value it renders with. */
function Probe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return createElement('p', null, hydrated ? 'browser' : 'server');
}

/** As App: marks the page hydrated after its first commit. */
function Root({ seen }: { seen: boolean[] }) {
  useEffect(markHydrated, []);
  return createElement(Probe, { seen });
}

describe('useHydrated', () => {
  it('is false in the server HTML and while hydrating, then true, without a mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(createElement(Root, { seen: [] }));
    expect(container.textContent).toBe('server');

    const seen: boolean[] = [];
    const errors: unknown[] = [];
    await act(async () => {
      startTransition(() => {
        hydrateRoot(container, createElement(Root, { seen }), { onRecoverableError: (error) => errors.push(error) });
      });
    });
    expect(errors).toEqual([]);
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(container.textContent).toBe('browser');
  });

  it('is true from the first render of a screen mounted after the hydration', async () => {
    const seen: boolean[] = [];
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(createElement(Probe, { seen })));
    expect(seen).toEqual([true]);
    expect(container.textContent).toBe('browser');
    // The server's renderer never takes the browser's value.
    expect(renderToString(createElement(Probe, { seen: [] }))).toBe('<p>server</p>');
    await act(async () => root.unmount());
  });
});
