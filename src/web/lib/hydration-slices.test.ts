// @vitest-environment happy-dom
/**
 * Slice on the browser's React, preact/compat (vite.config.ts aliases it, decision 044; here the
 * same names are pointed at it): while the page hydrates, a slice keeps the server's HTML and is
 * not rendered; it is hydrated afterwards in a task of its own, on the same nodes, its StaticParts
 * still kept; rendered again with new children while it waits, it hydrates and then shows them;
 * outside hydration it renders at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('react', async () => await import('preact/compat'));
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-runtime'));

const { createElement: h, hydrate, render, useState } = await import('preact/compat');
const { hydrateInSlices, Slice } = await import('./hydration-slices.tsx');
const { StaticPart } = await import('./static-part.tsx');

let menuRenders = 0;
let cardRenders = 0;

function Card() {
  cardRenders++;
  return h('article', null, 'Card');
}

function Menu({ label }: { label: string }) {
  menuRenders++;
  const [open, setOpen] = useState(false);
  return h(
    'nav',
    null,
    h('button', { type: 'button', onClick: () => setOpen(!open) }, open ? `${label} open` : label),
    h(StaticPart, null, h(Card, null)),
  );
}

let relabel: (label: string) => void = () => {};
function Page() {
  const [label, setLabel] = useState('Menu');
  relabel = setLabel;
  return h('div', null, h('h1', null, 'Shop'), h(Slice, null, h(Menu, { label })), h('p', null, 'After'));
}

const SERVER_HTML =
  '<div><h1>Shop</h1><nav><button type="button">Menu</button><article>Card</article></nav><p>After</p></div>';

afterEach(() => {
  document.body.innerHTML = '';
  menuRenders = 0;
  cardRenders = 0;
});

function serverHtml() {
  document.body.innerHTML = `<div id="root">${SERVER_HTML}</div>`;
  const root = document.getElementById('root') as HTMLElement;
  const nav = root.querySelector('nav') as HTMLElement;
  return { root, nav, button: nav.querySelector('button') as HTMLButtonElement };
}

describe('Slice while hydrating', () => {
  it('keeps the server HTML through the first hydration, then hydrates those nodes in a later task', async () => {
    const { root, nav, button } = serverHtml();
    const hydrated: Array<Node | null> = [];
    let rendersInFirstTask = -1;
    const done = hydrateInSlices(
      () => {
        hydrate(h(Page, null), root);
        rendersInFirstTask = menuRenders;
      },
      (hydrateSlice) => void hydrated.push(hydrateSlice()),
    );
    expect(rendersInFirstTask).toBe(0);
    expect(root.innerHTML).toBe(SERVER_HTML);
    await done;
    expect(menuRenders).toBe(1);
    expect(hydrated).toEqual([nav]);
    expect(root.querySelector('nav')).toBe(nav);
    expect(nav.querySelector('button')).toBe(button);
    // Its StaticPart stays the server's HTML.
    expect(cardRenders).toBe(0);
    button.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(button.textContent).toBe('Menu open');
  });

  it('hydrates every waiting slice at a tap, which then reaches its handler once', async () => {
    const { root, nav, button } = serverHtml();
    const inputs: string[] = [];
    const hydrated: Array<Node | null> = [];
    const done = hydrateInSlices(
      () => hydrate(h(Page, null), root),
      (hydrateSlice) => void hydrated.push(hydrateSlice()),
      (event) => inputs.push(event.type),
    );
    expect(menuRenders).toBe(0);
    // Tapped before its task: hydrated in the tap's capture phase, then the tap's own handler runs.
    button.click();
    expect(hydrated).toEqual([nav]);
    expect(inputs).toEqual(['click']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(button.textContent).toBe('Menu open');
    await done;
    // Hydrated once, and a later tap is not a hydration.
    expect(hydrated).toEqual([nav]);
    button.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(button.textContent).toBe('Menu');
    expect(inputs).toEqual(['click']);
  });

  it('hydrates with the server children, then shows the ones it was given while waiting', async () => {
    const { root, nav, button } = serverHtml();
    const done = hydrateInSlices(
      () => hydrate(h(Page, null), root),
      (hydrateSlice) => void hydrateSlice(),
    );
    relabel('Browse');
    await done;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root.querySelector('nav')).toBe(nav);
    expect(nav.querySelector('button')).toBe(button);
    expect(button.textContent).toBe('Browse');
  });
});

describe('Slice outside hydration', () => {
  it('renders at once', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root') as HTMLElement;
    render(h(Page, null), root);
    expect(menuRenders).toBe(1);
    expect(cardRenders).toBe(1);
    expect(root.innerHTML).toBe(SERVER_HTML);
  });
});
