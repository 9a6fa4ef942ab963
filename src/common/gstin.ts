/**
 * The shop's GST identification number (SHOP_GSTIN; docs/product.md#invoice): 15 characters, the state
 * code (2 digits), the PAN (5 letters, 4 digits, 1 letter), the registration's number within the state
 * (1 letter or digit), the letter Z, and a check character. The check character is the GST Network's
 * published mod-36 scheme (a Luhn "mod N" over 0-9A-Z): each of the first 14 characters' value (0-9,
 * A=10 … Z=35) is multiplied by 1, 2, 1, 2 … from the left, each product's base-36 digits are added,
 * and the check is (36 − sum mod 36) mod 36.
 */
import { gstStateByCode } from './gst-states.ts';

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][0-9A-Z]Z[0-9A-Z]$/;

/** The check character the first 14 characters call for. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CHARS.indexOf(first14[i] ?? '');
    if (value < 0) throw new Error(`not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

/** Why a GSTIN is not valid, or null when it is (upper case expected). */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_SHAPE.test(gstin)) {
    return 'must be 15 characters: state code, PAN, entity number, Z and a check character (e.g. 27AAPFU0939F1ZV)';
  }
  if (!gstStateByCode(gstin.slice(0, 2))) return `starts with ${gstin.slice(0, 2)}, which is no GST state code`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return 'has a wrong check character (the last one): please check it for a typing mistake';
  }
  return null;
}
