/**
 * False until the page has painted once, true from then on (at once for
 * screens rendered later). Pictures other than a page's largest wait for it:
 * requested with the first render, a dozen of them share a phone's bandwidth
 * with the ones the first paint needs (docs/decisions/012-first-paint.md).
 * They are then shown a few at a time, one task each, so giving 40 cards
 * their addresses never blocks the main thread for long.
 */
import { useEffect, useState } from 'react';

/** Pictures given their address per task: a few milliseconds each on a slow phone. */
const BATCH = 8;

let painted = false;
let scheduled = false;
/** In mounting order, which is the page's order: the pictures near the top first. */
const waiting: Array<() => void> = [];

function release(): void {
  for (const show of waiting.splice(0, BATCH)) show();
  if (waiting.length > 0) setTimeout(release);
}

function whenPainted(show: () => void): () => void {
  waiting.push(show);
  if (!scheduled) {
    scheduled = true;
    // An animation frame runs just before the next paint; a task queued from it runs after that paint.
    requestAnimationFrame(() => {
      setTimeout(() => {
        painted = true;
        release();
      });
    });
  }
  return () => {
    const at = waiting.indexOf(show);
    if (at >= 0) waiting.splice(at, 1);
  };
}

export function useAfterFirstPaint(): boolean {
  const [shown, setShown] = useState(painted);
  useEffect(() => (shown ? undefined : whenPainted(() => setShown(true))), [shown]);
  return shown;
}
