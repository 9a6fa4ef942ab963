/** True under 800 px (docs/product.md#limits-and-constants: cards cut names and descriptions shorter there). */
import { useSyncExternalStore } from 'react';
import { NARROW_MAX_WIDTH } from '../../../common/constants.ts';

const QUERY = `(max-width: ${NARROW_MAX_WIDTH - 1}px)`;

// One query list for every card: a listing renders 40 cards, and React reads the value
// several times per render.
let list: MediaQueryList | undefined;
const media = () => {
  list ??= window.matchMedia(QUERY);
  return list;
};

function subscribe(onChange: () => void): () => void {
  media().addEventListener('change', onChange);
  return () => media().removeEventListener('change', onChange);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media().matches,
    () => false,
  );
}
