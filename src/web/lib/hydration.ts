/**
 * The server's HTML made ready for Preact's hydration, and Preact's mismatches reported as
 * React reported them (docs/decisions/044-preact-in-the-browser.md). The server renders with
 * React's renderToString; the browser hydrates with preact/compat (vite.config.ts aliases).
 */

/** What #root held before hydrating: every element, and the text directly inside each. */
export interface ServerNodes {
  elements: Element[];
  texts: Map<Element, string>;
}

/** The texts directly inside `element`, joined (how many text nodes hold them does not show). */
function ownText(element: Element): string {
  let text = '';
  for (const child of element.childNodes) if (child instanceof Text) text += child.data;
  return text;
}

/**
 * Removes what React's renderToString adds for React's own hydration and Preact does not
 * expect: comment nodes (`<!--$-->`/`<!--/$-->` around a Suspense boundary, `<!-- -->` between
 * two texts, which stay two text nodes without it) and the `<link rel="preload">` tags React
 * hoists to the start of the HTML (the parser has acted on them by now). Preact skips neither:
 * each one before an element made it move that element (and so the whole header, main and
 * footer) in front of it, a relayout and a lost focus for a shopper typing in the search box.
 * Returns what #root holds after that, for `reportMismatches`.
 */
export function prepareServerHtml(root: HTMLElement): ServerNodes {
  for (const child of [...root.children]) if (child.localName === 'link') child.remove();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) comments.push(node);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  const elements = [...root.querySelectorAll('*')];
  // With scripts on, a <noscript>'s content is one text, which Preact drops (nothing visible).
  const texts = new Map(elements.filter((e) => e.localName !== 'noscript').map((e) => [e, ownText(e)] as const));
  return { elements, texts };
}

function describe(element: Element): string {
  const classes = element.getAttribute('class');
  return `<${element.localName}${classes ? ` class="${classes}"` : ''}>`;
}

/**
 * One slice's hydration (lib/hydration-slices.tsx), which runs after other parts of the page may have
 * been updated: only what it can have changed is compared. `connected`: the server's elements still
 * in the page just before it (one gone after it was made anew by it); `node`: the slice's element
 * (texts under it are still the server's until it is hydrated).
 */
export interface SliceScope {
  connected: Element[];
  node: Node | null;
}

/** The server's elements still in the page, taken just before a slice is hydrated. */
export function connectedNodes(nodes: ServerNodes): Element[] {
  return nodes.elements.filter((element) => element.isConnected);
}

/**
 * Preact hydrates silently: an element the first render does not match is made anew (the
 * server's is dropped) and a differing text is overwritten, with no error. Called right after
 * hydrating, before any effect or update has run (Preact hydrates synchronously), this logs what
 * differed as React's onRecoverableError did ("Hydration: …" in the console, which fails every
 * journey: tests/e2e/test.ts). Texts are compared per element, joined: an empty string in JSX
 * (`{place ? `, ${place}` : ''}`) is no node in React's HTML but one in Preact's render, which
 * then shifts each text into the node before it and adds one at the end: the same words.
 */
export function reportMismatches(nodes: ServerNodes, slice?: SliceScope): void {
  const replaced = (slice ? slice.connected : nodes.elements).filter((element) => !element.isConnected);
  const changed = [...nodes.texts].filter(
    ([element, text]) => element.isConnected && (!slice || slice.node?.contains(element)) && ownText(element) !== text,
  );
  if (replaced.length === 0 && changed.length === 0) return;
  const where = [
    ...replaced.slice(0, 3).map(describe),
    ...changed
      .slice(0, 3)
      .map(([element, text]) => `text "${text.slice(0, 40)}" became "${ownText(element).slice(0, 40)}"`),
  ];
  console.error(
    `Hydration: the first render differs from the server's HTML (${replaced.length} elements made anew, ${changed.length} texts changed): ${where.join('; ')}`,
  );
}
