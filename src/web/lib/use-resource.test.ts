// @vitest-environment happy-dom
/**
 * useResource rendered for real (react-dom createRoot + act): what a screen
 * sees while loading, when it loads, when it fails, when its key changes
 * under a load, and when the page already carries the answer.
 */
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { invalidate, onInvalidate, type Resource, useResource } from './use-resource.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A promise settled by the test, to decide when (and in which order) loads answer. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A loader whose every call waits for the test; calls[i] is the i-th load, with its signal. */
function controlledLoader<T>() {
  const calls: Array<{ signal: AbortSignal } & ReturnType<typeof deferred<T>>> = [];
  const load = vi.fn((signal: AbortSignal) => {
    const call = { signal, ...deferred<T>() };
    calls.push(call);
    return call.promise;
  });
  return { load, calls };
}

interface Props<T> {
  resourceKey: string | null;
  load: (signal: AbortSignal) => Promise<T>;
  initial?: () => T | undefined;
}

const mounted: Root[] = [];

/** Renders useResource in a component; `seen` is every value a render returned, `current` the last. */
function renderResource<T>(props: Props<T>) {
  const seen: Array<Resource<T>> = [];
  function Probe({ resourceKey, load, initial }: Props<T>) {
    seen.push(useResource(resourceKey, load, initial));
    return null;
  }
  const root = createRoot(document.createElement('div'));
  mounted.push(root);
  act(() => root.render(createElement(Probe, props)));
  return {
    seen,
    get current(): Resource<T> {
      return seen[seen.length - 1] as Resource<T>;
    },
    rerender: (next: Props<T>) => act(() => root.render(createElement(Probe, next))),
    unmount: () => act(() => root.unmount()),
  };
}

/** Lets settled loads reach React (their .then, then the transition they render in). */
const settle = () => act(async () => {});

afterEach(() => {
  for (const root of mounted.splice(0)) act(() => root.unmount());
});

// The cache is module-wide, as in the app: each test uses keys of its own.

describe('useResource', () => {
  it('shows the loader, then the data; nothing with a null key', async () => {
    const { load, calls } = controlledLoader<string>();
    const view = renderResource({ resourceKey: 'basic', load });
    expect(view.current).toMatchObject({ data: undefined, loading: true, error: null });
    expect(load).toHaveBeenCalledTimes(1);

    calls[0]?.resolve('watches');
    await settle();
    expect(view.current).toMatchObject({ data: 'watches', loading: false, error: null, errorStatus: null });

    const idle = controlledLoader<string>();
    const none = renderResource({ resourceKey: null, load: idle.load });
    expect(none.current).toMatchObject({ data: undefined, loading: false, error: null });
    expect(idle.load).not.toHaveBeenCalled();
  });

  it('keeps the data across mounts: coming back shows it at once while it refreshes', async () => {
    const first = controlledLoader<string>();
    const view = renderResource({ resourceKey: 'kept', load: first.load });
    first.calls[0]?.resolve('page 1 of watches');
    await settle();
    view.unmount();

    const again = controlledLoader<string>();
    const back = renderResource({ resourceKey: 'kept', load: again.load });
    // The very first render already has it: no empty screen, no loader flash.
    expect(back.seen[0]?.data).toBe('page 1 of watches');
    expect(again.load).toHaveBeenCalledTimes(1);
    again.calls[0]?.resolve('page 1, refreshed');
    await settle();
    expect(back.current).toMatchObject({ data: 'page 1, refreshed', loading: false });
    expect(back.seen.every((r) => r.data !== undefined)).toBe(true);
  });

  it('cancels the load of a key it left, and the older answer never replaces the newer one', async () => {
    const { load, calls } = controlledLoader<string>();
    const view = renderResource({ resourceKey: 'page:1', load });
    view.rerender({ resourceKey: 'page:2', load });
    expect(calls).toHaveLength(2);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);
    expect(view.current).toMatchObject({ data: undefined, loading: true });

    calls[1]?.resolve('page two');
    await settle();
    expect(view.current).toMatchObject({ data: 'page two', loading: false });

    // The first request answers late anyway (a loader that ignores its signal, or a body already read).
    calls[0]?.resolve('page one');
    await settle();
    expect(view.current).toMatchObject({ data: 'page two', loading: false, error: null });
  });

  it('does not show the error of a load it cancelled', async () => {
    const { load, calls } = controlledLoader<string>();
    const view = renderResource({ resourceKey: 'err:old', load });
    view.rerender({ resourceKey: 'err:new', load });
    calls[1]?.resolve('new');
    await settle();
    calls[0]?.reject(new ApiError(500, 'http', 'Old failure'));
    await settle();
    expect(view.current).toMatchObject({ data: 'new', error: null, errorStatus: null, loading: false });
  });

  it('ends the loader on failure and exposes the message and HTTP status', async () => {
    const { load, calls } = controlledLoader<string>();
    const view = renderResource({ resourceKey: 'missing-watch', load });
    calls[0]?.reject(new ApiError(404, 'not_found', 'No such watch'));
    await settle();
    expect(view.current).toMatchObject({
      data: undefined,
      loading: false,
      error: 'No such watch',
      errorStatus: 404,
    });

    const offline = controlledLoader<string>();
    const other = renderResource({ resourceKey: 'offline', load: offline.load });
    offline.calls[0]?.reject(new ApiError(0, 'network', 'Could not reach the shop.'));
    await settle();
    expect(other.current).toMatchObject({ loading: false, error: 'Could not reach the shop.', errorStatus: 0 });

    const bug = controlledLoader<string>();
    const third = renderResource({ resourceKey: 'bug', load: bug.load });
    bug.calls[0]?.reject(new TypeError('x is undefined'));
    await settle();
    expect(third.current).toMatchObject({
      loading: false,
      error: 'Something went wrong. Please try again.',
      errorStatus: null,
    });
  });

  it('reload loads again, clears the error, and keeps what is shown meanwhile', async () => {
    const { load, calls } = controlledLoader<string>();
    const view = renderResource({ resourceKey: 'retry', load });
    calls[0]?.resolve('v1');
    await settle();

    act(() => view.current.reload());
    expect(calls).toHaveLength(2);
    expect(view.current).toMatchObject({ data: 'v1', loading: true });
    calls[1]?.reject(new ApiError(503, 'unavailable', 'Busy, try again'));
    await settle();
    expect(view.current).toMatchObject({ data: 'v1', loading: false, error: 'Busy, try again', errorStatus: 503 });

    act(() => view.current.reload());
    expect(view.current).toMatchObject({ error: null, errorStatus: null, loading: true });
    calls[2]?.resolve('v2');
    await settle();
    expect(view.current).toMatchObject({ data: 'v2', loading: false, error: null });
  });

  it('reload drops the kept data, so a screen mounted later does not show the old answer', async () => {
    const { load, calls } = controlledLoader<string>();
    const view = renderResource({ resourceKey: 'dropped', load });
    calls[0]?.resolve('old');
    await settle();
    act(() => view.current.reload());
    view.unmount();

    const later = controlledLoader<string>();
    const next = renderResource({ resourceKey: 'dropped', load: later.load });
    expect(next.seen[0]).toMatchObject({ data: undefined, loading: true });
  });

  it('invalidate drops kept data by key prefix only', async () => {
    for (const key of ['orders:u1:open', 'orders:u1:past', 'catalog:/home']) {
      const { load, calls } = controlledLoader<string>();
      const view = renderResource({ resourceKey: key, load });
      calls[0]?.resolve(key);
      await settle();
      view.unmount();
    }
    invalidate('orders:');
    const never = () => new Promise<string>(() => {});
    expect(renderResource({ resourceKey: 'orders:u1:open', load: never }).seen[0]?.data).toBeUndefined();
    expect(renderResource({ resourceKey: 'orders:u1:past', load: never }).seen[0]?.data).toBeUndefined();
    expect(renderResource({ resourceKey: 'catalog:/home', load: never }).seen[0]?.data).toBe('catalog:/home');
  });

  it('onInvalidate reloads a mounted screen whose key an action drops, keeping its data shown meanwhile', async () => {
    const { load, calls } = controlledLoader<number>();
    const view = renderResource({ resourceKey: 'menu:stats', load });
    calls[0]?.resolve(3);
    await settle();
    const stop = onInvalidate('menu:stats', () => view.current.reload());

    act(() => invalidate('catalog:'));
    expect(load).toHaveBeenCalledTimes(1);
    act(() => invalidate('menu:'));
    expect(load).toHaveBeenCalledTimes(2);
    // The last count stays shown while the new one loads: no empty badge, no spinner.
    expect(view.current).toMatchObject({ data: 3, loading: true });
    calls[1]?.resolve(2);
    await settle();
    expect(view.current).toMatchObject({ data: 2, loading: false });

    stop();
    act(() => invalidate('menu:'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the answer the page carries (`initial`) at once and skips the first load; later mounts load', async () => {
    const { load, calls } = controlledLoader<string>();
    const initial = vi.fn(() => 'embedded home');
    const view = renderResource({ resourceKey: 'embedded', load, initial });
    expect(view.seen[0]).toMatchObject({ data: 'embedded home', loading: false, error: null });
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(view.current).toMatchObject({ data: 'embedded home', loading: false });
    view.unmount();

    // The next visit shows the kept answer and refreshes it; the page's answer is not asked again.
    const back = renderResource({ resourceKey: 'embedded', load, initial });
    expect(back.seen[0]?.data).toBe('embedded home');
    expect(load).toHaveBeenCalledTimes(1);
    expect(initial).toHaveBeenCalledTimes(1);
    calls[0]?.resolve('fresh home');
    await settle();
    expect(back.current).toMatchObject({ data: 'fresh home', loading: false });
  });

  it('loads as usual when the page carries nothing for the key', async () => {
    const { load, calls } = controlledLoader<string>();
    const view = renderResource({ resourceKey: 'not-embedded', load, initial: () => undefined });
    expect(view.current).toMatchObject({ data: undefined, loading: true });
    expect(load).toHaveBeenCalledTimes(1);
    calls[0]?.resolve('loaded');
    await settle();
    expect(view.current.data).toBe('loaded');
  });

  it('with keepPrevious, shows the previous key’s data while a new key loads, then the new data', async () => {
    const { load, calls } = controlledLoader<string>();
    function Probe({ resourceKey }: { resourceKey: string }) {
      seen.push(useResource(resourceKey, load, undefined, { keepPrevious: true }));
      return null;
    }
    const seen: Array<Resource<string>> = [];
    const root = createRoot(document.createElement('div'));
    mounted.push(root);
    act(() => root.render(createElement(Probe, { resourceKey: 'keep:visitor' })));
    calls[0]?.resolve('visitor cart');
    await settle();

    const before = seen.length;
    act(() => root.render(createElement(Probe, { resourceKey: 'keep:account' })));
    // Every render while the new key loads, the first one included, still has data.
    expect(seen.slice(before).map((r) => r.data)).toEqual(seen.slice(before).map(() => 'visitor cart'));
    expect(seen.at(-1)).toMatchObject({ data: 'visitor cart', loading: true });
    calls[1]?.resolve('account cart');
    await settle();
    expect(seen.at(-1)).toMatchObject({ data: 'account cart', loading: false });

    // Without it, the new key starts empty.
    const plain = controlledLoader<string>();
    const view = renderResource({ resourceKey: 'nokeep:visitor', load: plain.load });
    plain.calls[0]?.resolve('visitor cart');
    await settle();
    view.rerender({ resourceKey: 'nokeep:account', load: plain.load });
    expect(view.current).toMatchObject({ data: undefined, loading: true });
  });

  describe('set (the answer of a change, e.g. the cart after a quantity change)', () => {
    it('shows the data at once, keeps it for later mounts, and clears a shown error', async () => {
      const { load, calls } = controlledLoader<string>();
      const view = renderResource({ resourceKey: 'set:basic', load });
      calls[0]?.reject(new ApiError(500, 'http', 'Failed'));
      await settle();
      expect(view.current.error).toBe('Failed');

      act(() => view.current.set('after the change'));
      expect(view.current).toMatchObject({ data: 'after the change', loading: false, error: null, errorStatus: null });
      view.unmount();

      const never = () => new Promise<string>(() => {});
      expect(renderResource({ resourceKey: 'set:basic', load: never }).seen[0]?.data).toBe('after the change');
    });

    it('wins over a load still under way, which was sent before the change', async () => {
      const { load, calls } = controlledLoader<string>();
      const view = renderResource({ resourceKey: 'set:race', load });
      act(() => view.current.set('cart after the change'));
      expect(calls[0]?.signal.aborted).toBe(true);
      calls[0]?.resolve('cart before the change');
      await settle();
      expect(view.current).toMatchObject({ data: 'cart after the change', loading: false });

      const never = () => new Promise<string>(() => {});
      expect(renderResource({ resourceKey: 'set:race', load: never }).seen[0]?.data).toBe('cart after the change');
    });
  });
});
