/**
 * A catalogue GET under /api, kept for the session by its path. The first
 * screen's call is answered from the page itself when the server embedded it
 * (api-client.ts takeEmbeddedAnswer); every other call fetches.
 */
import type { AnyEndpoint, ReplyOf } from '../../../common/api-contract.ts';
import { api, takeEmbeddedAnswer } from '../../lib/api-client.ts';
import { useResource } from '../../lib/use-resource.ts';

/**
 * The answer of `endpoint` (a GET of src/common/catalog-api.ts) at `path`, which the
 * contract's path function built; `path` null: nothing to load yet.
 */
export function useCatalogAnswer<E extends AnyEndpoint & { method: 'GET' }>(_endpoint: E, path: string | null) {
  type T = ReplyOf<E>;
  return useResource<T>(
    path && `catalog:${path}`,
    (signal) => api<T>(path ?? '', { signal }),
    () => (path ? takeEmbeddedAnswer<T>(path) : undefined),
  );
}
