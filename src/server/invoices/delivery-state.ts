/**
 * The state an order is delivered to: its invoice's place of supply (docs/product.md#invoice).
 * Addresses are one line, 'room, building, near landmark, city - pincode, state' from the checkout
 * (common/account-rules.ts composeAddress), but an address saved at sign-up is free text. So:
 * 1. a pincode in the address (the last six-digit number, "400 001" too) found in the offline pincode
 *    directory gives the state: the courier goes by the pincode, so it wins over a typed state name;
 * 2. else a state's name (or an older spelling: Orissa, Pondicherry) at the end of the address;
 * 3. else null: the dispatch asks the owner to choose the state (orders/order-changes.ts).
 * The directory predates two changes, mended here: Leh and Kargil are Ladakh (38) since 2019, and
 * Dadra and Nagar Haveli and Daman and Diu are one code (26) since 2020 (common/gst-states.ts).
 */
import { readFileSync } from 'node:fs';
import { type GstState, gstStateByCode, gstStateByName, STATE_SPELLINGS } from '../../common/gst-states.ts';
import { type Place, parseDirectory } from '../../common/pincode-directory.ts';

const DIRECTORY = new URL('../../common/pincodes.txt', import.meta.url);
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

let directory: Map<string, Place> | undefined;
function pincodes(): Map<string, Place> {
  // Read once, on the first dispatch (150 KB, a few milliseconds).
  directory ??= parseDirectory(readFileSync(DIRECTORY, 'utf8'));
  return directory;
}

function stateOfPlace(place: Place): GstState | null {
  if (LADAKH_DISTRICTS.has(place.district)) return gstStateByCode('38');
  return gstStateByName(place.state);
}

export function stateFromPincode(address: string): GstState | null {
  const found = [...address.matchAll(/(?<![0-9])([1-9][0-9]{2}) ?([0-9]{3})(?![0-9])/g)];
  for (const match of found.reverse()) {
    const place = pincodes().get(`${match[1]}${match[2]}`);
    if (place) return stateOfPlace(place);
  }
  return null;
}

/** Longest names first, so "Dadra and Nagar Haveli and Daman and Diu" is read whole. */
const SPELLINGS = [...STATE_SPELLINGS].sort((a, b) => b[0].length - a[0].length);

export function stateFromName(address: string): GstState | null {
  // The end of the address without a country, a pincode or punctuation: "…, Pune, Maharashtra 411001, India."
  const end = address
    .toLowerCase()
    .replace(/[\s,.;:-]*(india|bharat)?[\s,.;:-]*$/, '')
    .replace(/[\s,.;:-]*[0-9 ]*$/, '')
    .replace(/\s+/g, ' ');
  for (const [spelling, state] of SPELLINGS) {
    if (end === spelling || (end.endsWith(spelling) && !/\p{L}/u.test(end[end.length - spelling.length - 1]!))) {
      return state;
    }
  }
  return null;
}

/** The delivery state of an address, or null when neither its pincode nor its last words name one. */
export function deliveryState(address: string): GstState | null {
  return stateFromPincode(address) ?? stateFromName(address);
}
