/**
 * Hydration in slices (issue 39; docs/decisions/067-hydrate-only-what-moves.md, "Slices"). Preact
 * hydrates a tree in one synchronous call: 63-72 ms on the home, listing and product pages at a
 * fourth of the CPU even with the static parts kept, one task that Lighthouse counts as blocking
 * time and that a tap waits for. A part wrapped in <Slice> is not hydrated in that call: it keeps
 * the server's HTML (as a StaticPart does) and is hydrated afterwards in a task of its own, one
 * slice per task in the order they were met (the page's order), the browser free to handle a tap
 * or paint between two. main.tsx waits for the last one before it marks the page hydrated and
 * taps again what was tapped early: until then a button in a waiting slice has no handler.
 *
 * How: the part suspends while hydrating with a thenable that `hydrateInSlices` settles in its
 * task; preact/compat keeps the server's DOM of a component suspended while hydrating and
 * hydrates it when the suspension ends (the same mechanism as lib/static-part.tsx). The render
 * that follows is run at once instead of in a microtask (Preact's `options.debounceRendering`),
 * so the slice is hydrated inside `hydrateKeepingStaticParts` (its StaticParts stay server HTML,
 * its own Slices wait their turn) and its mismatches are reported before anything else can
 * update it.
 *
 * If its parent renders again while it waits, it keeps waiting; its turn hydrates it with the
 * children the server rendered and renders the new ones right after, as an update (Preact patches
 * no attribute while hydrating). Unmounted while waiting (a client-side navigation), it is dropped.
 * On the server and in Vitest (React), and mounted after the first hydration, it is a plain wrapper.
 *
 * Its child must render exactly one element, never nothing (Preact keeps one DOM node for a
 * suspended component, as for a StaticPart).
 */
import { options } from 'preact';
import { Component, type ReactElement, Suspense } from 'react';
import { hydrateKeepingStaticParts, isHydrating } from './static-part.tsx';

/** A suspension Preact can wait on, settled by `wake` (synchronously: not a Promise). */
interface Turn {
  waiting: boolean;
  then(done: () => void): void;
}

interface Waiting {
  part: Later;
  wake(): void;
}

/** Slices met while hydrating and not hydrated yet, in the page's order. */
const queue: Waiting[] = [];

function turnFor(part: Later): Turn {
  const done: Array<() => void> = [];
  // A thenable on purpose: Preact waits on anything thrown with a `then`, and calls back synchronously here.
  // biome-ignore lint/suspicious/noThenProperty: the suspension Preact waits on (see above)
  const turn: Turn = { waiting: true, then: (callback) => void done.push(callback) };
  queue.push({
    part,
    wake() {
      turn.waiting = false;
      for (const callback of done) callback();
    },
  });
  return turn;
}

class Later extends Component<{ children: ReactElement }> {
  /** Set while the slice waits for its task; absent when it was mounted outside a hydration. */
  private turn: Turn | null = isHydrating() ? turnFor(this) : null;
  /** The children the server rendered, hydrated first on the slice's turn. */
  private server: ReactElement | null = this.turn ? this.props.children : null;

  override render() {
    if (this.turn?.waiting) throw this.turn;
    const server = this.server;
    if (!server) return this.props.children;
    this.server = null;
    // Rendered again with other children while it waited: those are an update after the hydration.
    if (server !== this.props.children) queueMicrotask(() => this.forceUpdate());
    return server;
  }
}

/** Hydrated in a task of its own after the page's first hydration (see above); `children`: one element. */
export function Slice({ children }: { children: ReactElement }) {
  return (
    <Suspense fallback={null}>
      <Later>{children}</Later>
    </Suspense>
  );
}

/** Lets the browser run what waits (a tap, a paint) before the next slice. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Settles one slice's suspension and runs the render it asks for now, as a hydration. */
function hydrateNow(slice: Waiting): void {
  const debounce = options.debounceRendering;
  let render: (() => void) | undefined;
  options.debounceRendering = (callback) => {
    render = callback;
  };
  try {
    slice.wake();
  } finally {
    options.debounceRendering = debounce;
  }
  hydrateKeepingStaticParts(() => render?.());
}

/** The DOM node a slice hydrated (Preact's `base` of a class component), or null once it is gone. */
function nodeOf(part: Later): Node | null {
  return (part as unknown as { base?: Node | null }).base ?? null;
}

/** A shopper's input: the first one while slices wait hydrates them all before it is handled. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'click', 'submit'] as const;

/**
 * Runs `hydrate` (the app's hydrateRoot) with the Slices met waiting, then hydrates them one per task.
 * Each slice's hydration is handed to `each`, which runs it (it returns the slice's node, null once
 * gone) and can look at the page just before and just after it.
 *
 * A tap or key while slices wait would reach a part with no handler yet: a form would be sent the
 * no-script way (a page load), a sort or ADD TO CART lost (the INP benchmark saw it). So the first
 * input hydrates every waiting slice at once, in the input's own capture phase, and the input then
 * reaches the handlers it was meant for: an element's listeners are taken when the event reaches
 * it (DOM dispatch), so those hydration adds now are called. `onInput` is told (main.tsx marks the
 * app live, so the tap is not also replayed).
 */
export async function hydrateInSlices(
  hydrate: () => void,
  each: (hydrateSlice: () => Node | null) => void,
  onInput: (event: Event) => void = () => {},
): Promise<void> {
  const hydrateOne = (slice: Waiting) => {
    performance.mark('slice-start');
    each(() => {
      hydrateNow(slice);
      return nodeOf(slice.part);
    });
    performance.measure('hydrate-slice', 'slice-start');
  };
  const hydrateAll = (event: Event) => {
    for (let slice = queue.shift(); slice; slice = queue.shift()) hydrateOne(slice);
    onInput(event);
  };
  hydrateKeepingStaticParts(hydrate);
  for (const type of INPUT_EVENTS) addEventListener(type, hydrateAll, { capture: true });
  try {
    for (;;) {
      await nextTask();
      const slice = queue.shift();
      if (!slice) return;
      hydrateOne(slice);
    }
  } finally {
    for (const type of INPUT_EVENTS) removeEventListener(type, hydrateAll, { capture: true });
  }
}
