/**
 * A tap on a button only the app acts on (`type="button"`: the header's menu, a gallery thumbnail,
 * the picture's zoom), made before the app has hydrated, did nothing and was lost: the INP
 * benchmark saw the menu tapped at load stay shut in 4 runs of 5 (decision 058). The page's
 * inline loader remembers the last such button (src/server/pages/deferred-scripts.ts); once the
 * app has hydrated, main.tsx calls `replayEarlyTap`, which marks the app live (the loader stops
 * remembering) and taps that button again, so the shopper gets what they asked for
 * (docs/decisions/067-hydrate-only-what-moves.md). A button no longer in the page, or disabled
 * now, is left alone.
 */
import { EARLY_FORMS_KEY } from '../../common/early-forms.ts';

interface EarlyTap {
  tap?: Element | null;
  live?: boolean;
}

/** What the page's inline loader keeps (src/server/pages/deferred-scripts.ts); absent without it. */
const loaderState = () => (window as unknown as Record<string, EarlyTap | undefined>)[EARLY_FORMS_KEY];

export function replayEarlyTap(): void {
  const early = loaderState();
  if (!early) return;
  early.live = true;
  const button = early.tap;
  early.tap = null;
  if (button instanceof HTMLButtonElement && button.isConnected && !button.disabled) button.click();
}

/**
 * The app answers taps from now on (a tap while its last parts were hydrating hydrated them: main.tsx,
 * lib/hydration-slices.tsx): the loader stops remembering taps, and a click that is this input is
 * not tapped again later, since its own handler gets it.
 */
export function markLive(input?: Event): void {
  const early = loaderState();
  if (!early) return;
  early.live = true;
  if (input?.type === 'click' && early.tap && input.target instanceof Node && early.tap.contains(input.target)) {
    early.tap = null;
  }
}
