/**
 * A catalogue GET under /api, kept for the session by its path. The first
 * screen's call is answered from the page itself when the server embedded it
 * (api-client.ts takeEmbeddedAnswer); every other call fetches.
 */
import { api, takeEmbeddedAnswer } from '../../lib/api-client.ts';
import { useResource } from '../../lib/use-resource.ts';

/** `path` null: nothing to load yet. */
export function useCatalogAnswer<T>(path: string | null) {
  return useResource<T>(
    path && `catalog:${path}`,
    (signal) => api<T>(path ?? '', { signal }),
    () => (path ? takeEmbeddedAnswer<T>(path) : undefined),
  );
}
