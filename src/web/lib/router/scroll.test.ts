// @vitest-environment happy-dom
/**
 * Scrolling on navigation: a new page starts at the top (or at the element its
 * hash names), back and forward return to where the entry was left, also after
 * a reload and when the screen's data arrives late. The last tests go through
 * <RouterProvider>, the way the shop uses it.
 */
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parsePath } from '../../../common/url-path.ts';
import { type NavigateFunction, useNavigate } from './context.ts';
import type { HistoryUpdate, Location } from './history.ts';
import { Outlet, RouterProvider } from './router.tsx';
import { rememberScroll, scrollAfterNavigation, takeOverScrolling } from './scroll.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const at = (url: string, key: string): Location => ({ ...parsePath(url), state: null, key });

const push = (location: Location, previous: Location): HistoryUpdate => ({ action: 'PUSH', location, previous });
const pop = (location: Location, previous: Location | null): HistoryUpdate => ({ action: 'POP', location, previous });

/** Waits long enough for a few animation frames. */
const frames = () => new Promise((resolve) => setTimeout(resolve, 60));

beforeEach(() => {
  document.body.innerHTML = '';
  window.scrollTo(0, 0);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('scrollAfterNavigation', () => {
  it('starts a newly pushed page at the top', () => {
    window.scrollTo(0, 800);
    scrollAfterNavigation(push(at('/watch', 'w1'), at('/product', 'p1')));
    expect(window.scrollY).toBe(0);
  });

  it('returns to where an entry was left when going back to it', () => {
    window.scrollTo(0, 1200);
    rememberScroll('list-1');
    window.scrollTo(0, 0);
    scrollAfterNavigation(pop(at('/product?page=2', 'list-1'), at('/watch', 'w2')));
    expect(window.scrollY).toBe(1200);
  });

  it('leaves the position alone going back to an entry it knows nothing of', () => {
    window.scrollTo(0, 300);
    scrollAfterNavigation(pop(at('/product', 'never-seen'), at('/watch', 'w3')));
    expect(window.scrollY).toBe(300);
  });

  it('scrolls a pushed page to the element its hash names instead of the top', () => {
    const target = document.createElement('section');
    target.id = 'returns policy';
    document.body.append(target);
    const scrollIntoView = vi.spyOn(target, 'scrollIntoView');
    window.scrollTo(0, 500);

    scrollAfterNavigation(push(at('/policy#returns%20policy', 'k1'), at('/', 'k0')));

    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(window.scrollY).toBe(500);
  });

  it('on a hash-only change of the same page goes to the element if any, and otherwise stays put', () => {
    window.scrollTo(0, 700);
    scrollAfterNavigation(push(at('/product#page-2', 'k2'), at('/product', 'k1')));
    expect(window.scrollY).toBe(700);

    const anchor = document.createElement('h2');
    anchor.id = 'reviews';
    document.body.append(anchor);
    const scrollIntoView = vi.spyOn(anchor, 'scrollIntoView');
    scrollAfterNavigation(push(at('/product#reviews', 'k3'), at('/product#page-2', 'k2')));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('on the first load goes to the element the hash names', () => {
    const main = document.createElement('main');
    main.id = 'main';
    document.body.append(main);
    const scrollIntoView = vi.spyOn(main, 'scrollIntoView');
    scrollAfterNavigation(pop(at('/#main', 'first'), null));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  describe('when the page is still too short to reach the position (its data has not arrived)', () => {
    let pageHeight = 0;
    beforeEach(() => {
      const scrollTo = window.scrollTo.bind(window);
      vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) =>
        scrollTo(0, Math.min(y, pageHeight))) as typeof window.scrollTo);
      pageHeight = 400;
      window.scrollTo(0, 0);
    });

    it('keeps trying each frame and reaches it once the content is there', async () => {
      pageHeight = 5000;
      window.scrollTo(0, 2400);
      rememberScroll('late-1');
      pageHeight = 400;
      window.scrollTo(0, 0);

      const stop = scrollAfterNavigation(pop(at('/product', 'late-1'), at('/watch', 'x')));
      expect(window.scrollY).toBe(400);
      pageHeight = 5000;
      await frames();
      expect(window.scrollY).toBe(2400);
      stop?.();
    });

    it('stops trying as soon as the visitor scrolls themself', async () => {
      pageHeight = 5000;
      window.scrollTo(0, 2400);
      rememberScroll('late-2');
      pageHeight = 400;
      window.scrollTo(0, 0);

      scrollAfterNavigation(pop(at('/product', 'late-2'), at('/watch', 'x')));
      window.dispatchEvent(new Event('wheel'));
      pageHeight = 5000;
      await frames();
      expect(window.scrollY).toBe(400);
    });

    it('gives up after a while rather than fight the visitor for ever', async () => {
      pageHeight = 5000;
      window.scrollTo(0, 2400);
      rememberScroll('late-3');
      pageHeight = 400;
      window.scrollTo(0, 0);

      const now = Date.now();
      const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
      scrollAfterNavigation(pop(at('/product', 'late-3'), at('/watch', 'x')));
      clock.mockReturnValue(now + 2000);
      await frames();
      pageHeight = 5000;
      await frames();
      expect(window.scrollY).toBe(400);
    });
  });

  it('keeps the newest 100 positions and forgets older ones', () => {
    window.scrollTo(0, 900);
    rememberScroll('oldest');
    for (let i = 0; i < 100; i++) rememberScroll(`later-${i}`);
    window.scrollTo(0, 10);
    scrollAfterNavigation(pop(at('/a', 'oldest'), at('/b', 'b')));
    expect(window.scrollY).toBe(10);
    scrollAfterNavigation(pop(at('/a', 'later-0'), at('/b', 'b')));
    expect(window.scrollY).toBe(900);
  });
});

describe('takeOverScrolling', () => {
  it('turns the browser’s own restoring off, and a reload still returns to the saved positions', async () => {
    takeOverScrolling(() => 'entry-before-reload');
    expect(window.history.scrollRestoration).toBe('manual');
    window.scrollTo(0, 640);
    window.dispatchEvent(new Event('pagehide'));

    // The reloaded page reads the positions back from session storage.
    vi.resetModules();
    const reloaded = await import('./scroll.ts');
    window.scrollTo(0, 0);
    reloaded.scrollAfterNavigation(pop(at('/product', 'entry-before-reload'), null));
    expect(window.scrollY).toBe(640);
  });
});

describe('through <RouterProvider>', () => {
  it('puts a pushed page at the top, and back and forward each return to where that page was left', async () => {
    window.history.replaceState(null, '', '/list');
    let navigate: NavigateFunction = () => {};
    const screen = (text: string) => () => createElement('p', null, text);
    function Layout() {
      navigate = useNavigate();
      return createElement('main', null, createElement(Outlet));
    }
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        createElement(RouterProvider, {
          routes: [
            { path: '/list', component: screen('The list') },
            { path: '/watch', component: screen('A watch') },
          ],
          layout: Layout,
          errorFallback: () => null,
        }),
      );
    });
    expect(container.textContent).toBe('The list');

    window.scrollTo(0, 1500);
    await act(async () => navigate('/watch'));
    expect(container.textContent).toBe('A watch');
    expect(window.scrollY).toBe(0);

    window.scrollTo(0, 250);
    await act(async () => navigate(-1));
    expect(container.textContent).toBe('The list');
    expect(window.scrollY).toBe(1500);

    await act(async () => navigate(1));
    expect(container.textContent).toBe('A watch');
    expect(window.scrollY).toBe(250);

    await act(async () => root.unmount());
  });
});
