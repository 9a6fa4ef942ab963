/**
 * Layout checks the journeys share: nothing wider than the screen (or its
 * dialog), no word split across lines, and messages shown where the shopper
 * can see them. Each reports the offending elements, so a failure says what to fix.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** A phone as the shop's shoppers hold it. */
export const PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * Nothing inside `scope` (the whole page by default, or a dialog) reaches past
 * its right or left edge, and it does not scroll sideways. Elements inside a
 * sideways-scrolling strip within the scope (the category tabs, the banner
 * carousel) are checked as the strip: the strip must fit, its content may scroll.
 */
export async function expectNothingOverflows(page: Page, scope?: Locator): Promise<void> {
  const root = scope ? await scope.elementHandle() : await page.$('body');
  if (!root) throw new Error('expectNothingOverflows: the scope is not on the page');
  const problems = await root.evaluate((rootEl: Element) => {
    const isPage = rootEl === document.body;
    const box = rootEl.getBoundingClientRect();
    const left = isPage ? 0 : box.left;
    const right = isPage ? document.documentElement.clientWidth : box.left + rootEl.clientLeft + rootEl.clientWidth;
    const out: string[] = [];
    const scroller = isPage ? document.documentElement : rootEl;
    if (scroller.scrollWidth > scroller.clientWidth + 1) {
      out.push(`scrolls sideways: ${scroller.scrollWidth}px of content in ${scroller.clientWidth}px`);
    }
    const name = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls =
        typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
    };
    /** Inside a clipping or scrolling box that itself sits inside the root: that box is what must fit. */
    const clippedWithin = (el: Element) => {
      for (let a = el.parentElement; a && a !== rootEl; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const el of rootEl.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (rect.right <= right + 1 && rect.left >= left - 1) continue;
      if (clippedWithin(el)) continue;
      out.push(
        `${name(el)} spans ${Math.round(rect.left)}–${Math.round(rect.right)}px, room is ${Math.round(left)}–${Math.round(right)}px`,
      );
    }
    return out.slice(0, 12);
  });
  expect(
    problems,
    `wider than ${scope ? 'its dialog' : 'the screen'} at ${page.viewportSize()?.width}px (${page.url()})`,
  ).toEqual([]);
}

/**
 * No word of up to 20 letters or digits is split across two lines ("Chronograp|h",
 * "E|d|i|t"): text must wrap between words. Longer runs (an e-mail, a pasted
 * link) may be split as a last resort.
 */
export async function expectNoBrokenWords(page: Page, scope?: Locator): Promise<void> {
  const root = scope ? await scope.elementHandle() : await page.$('body');
  if (!root) throw new Error('expectNoBrokenWords: the scope is not on the page');
  const broken = await root.evaluate((rootEl: Element) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(rootEl, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!text.trim() || !node.parentElement || node.parentElement.closest('svg, script, style')) continue;
      for (const match of text.matchAll(/[\p{L}\p{N}]{2,20}/gu)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) out.push(`"${match[0]}" in "${text.trim().slice(0, 50)}"`);
      }
    }
    return out.slice(0, 12);
  });
  expect(broken, `words split across lines at ${page.viewportSize()?.width}px (${page.url()})`).toEqual([]);
}

/** The screen and its words fit: the two checks above, for the page or a dialog. */
export async function expectFits(page: Page, scope?: Locator): Promise<void> {
  await expectNothingOverflows(page, scope);
  await expectNoBrokenWords(page, scope);
}

/**
 * `locator` is visible and wholly inside the viewport (and inside `within`, e.g.
 * a dialog that scrolls), so a shopper sees it without scrolling.
 */
export async function expectInView(locator: Locator, within?: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  // Waits for the page to settle where it will stay: the message is where the shopper is looking.
  await expect(locator).toBeInViewport({ ratio: 1 });
  if (within) {
    const [inner, outer] = await Promise.all([locator.boundingBox(), within.boundingBox()]);
    if (!inner || !outer) throw new Error('expectInView: no box');
    expect(inner.y, 'the message starts inside its dialog').toBeGreaterThanOrEqual(outer.y - 1);
    expect(inner.y + inner.height, 'the message ends inside its dialog').toBeLessThanOrEqual(
      outer.y + outer.height + 1,
    );
    expect(inner.x + inner.width, 'the message fits its dialog').toBeLessThanOrEqual(outer.x + outer.width + 1);
  }
}

/**
 * Saves `name` at 360×740 and 1280×800 under test-results/screenshots/: the
 * visible screen (not the full page), scrolled to `show` when given.
 */
export async function viewportShots(page: Page, name: string, show?: Locator): Promise<void> {
  const before = page.viewportSize();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // Centred: "if needed" counts a result under the sticky header as shown, and a resize keeps
    // the old scroll position, which can leave the result off the new screen.
    if (show) {
      await show.evaluate((element) => {
        const fits = element.getBoundingClientRect().height < window.innerHeight - 120;
        if (fits) element.scrollIntoView({ block: 'center' });
        else window.scrollTo({ top: window.scrollY + element.getBoundingClientRect().top - 80 });
      });
    }
    await page.screenshot({ path: `test-results/screenshots/${name}-${size.width}.png` });
  }
  if (before) await page.setViewportSize(before);
}
