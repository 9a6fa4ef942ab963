/**
 * Hydrate only what moves (issue 39; docs/decisions/067-hydrate-only-what-moves.md). A part of a
 * screen that answers no tap (a product card, the footer, a description, the specifications, a
 * policy's text) is wrapped in <StaticPart>: while the browser hydrates the server's HTML, it is
 * not rendered at all and its server HTML stays as it is, costing no hydration. Everything not
 * wrapped hydrates as before, so a component nobody marked works as today.
 *
 * How: preact/compat (the browser's React: decision 044) keeps the server's DOM of a component
 * that suspends while hydrating, and hydrates it when the suspension ends. `Kept` suspends with a
 * promise that never settles, so the part stays server HTML for as long as the screen shows the
 * same thing. When its parent renders it again with different props (another watch on the same
 * screen, an admin's controls under a card), it first hydrates with the props the server used
 * (Preact patches no attribute while hydrating, so the server's props are the only ones that
 * match the HTML) and at once renders again with the new ones, which patches the DOM as any
 * update does. Links in it work before then: they are the app's links through a click handler on
 * the document (router.tsx, `followStaticLink`), found by `data-app-link`.
 *
 * On the server (React's renderToString) and in Vitest nothing is hydrating, so the children
 * render as if unwrapped. A part mounted after the first hydration (a client-side navigation)
 * renders at once too.
 *
 * The child must render exactly one element, never nothing: Preact keeps one DOM node for a
 * suspended component, and with none of its own it would take its next sibling's (so an empty
 * list stays outside the StaticPart). It must not need effects or state while it is kept (it has
 * none until released), nor context that changes (a kept part is not rendered when it does).
 */
import { createContext, isValidElement, type ReactElement, Suspense, useReducer, useRef } from 'react';

/** True only while main.tsx hydrates the server's HTML (Preact's hydration is one synchronous call). */
let hydrating = false;

/** True while the server's HTML is being hydrated: the first call, then each slice (lib/hydration-slices.tsx). */
export function isHydrating(): boolean {
  return hydrating;
}

/** Runs `hydrate` (the app's hydrateRoot, or a slice's render) so that the StaticParts met keep the server's HTML. */
export function hydrateKeepingStaticParts(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/** True inside a StaticPart: its links mark themselves for the document's click handler (link.tsx). */
export const InStaticPart = createContext(false);

/** Same type, key and props (each compared by identity): the same HTML, for a pure component. */
function sameElement(a: ReactElement, b: ReactElement): boolean {
  if (a === b) return true;
  if (!isValidElement(a) || !isValidElement(b) || a.type !== b.type || a.key !== b.key) return false;
  const before = a.props as Record<string, unknown>;
  const after = b.props as Record<string, unknown>;
  const keys = Object.keys(before);
  return keys.length === Object.keys(after).length && keys.every((key) => Object.is(before[key], after[key]));
}

function Kept({ children }: { children: ReactElement }) {
  // What the server rendered, while the part still is its HTML; null once released (or never kept).
  const server = useRef<ReactElement | null>(hydrating ? children : null);
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  const kept = server.current;
  if (!kept) return children;
  // A new promise each time, never settled: nothing keeps this component alive once it is gone.
  if (sameElement(kept, children)) throw new Promise<never>(() => {});
  // Released: hydrate the server's HTML with the server's props, then render the current ones.
  server.current = null;
  queueMicrotask(renderAgain);
  return kept;
}

/** Kept as the server's HTML while hydrating (see above); `children`: one element, pure. */
export function StaticPart({ children }: { children: ReactElement }) {
  return (
    <InStaticPart value={true}>
      <Suspense fallback={null}>
        <Kept>{children}</Kept>
      </Suspense>
    </InStaticPart>
  );
}
