/**
 * What an HSN code names, for GSTR-1's HSN summary (Table 12: "desc", which the offline tool takes
 * up to 30 characters; docs/product.md#the-books-credit-notes-and-gstr-1). A watch shop sells from
 * Chapter 91 of the Customs Tariff ("Clocks and watches and parts thereof", First Schedule to the
 * Customs Tariff Act, 1975, which the GST rate notifications' HSN follows): each heading's text
 * shortened to 30 characters in its own words, the longer code read by its heading (91130000 is
 * 9113's). A code outside the chapter has no description here and goes without one, as the portal
 * allows when the HSN is given.
 */

/** GSTR-1's limit for an HSN summary's description. */
export const HSN_DESCRIPTION_MAX = 30;

const HEADINGS: Readonly<Record<string, string>> = {
  // Wrist-watches, pocket-watches and other watches, including stop-watches, with case of precious metal
  '9101': 'Watches, precious metal case',
  // Wrist-watches, pocket-watches and other watches, including stop-watches, other than those of heading 9101
  '9102': 'Wrist-watches, pocket-watches',
  '9103': 'Clocks with watch movements',
  '9104': 'Instrument panel clocks',
  '9105': 'Other clocks',
  // Time of day recording apparatus and apparatus for measuring ... intervals of time
  '9106': 'Time recording apparatus',
  '9107': 'Time switches',
  '9108': 'Watch movements, assembled',
  '9109': 'Clock movements, assembled',
  // Complete watch or clock movements, unassembled or partly assembled (movement sets) ...
  '9110': 'Movement sets, unassembled',
  '9111': 'Watch cases and parts',
  '9112': 'Clock cases and parts',
  // Watch straps, watch bands and watch bracelets, and parts thereof
  '9113': 'Watch straps, bands, bracelets',
  '9114': 'Other clock or watch parts',
};

/** The description of `hsn` (4 to 8 digits) for GSTR-1, at most 30 characters; '' when not known. */
export function hsnDescription(hsn: string): string {
  return HEADINGS[hsn.slice(0, 4)] ?? '';
}
