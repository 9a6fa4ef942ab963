/**
 * Pincode -> district and state, from the offline directory shipped with the
 * app (scripts/build-pincodes.ts). The directory is a separate chunk, fetched
 * only the first time a pincode is looked up on the checkout screen.
 */
import { type Place, parseDirectory } from '../../../../common/pincode-directory.ts';

let index: Promise<Map<string, Place>> | undefined;

function load(): Promise<Map<string, Place>> {
  index ??= import('../../../../common/pincodes.txt?raw').then(
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
