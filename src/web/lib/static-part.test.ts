// @vitest-environment happy-dom
/**
 * StaticPart on the browser's React, preact/compat (vite.config.ts aliases it, decision 044; here
 * the same names are pointed at it): while hydrating, a kept part is not rendered and its server
 * HTML stays where it is, the rest of the page hydrates and answers; when its props change it is
 * hydrated with the server's props and then updated; outside hydration it renders at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('react', async () => await import('preact/compat'));
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-runtime'));

const { createElement: h, hydrate, render, useState } = await import('preact/compat');
const { hydrateKeepingStaticParts, StaticPart } = await import('./static-part.tsx');

let cardRenders = 0;
function Card({ label, href }: { label: string; href: string }) {
  cardRenders++;
  return h('article', { className: 'card' }, h('a', { href }, label));
}

let showCard: (card: { label: string; href: string }) => void = () => {};
function Page() {
  const [taps, setTaps] = useState(0);
  const [card, setCard] = useState({ label: 'A', href: '/a' });
  showCard = setCard;
  return h(
    'div',
    null,
    h('button', { type: 'button', onClick: () => setTaps(taps + 1) }, `Tapped ${taps}`),
    h(StaticPart, null, h(Card, card)),
    h('p', null, 'After'),
  );
}

const SERVER_HTML =
  '<div><button type="button">Tapped 0</button><article class="card"><a href="/a">A</a></article><p>After</p></div>';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
  cardRenders = 0;
});

function hydrateServerHtml() {
  document.body.innerHTML = `<div id="root">${SERVER_HTML}</div>`;
  const root = document.getElementById('root') as HTMLElement;
  const [button, article, after] = [...(root.firstElementChild as HTMLElement).children] as HTMLElement[];
  hydrateKeepingStaticParts(() => hydrate(h(Page, null), root));
  return { root, button: button as HTMLButtonElement, article: article as HTMLElement, after: after as HTMLElement };
}

describe('StaticPart while hydrating', () => {
  it('keeps the server HTML without rendering it, and hydrates the rest', async () => {
    const { root, button, article, after } = hydrateServerHtml();
    expect(cardRenders).toBe(0);
    expect(root.innerHTML).toBe(SERVER_HTML);
    button.click();
    await settle();
    expect(button.textContent).toBe('Tapped 1');
    // The page rendered again with the same card: still kept, still the same nodes in the same order.
    expect(cardRenders).toBe(0);
    expect([...(root.firstElementChild as HTMLElement).children]).toEqual([button, article, after]);
  });

  it('hydrates with the server props, then shows new props in the same element', async () => {
    const { root, article, after } = hydrateServerHtml();
    showCard({ label: 'B', href: '/b' });
    await settle();
    await settle();
    expect(cardRenders).toBeGreaterThan(0);
    expect(root.querySelectorAll('article')).toHaveLength(1);
    expect(root.querySelector('article')).toBe(article);
    expect(article.innerHTML).toBe('<a href="/b">B</a>');
    expect(article.nextElementSibling).toBe(after);
  });
});

describe('StaticPart outside hydration', () => {
  it('renders at once', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root') as HTMLElement;
    render(h(Page, null), root);
    expect(cardRenders).toBe(1);
    expect(root.innerHTML).toBe(SERVER_HTML);
  });
});
