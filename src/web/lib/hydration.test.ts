// @vitest-environment happy-dom
/**
 * The browser hydrates with Preact what the server rendered with React (decision 044). These
 * tests render a page's kinds of markup with React's renderToString (a Suspense boundary, texts
 * beside values, a hoisted image preload, useId in attributes), hydrate it with preact/compat as
 * main.tsx does, and check that Preact kept every node the server sent where it was, and that a
 * real difference is reported as "Hydration:" (what the journeys fail on).
 */
import * as Preact from 'preact/compat';
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectedNodes, prepareServerHtml, reportMismatches } from './hydration.ts';

type Lib = Pick<typeof React, 'createElement' | 'Suspense' | 'useId'>;

/** The same tree for React (server) and Preact (browser); `side` makes a deliberate mismatch. */
function page(lib: Lib, side: string) {
  const h = lib.createElement;
  function Stars({ stars }: { stars: number }) {
    const clip = lib.useId();
    return h(
      'p',
      { 'aria-label': `Rated ${stars} out of 5` },
      h('svg', null, h('clipPath', { id: clip }), h('g', { clipPath: `url(#${clip})` })),
      'Rated ',
      stars,
      ' out of ',
      5,
    );
  }
  return h(
    'div',
    null,
    h('a', { className: 'skip-link', href: '#main' }, 'Skip to content'),
    h('header', null, h('input', { type: 'search', name: 'q' })),
    h(
      'main',
      { id: 'main' },
      h(
        lib.Suspense,
        { fallback: 'Loading…' },
        h('img', { src: '/a.webp', srcSet: '/a.webp 480w', sizes: '100vw', fetchPriority: 'high', alt: '' }),
        h(Stars, { stars: 4.5 }),
        side !== 'browser' ? h('p', null, 'Cash on delivery') : h('section', null, 'Cash on delivery'),
      ),
    ),
    // An empty string is no text node in React's HTML, but one in Preact's render (shipment-info.tsx).
    h('dl', null, h('dd', null, 'Out for delivery', '', ' ·', ' ', h('span', null, 'today'))),
    h('footer', null, side === 'browser-text' ? 'Help' : 'Contact'),
  );
}

/** Server HTML in #root, prepared and hydrated by Preact; what moved, and what was logged. */
function hydrateWithPreact(browserSide: string) {
  document.body.innerHTML = `<div id="root">${renderToString(page(React, 'server'))}</div>`;
  const root = document.getElementById('root') as HTMLElement;
  const nodes = prepareServerHtml(root);
  const observer = new MutationObserver(() => {});
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  Preact.hydrate(page(Preact as unknown as Lib, browserSide) as never, root);
  // Elements added or removed (a text node added, as for the empty string, moves nothing).
  const moved = observer
    .takeRecords()
    .flatMap((record) => [...record.addedNodes, ...record.removedNodes])
    .filter((node) => node instanceof Element);
  observer.disconnect();
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  reportMismatches(nodes);
  return { root, moved, logged: errors.mock.calls.map((call) => String(call[0])) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('hydrating React server HTML with Preact', () => {
  it('removes React’s markers and hoisted preloads, then keeps every element where the server put it', () => {
    const html = renderToString(page(React, 'server'));
    // What Preact would otherwise trip on: the markers are in React's HTML.
    expect(html).toContain('<!--$-->');
    expect(html).toContain('<!-- -->');
    expect(html.startsWith('<link rel="preload"')).toBe(true);
    const { root, moved, logged } = hydrateWithPreact('server');
    expect(moved).toEqual([]);
    expect(logged).toEqual([]);
    expect(root.innerHTML).not.toContain('<!--');
    expect(root.querySelector('p')?.textContent).toBe('Rated 4.5 out of 5');
    expect(root.querySelector('dd')?.textContent).toBe('Out for delivery · today');
    // useId differs between React and Preact; the server's ids stay, matching each other.
    const clip = root.querySelector('clipPath')?.id;
    expect(root.querySelector('g')?.getAttribute('clip-path')).toBe(`url(#${clip})`);
  });

  it('reports an element the browser renders differently', () => {
    const { logged } = hydrateWithPreact('browser');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^Hydration: .*1 elements made anew.*<p>/);
  });

  it('reports a text the browser renders differently', () => {
    const { logged } = hydrateWithPreact('browser-text');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^Hydration: .*0 elements made anew, 1 texts changed.*"Contact" became "Help"/);
  });
});

describe('a slice’s report (lib/hydration-slices.tsx)', () => {
  it('counts only what changed under the slice, or was made anew while it hydrated', () => {
    document.body.innerHTML = '<div id="root"><header><b>0</b></header><main><p>A</p><i>x</i></main></div>';
    const root = document.getElementById('root') as HTMLElement;
    const nodes = prepareServerHtml(root);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Before the slice (main): an update elsewhere, which is no mismatch of the slice's.
    (root.querySelector('b') as HTMLElement).textContent = '2';
    root.querySelector('header')?.append(document.createElement('span'));
    const connected = connectedNodes(nodes);
    const main = root.querySelector('main') as HTMLElement;
    reportMismatches(nodes, { connected, node: main });
    expect(errors).not.toHaveBeenCalled();
    // The slice's hydration makes an element anew and changes a text under it.
    main.querySelector('i')?.replaceWith(document.createElement('i'));
    (main.querySelector('p') as HTMLElement).textContent = 'B';
    reportMismatches(nodes, { connected, node: main });
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringMatching(/^Hydration: .*1 elements made anew, 1 texts changed.*"A" became "B"/),
    ]);
  });
});
