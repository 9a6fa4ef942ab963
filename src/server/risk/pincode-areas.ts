/**
 * Pincodes and their districts (the offline directory, src/common/pincodes.txt) for the risk
 * signals: the pincode's place (does it exist, which state) and every pincode of its district, so
 * a district's return rate is its pincodes' kept counts (pincode-outcomes.ts). Read once,
 * on the first order placed (150 KB, a few milliseconds), as shipping/pincode-places.ts does; kept
 * apart from it because shipping sits above orders, and orders call this folder.
 */
import { readFileSync } from 'node:fs';
import { type Place, parseDirectory } from '../../common/pincode-directory.ts';

const DIRECTORY = new URL('../../common/pincodes.txt', import.meta.url);

interface Areas {
  places: Map<string, Place>;
  /** "district|state" → its pincodes. */
  districts: Map<string, string[]>;
}

let areas: Areas | undefined;

function load(): Areas {
  if (areas) return areas;
  const places = parseDirectory(readFileSync(DIRECTORY, 'utf8'));
  const districts = new Map<string, string[]>();
  for (const [pin, place] of places) {
    const key = `${place.district}|${place.state}`;
    districts.set(key, [...(districts.get(key) ?? []), pin]);
  }
  areas = { places, districts };
  return areas;
}

export function placeOfPincode(pincode: string): Place | null {
  return load().places.get(pincode) ?? null;
}

/** The pincodes of the district a pincode is in (itself among them), or [] for one the directory lacks. */
export function districtPincodes(pincode: string): string[] {
  const place = placeOfPincode(pincode);
  return place ? (load().districts.get(`${place.district}|${place.state}`) ?? []) : [];
}
