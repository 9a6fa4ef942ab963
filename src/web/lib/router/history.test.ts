// @vitest-environment happy-dom
/**
 * The router's history against a real (happy-dom) window.history: what push,
 * replace and back do to the URL, to history.state ({ usr, key, idx }, which
 * lib/go-back.ts reads) and to the listeners the router re-renders from.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BrowserHistory, createBrowserHistory, type HistoryUpdate } from './history.ts';

/** The window listeners each history adds, removed after every test so histories never pile up. */
let added: Array<[string, EventListenerOrEventListenerObject]> = [];

beforeEach(() => {
  const addEventListener = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    if (listener) added.push([type, listener]);
    addEventListener(type, listener, options);
  });
  // A page loaded at /start, with nothing of ours in history.state yet.
  window.history.replaceState(null, '', '/start');
});

afterEach(() => {
  for (const [type, listener] of added) window.removeEventListener(type, listener);
  added = [];
  vi.restoreAllMocks();
});

function entry(): { usr: unknown; key: string; idx: number } {
  return window.history.state as { usr: unknown; key: string; idx: number };
}

function recording(history: BrowserHistory): HistoryUpdate[] {
  const updates: HistoryUpdate[] = [];
  history.listen((update) => updates.push(update));
  return updates;
}

describe('createBrowserHistory', () => {
  it('stamps the entry the page loaded on, and keeps the stamp a reload preserved', () => {
    const history = createBrowserHistory();
    expect(entry()).toEqual({ usr: null, key: history.location.key, idx: 0 });
    expect(history.location).toMatchObject({ pathname: '/start', search: '', hash: '', state: null });

    // A reload: the browser keeps history.state, so the entry keeps its key (and its scroll position).
    window.history.replaceState({ usr: { from: 'cart' }, key: 'kept', idx: 3 }, '', '/cart?x=1#top');
    const reloaded = createBrowserHistory();
    expect(reloaded.location).toEqual({
      pathname: '/cart',
      search: '?x=1',
      hash: '#top',
      state: { from: 'cart' },
      key: 'kept',
    });
    expect(entry().idx).toBe(3);
  });

  it('push adds an entry: new URL, new key, idx one more, the state given, and tells the listeners', () => {
    const history = createBrowserHistory();
    const first = history.location;
    const updates = recording(history);
    const length = window.history.length;

    history.push({ pathname: '/product', search: '?page=2', hash: '#grid' }, { orderNumber: 'TS1' });

    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/product?page=2#grid');
    expect(window.history.length).toBe(length + 1);
    expect(entry()).toEqual({ usr: { orderNumber: 'TS1' }, key: history.location.key, idx: 1 });
    expect(history.location.key).not.toBe(first.key);
    expect(history.location).toMatchObject({ pathname: '/product', search: '?page=2', hash: '#grid' });
    expect(history.location.state).toEqual({ orderNumber: 'TS1' });
    expect(updates).toEqual([{ action: 'PUSH', location: history.location, previous: first }]);

    history.push({ pathname: '/cart', search: '', hash: '' });
    expect(entry().idx).toBe(2);
    expect(history.location.state).toBeNull();
  });

  it('replace swaps the current entry: same idx and stack length, a new key, and tells the listeners', () => {
    const history = createBrowserHistory();
    history.push({ pathname: '/one', search: '', hash: '' });
    const before = history.location;
    const updates = recording(history);
    const length = window.history.length;

    history.replace({ pathname: '/two', search: '?q=steel', hash: '' }, 'why');

    expect(window.location.pathname + window.location.search).toBe('/two?q=steel');
    expect(window.history.length).toBe(length);
    expect(entry()).toEqual({ usr: 'why', key: history.location.key, idx: 1 });
    expect(history.location.key).not.toBe(before.key);
    expect(updates).toEqual([{ action: 'REPLACE', location: history.location, previous: before }]);
  });

  it('back returns to the earlier entry with its own key and state, as a POP', () => {
    const history = createBrowserHistory();
    history.push({ pathname: '/list', search: '?page=3', hash: '' }, { from: 'home' });
    const list = history.location;
    history.push({ pathname: '/watch', search: '', hash: '' });
    const watch = history.location;
    const updates = recording(history);

    history.go(-1);

    expect(window.location.pathname).toBe('/list');
    expect(history.location).toEqual(list);
    expect(entry().idx).toBe(1);
    expect(updates).toEqual([{ action: 'POP', location: list, previous: watch }]);

    history.go(1);
    expect(history.location).toEqual(watch);
    expect(updates.map((u) => u.action)).toEqual(['POP', 'POP']);
  });

  it('stops telling a listener once it unsubscribes; the others still hear', () => {
    const history = createBrowserHistory();
    const gone = vi.fn();
    const stays = vi.fn();
    const unlisten = history.listen(gone);
    history.listen(stays);

    unlisten();
    history.push({ pathname: '/a', search: '', hash: '' });
    history.replace({ pathname: '/b', search: '', hash: '' });
    history.go(-1);

    expect(gone).not.toHaveBeenCalled();
    expect(stays).toHaveBeenCalledTimes(3);
  });

  it('stamps a fragment the browser navigated to itself, and tells the listeners once for popstate + hashchange', () => {
    const history = createBrowserHistory();
    const before = history.location;
    const updates = recording(history);

    // A plain <a href="#main">: the browser adds an entry without our state, then fires both events (Chrome).
    window.history.pushState(null, '', '/start#main');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    window.dispatchEvent(new HashChangeEvent('hashchange'));

    expect(entry()).toEqual({ usr: null, key: history.location.key, idx: 1 });
    expect(history.location).toMatchObject({ pathname: '/start', hash: '#main', state: null });
    expect(history.location.key).not.toBe(before.key);
    expect(updates).toEqual([{ action: 'POP', location: history.location, previous: before }]);
  });
});
