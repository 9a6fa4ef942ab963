/**
 * The loader overlay shows while loading, and hides after 5 s if nothing came (docs/product.md#listing),
 * so it never sticks.
 */
import { useEffect, useState } from 'react';
import { LOADER_HIDE_MS } from '../../../common/constants.ts';

export function useLoaderVisible(loading: boolean): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    setExpired(false);
    if (!loading) return;
    const timer = setTimeout(() => setExpired(true), LOADER_HIDE_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return loading && !expired;
}
