/**
 * What an address says about a cash-on-delivery order (issue 35 item 1; docs/decisions/059-cod-risk-tiers.md):
 * a fifth of returns trace to a wrong or vague address. Pure functions of the one-line address the
 * order keeps, read as the checkout writes it today, 'room, building, near landmark, city - pincode,
 * state' (common/account-rules.ts composeAddress), or as free text saved at sign-up. Whatever a
 * shopper typed is only read here, never echoed into a reason: the reasons name the signal, not the text.
 */
import { deliveryPlace } from '../../common/delivery-place.ts';
import { gstStateByName } from '../../common/gst-states.ts';
import type { Place } from '../../common/pincode-directory.ts';

/** The address's parts between commas, trimmed, empty ones dropped. */
function parts(address: string): string[] {
  return address
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** Every six-digit pincode ("400 001" too) out of the text, so what is left is the rest. */
const PINCODES = /(?<![0-9])[1-9][0-9]{2} ?[0-9]{3}(?![0-9])/g;

/**
 * A house, flat, plot or shop number: a digit anywhere but the pincode ("B-204", "12/3", "H.No 5"),
 * or a number written in words after a house word ("flat no. five" is rare; such a shopper reads the
 * medium advance at worst). Devanagari and other digits count too (\p{Nd}).
 */
export function hasHouseNumber(address: string): boolean {
  return /\p{Nd}/u.test(address.replace(PINCODES, ''));
}

/** Words of place a landmark starts with ("near", "opp.", "behind"…), as composeAddress keeps them. */
const PLACE_WORD =
  /^(near|opp\.?|opposite|behind|beside|besides|next to|in front of|adjacent to|close to|across)\b[\s.,:;-]*/i;
/** What shoppers type when they have no landmark to give. */
const NO_LANDMARK = new Set([
  'na',
  'n a',
  'nil',
  'none',
  'no',
  'nothing',
  'not applicable',
  'home',
  'house',
  'my house',
  'here',
  'there',
  'same',
  'same as above',
  'xyz',
  'abc',
  'test',
]);

/**
 * A landmark a courier can ask a passer-by about: a part of the address that starts with a word of
 * place and names something of at least three letters that is not a filler ("near NA", "near -").
 */
export function hasUsableLandmark(address: string): boolean {
  for (const part of parts(address)) {
    const word = PLACE_WORD.exec(part);
    if (!word) continue;
    const named = part
      .slice(word[0].length)
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if ((named.match(/\p{L}/gu)?.length ?? 0) >= 3 && !NO_LANDMARK.has(named)) return true;
  }
  return false;
}

export type PincodeAgreement = 'agrees' | 'no_pincode' | 'unknown_pincode' | 'other_state';

/** The state named at the end of the address (the checkout's last part), or null when none is. */
function typedState(address: string): string | null {
  const last = parts(address).at(-1);
  if (!last) return null;
  const text = last.toLowerCase().replace(PINCODES, '').replace(/\s+/g, ' ').trim();
  // Every spelling the invoices read (Orissa, Pondicherry…).
  return gstStateByName(text)?.name ?? null;
}

/**
 * Whether the pincode is a real post office's (the offline directory) in the state the shopper
 * named. The city is not compared: a city and its pincode's district differ too often to be a
 * warning (Navi Mumbai is in Thane district, Gurugram's pincodes are Gurgaon's); the courier goes
 * by the pincode and the state catches a pincode typed for another part of India.
 */
export function pincodeAgreement(address: string, place: (pincode: string) => Place | null): PincodeAgreement {
  const { pincode } = deliveryPlace(address);
  if (!pincode) return 'no_pincode';
  const found = place(pincode);
  if (!found) return 'unknown_pincode';
  const state = typedState(address);
  const directoryState = gstStateByName(found.state)?.name ?? found.state;
  // Leh and Kargil are Ladakh since 2019; the directory still says Jammu and Kashmir.
  if (state && state !== directoryState && !(state === 'Ladakh' && directoryState === 'Jammu and Kashmir')) {
    return 'other_state';
  }
  return 'agrees';
}

/** Rows of a keyboard, for runs like "asdf" or "qwerty" typed to fill a field. */
const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890'];

const ROWS_BOTH_WAYS = [...KEYBOARD_ROWS, ...KEYBOARD_ROWS.map((row) => [...row].reverse().join(''))];

/**
 * Five keys in a row anywhere ("qwerty", "asdfgh"), or a word that is four of them ("asdf"): four
 * anywhere would brand "property" and "liberty" (e-r-t-y).
 */
function keyboardRun(word: string): boolean {
  if (word.length === 4) return ROWS_BOTH_WAYS.some((row) => row.includes(word));
  for (let i = 0; i + 5 <= word.length; i++) {
    const run = word.slice(i, i + 5);
    if (ROWS_BOTH_WAYS.some((row) => row.includes(run))) return true;
  }
  return false;
}

/**
 * Repeated or random characters: a character four times in a row ("aaaa", "1111"), a keyboard run
 * ("asdf", "qwerty"), a Latin word of seven or more letters with no vowel
 * ("xvbnmkl"; Indian words in Latin letters have vowels, and scripts other than Latin are never
 * judged by vowels), a word said three times over, or an address made of very few distinct letters.
 */
export function looksRandom(address: string): boolean {
  const text = address.normalize('NFKC').toLowerCase().replace(PINCODES, ' ');
  if (/(\p{L}|\p{N})\1{3,}/u.test(text)) return true;
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
  const latin = words.filter((w) => /^[a-z]+$/.test(w));
  if (latin.some((w) => keyboardRun(w))) return true;
  if (latin.some((w) => w.length >= 7 && !/[aeiouy]/.test(w))) return true;
  const seen = new Map<string, number>();
  for (const w of words) {
    if (w.length < 3) continue;
    const n = (seen.get(w) ?? 0) + 1;
    if (n >= 3) return true;
    seen.set(w, n);
  }
  const letters = text.match(/\p{L}/gu) ?? [];
  return letters.length >= 12 && new Set(letters).size <= 4;
}

/**
 * The address as a key for "the same address on many accounts": letters and digits only, case and
 * spacing and punctuation folded (NFKC, so full-width digits and look-alike forms fold too), a
 * typed "near" dropped. Two accounts that typed one flat the same way meet here; at most 200 characters.
 */
export function addressKey(address: string): string {
  return address
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\bnear\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .slice(0, 200);
}
