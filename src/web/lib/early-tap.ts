/**
 * A tap on a button only the app acts on (`type="button"`: the header's menu, a gallery thumbnail,
 * the picture's zoom), made before the app has hydrated, did nothing and was lost: the INP
 * benchmark saw the menu tapped at load stay shut in 4 runs of 5 (decision 058). The page's
 * inline loader remembers the last such button (src/server/pages/deferred-scripts.ts); once the
 * app has hydrated, main.tsx calls `replayEarlyTap`, which marks the app live (the loader stops
 * remembering) and taps that button again, so the shopper gets what they asked for
 * (docs/decisions/067-hydrate-only-what-moves.md). A button no longer in the page, or disabled
 * now, is left alone. A link or ADD TO CART tapped before the app is held by the loader the same
 * way (marked `aria-busy` meanwhile) and tapped again here (decision 075).
 */
import { EARLY_FORMS_KEY, HOLD_MS } from '../../common/early-forms.ts';

interface EarlyTap {
  tap?: Element | null;
  /** The tap was held by the loader (a link, ADD TO CART): its own click did nothing. */
  hold?: boolean;
  live?: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

/** What the page's inline loader keeps (src/server/pages/deferred-scripts.ts); absent without it. */
const loaderState = () => (window as unknown as Record<string, EarlyTap | undefined>)[EARLY_FORMS_KEY];

export function replayEarlyTap(): void {
  const early = loaderState();
  if (!early) return;
  early.live = true;
  clearTimeout(early.timer);
  const tapped = early.tap;
  const held = early.hold;
  early.tap = null;
  early.hold = false;
  if (!(tapped instanceof HTMLElement)) return;
  tapped.removeAttribute('aria-busy');
  if (!tapped.isConnected) {
    // A held link the hydration replaced: followed the no-script way rather than lost.
    if (held && tapped instanceof HTMLAnchorElement) window.location.assign(tapped.href);
    return;
  }
  if (tapped instanceof HTMLButtonElement && tapped.disabled) return;
  if (!(tapped instanceof HTMLButtonElement || held)) return;
  const form = tapped instanceof HTMLButtonElement ? tapped.closest('form[data-early-tap]') : null;
  if (form) whenReady(form, () => tapped.click());
  else tapped.click();
}

/**
 * ADD TO CART acts once it knows who is logged in (`data-ready`, features/cart/add-to-cart-button.tsx).
 * A tap held for the app waits for that too, and so does one made once the app is live but before
 * the session's answer, but no longer than the loader would have held it: then it is made as it is
 * (the server's post).
 */
export function whenReady(form: Element, tap: () => void): void {
  if (form.hasAttribute('data-ready')) {
    tap();
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    tap();
  };
  const observer = new MutationObserver(() => {
    if (form.hasAttribute('data-ready')) once();
  });
  observer.observe(form, { attributes: true, attributeFilter: ['data-ready'] });
  const timer = setTimeout(once, HOLD_MS);
}

/**
 * The app answers taps from now on (a tap while its last parts were hydrating hydrated them: main.tsx,
 * lib/hydration-slices.tsx): the loader stops remembering taps, and a click that is this input is
 * not tapped again later, since its own handler gets it, unless the loader held it (prevented its
 * default: no handler of the app acts on it), which is tapped again once the app has hydrated.
 */
export function markLive(input?: Event): void {
  const early = loaderState();
  if (!early) return;
  early.live = true;
  if (
    input?.type === 'click' &&
    !early.hold &&
    early.tap &&
    input.target instanceof Node &&
    early.tap.contains(input.target)
  ) {
    early.tap = null;
  }
}
