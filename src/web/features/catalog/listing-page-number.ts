/**
 * The listing's current page (SPEC §2): 1-based in the URL hash (#3), also kept
 * in session storage with the listing path, so a new tab or brand starts at 1.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from '../../lib/router/index.ts';
import { STORAGE_KEYS, session } from '../../lib/storage.ts';

function parsePage(text: string | null | undefined): number | null {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : null;
}

function storedPage(path: string): number | null {
  try {
    const saved = JSON.parse(session.get(STORAGE_KEYS.listingPage) ?? 'null') as {
      path?: string;
      page?: number;
    } | null;
    return saved?.path === path ? parsePage(String(saved.page)) : null;
  } catch {
    return null;
  }
}

export function useListingPage(): [number, (page: number) => void] {
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const page = parsePage(hash.slice(1)) ?? storedPage(pathname) ?? 1;
  const setPage = useCallback(
    (next: number) => {
      session.set(STORAGE_KEYS.listingPage, JSON.stringify({ path: pathname, page: next }));
      navigate({ pathname, hash: `#${next}` });
    },
    [navigate, pathname],
  );
  return [page, setPage];
}
