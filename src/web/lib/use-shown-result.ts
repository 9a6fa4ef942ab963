import { useEffect, useRef } from 'react';

/**
 * A result that replaces the form it answers (the ticket number of a complaint, "Your account is
 * deleted"): on a phone the form was scrolled far down, so the result would open above the
 * screen's top. Put the ref on its heading: it is scrolled to the top (below the sticky bar: the
 * `result-heading` class) and focused, so a screen reader reads it too.
 */
export function useShownResult<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const heading = ref.current;
    if (!heading) return;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, []);
  return ref;
}
