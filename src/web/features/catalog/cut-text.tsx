/**
 * A text cut to one length on wide screens and a shorter one on narrow screens
 * (docs/product.md#limits-and-constants: under 800 px, NARROW_MAX_WIDTH). Both
 * cuts are in the HTML and the style sheet shows one (catalog.css), so the
 * server's page is right at every width and nothing changes once the app runs.
 */
import { truncate } from '../../../common/text.ts';

export function CutText({ text, lengths }: { text: string; lengths: { narrow: number; wide: number } }) {
  const wide = truncate(text, lengths.wide);
  const narrow = truncate(text, lengths.narrow);
  if (wide === narrow) return wide;
  return (
    <>
      <span className="cut-wide">{wide}</span>
      <span className="cut-narrow">{narrow}</span>
    </>
  );
}
