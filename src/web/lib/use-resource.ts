/**
 * A small data hook: loads `key` with `load`, caches the result for the session
 * (so going back shows data at once), cancels stale requests, and exposes the
 * error message instead of leaving a loader spinning.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from './api-client.ts';

const cache = new Map<string, unknown>();

/** Told of each invalidation: a screen that stays mounted across actions (the dashboard menu) reloads. */
const invalidated = new Set<(prefix: string) => void>();

export function invalidate(prefix: string): void {
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
  for (const listener of invalidated) listener(prefix);
}

/**
 * Calls `reload` whenever `invalidate` drops `key` (its prefix starts `key`); returns the unsubscribe.
 * Opt-in: most screens are left by the action that invalidates, and load afresh when shown again.
 */
export function onInvalidate(key: string, reload: () => void): () => void {
  const listener = (prefix: string) => {
    if (key.startsWith(prefix)) reload();
  };
  invalidated.add(listener);
  return () => invalidated.delete(listener);
}

export interface Resource<T> {
  data: T | undefined;
  error: string | null;
  /** HTTP status of the failed load (0: the shop could not be reached), null when none. */
  errorStatus: number | null;
  loading: boolean;
  reload: () => void;
  /**
   * Shows and keeps `data` as the answer for the key, e.g. what the server answered a
   * change with; a load still under way (sent before the change) is cancelled.
   */
  set: (data: T) => void;
}

/** Keys whose cached data came with the page and whose first load is therefore skipped. */
const fromPage = new Set<string>();

export interface ResourceOptions {
  /**
   * When the key changes to one with nothing kept, show the previous key's data while
   * the new one loads instead of nothing (the cart: a visitor who signs up at checkout
   * keeps their cart, and the checkout open, while the account's cart loads).
   */
  keepPrevious?: boolean;
}

/**
 * `initial` gives data the page already holds for `key` (the server's embedded
 * answer, api-client.ts takeEmbeddedAnswer): the first render shows it and the
 * first load is skipped, so the screen neither waits nor renders twice.
 */
export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  initial?: () => T | undefined,
  { keepPrevious = false }: ResourceOptions = {},
): Resource<T> {
  const [state, setState] = useState<{
    key: string | null;
    data: T | undefined;
    error: string | null;
    errorStatus: number | null;
    loading: boolean;
  }>(() => {
    if (key === null) return { key, data: undefined, error: null, errorStatus: null, loading: false };
    // Rendered on the server (src/web/entry-server.tsx): the page's own answer, never the
    // module-wide cache, which would outlive the request and serve one page's data to another.
    if (typeof document === 'undefined') {
      const data = initial?.();
      return { key, data, error: null, errorStatus: null, loading: data === undefined };
    }
    if (!cache.has(key)) {
      const data = initial?.();
      if (data !== undefined) {
        cache.set(key, data);
        fromPage.add(key);
      }
    }
    return { key, data: cache.get(key) as T | undefined, error: null, errorStatus: null, loading: !fromPage.has(key) };
  });
  const [version, setVersion] = useState(0);
  /** The load under way, so `set` can cancel it. */
  const underWay = useRef<AbortController | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is keyed by `key`; version forces a reload.
  useEffect(() => {
    if (key === null) {
      setState({ key, data: undefined, error: null, errorStatus: null, loading: false });
      return;
    }
    if (fromPage.delete(key)) return;
    const controller = new AbortController();
    underWay.current = controller;
    setState((s) => ({
      key,
      data: s.key === key ? s.data : ((cache.get(key) as T | undefined) ?? (keepPrevious ? s.data : undefined)),
      error: null,
      errorStatus: null,
      loading: true,
    }));
    load(controller.signal).then(
      (data) => {
        // Cancelled (the key changed, or `set` gave newer data): this answer is older than what is shown.
        if (controller.signal.aborted) return;
        cache.set(key, data);
        // A transition: React renders what arrived in short slices, so a tap is never kept waiting.
        startTransition(() => setState({ key, data, error: null, errorStatus: null, loading: false }));
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const errorStatus = err instanceof ApiError ? err.status : null;
        setState((s) => ({ ...s, error: errorMessage(err), errorStatus, loading: false }));
      },
    );
    return () => controller.abort();
  }, [key, version]);

  const reload = useCallback(() => {
    if (key) cache.delete(key);
    setVersion((v) => v + 1);
  }, [key]);

  const set = useCallback(
    (data: T) => {
      if (key === null) return;
      underWay.current?.abort();
      cache.set(key, data);
      setState({ key, data, error: null, errorStatus: null, loading: false });
    },
    [key],
  );

  const fresh = state.key === key;
  return {
    data: fresh
      ? state.data
      : key
        ? ((cache.get(key) as T | undefined) ?? (keepPrevious ? state.data : undefined))
        : undefined,
    error: fresh ? state.error : null,
    errorStatus: fresh ? state.errorStatus : null,
    loading: fresh ? state.loading : key !== null,
    reload,
    set,
  };
}
