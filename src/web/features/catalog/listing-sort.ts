/**
 * The listing's sort, read from its address (?sort=price-asc: docs/decisions/032-controls-in-the-address.md),
 * so the server renders the sorted page, a reload or a shared link keeps it, and the sort links
 * work before the script arrives. The server reads it the same way (src/server/pages/catalog-heads.ts).
 */
import { type Sort, sortFromQuery } from '../../../common/catalog-api.ts';
import { useLocation } from '../../lib/router/index.ts';

export function useListingSort(): Sort {
  const { search } = useLocation();
  return sortFromQuery(new URLSearchParams(search).get('sort'));
}
