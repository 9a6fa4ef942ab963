/**
 * Pincode -> district and state, from the offline directory shipped with the
 * app (scripts/build-pincodes.ts). The directory is a separate chunk, fetched
 * only the first time a pincode is looked up on the checkout screen.
 */
export interface Place {
  district: string;
  state: string;
}

let index: Promise<Map<string, Place>> | undefined;

function load(): Promise<Map<string, Place>> {
  index ??= import('./pincodes.txt?raw').then(
    (module) => parseDirectory(module.default),
    (err: unknown) => {
      index = undefined; // a dropped connection: try again next time
      throw err;
    },
  );
  return index;
}

export async function lookupPincode(pincode: string): Promise<Place | null> {
  return (await load()).get(pincode) ?? null;
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
