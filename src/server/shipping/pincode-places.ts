/**
 * The offline pincode directory (src/common/pincodes.txt) on the server, for the manual courier's
 * serviceability: a pincode in it is a real post office's, one the India Post and private couriers
 * reach. Read once, on the first check (150 KB, a few milliseconds), as invoices/delivery-state.ts does.
 */
import { readFileSync } from 'node:fs';
import { type Place, parseDirectory } from '../../common/pincode-directory.ts';

const DIRECTORY = new URL('../../common/pincodes.txt', import.meta.url);

let directory: Map<string, Place> | undefined;

export function pincodePlace(pincode: string): Place | null {
  directory ??= parseDirectory(readFileSync(DIRECTORY, 'utf8'));
  return directory.get(pincode) ?? null;
}

/** The delivery pincode of an address: the last six-digit number in it ("400 001" too), or null. */
export function addressPincode(address: string): string | null {
  const found = [...address.matchAll(/(?<![0-9])([1-9][0-9]{2}) ?([0-9]{3})(?![0-9])/g)].at(-1);
  return found ? `${found[1]}${found[2]}` : null;
}
