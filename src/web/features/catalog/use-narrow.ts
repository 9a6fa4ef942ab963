/** True under 800 px (SPEC §9: cards cut names and descriptions shorter there). */
import { useSyncExternalStore } from 'react';
import { NARROW_MAX_WIDTH } from '../../../common/constants.ts';

const QUERY = `(max-width: ${NARROW_MAX_WIDTH - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
