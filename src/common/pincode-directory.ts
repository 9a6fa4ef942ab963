/**
 * The offline pincode directory's one reader (scripts/build-pincodes.ts writes it;
 * src/common/pincodes.txt). The checkout's address form reads it to fill city and
 * state; the server reads it to find an order's delivery state for its invoice (docs/product.md#invoice).
 */
export interface Place {
  district: string;
  state: string;
}

/** pincodes.txt: one line per district, "district|state|pincode pincode …". */
export function parseDirectory(text: string): Map<string, Place> {
  const map = new Map<string, Place>();
  for (const line of text.split('\n')) {
    const [district, state, pins] = line.split('|');
    if (!district || !state || !pins) continue;
    const place = { district, state };
    for (const pin of pins.split(' ')) map.set(pin, place);
  }
  return map;
}
