/**
 * Account rules of docs/product.md#validation, written once with their exact messages, as plain
 * data (text-rules.ts): the shopper forms check them as they are, and the
 * server's zod schemas (schemas/account.ts) are built from them. Fields are
 * listed in the spec's order, which decides whose message is shown first.
 * A new password's rule is in signup-rules.ts, apart, so that log in and the
 * profile form do not download the common-password list.
 */
import { ADDRESS_MIN, NAME_MIN, PASSWORD_MIN, PHONE_LENGTH } from './constants.ts';
import { type FormValues, type ListRule, lengthRule, type TextRule } from './text-rules.ts';

export const MESSAGES = {
  name: 'Please enter your name!',
  phone: 'Please provide a valid phone number',
  email: 'Please provide a valid email address',
  address: 'Please provide a valid address',
  password: `Your password should contain at least ${PASSWORD_MIN} characters`,
} as const;

// Names and addresses are printed on the label and the invoice and go into mails and the CSV: plain
// text on one line (TextRule.plain; docs/product.md#validation).
export const NAME_RULE = lengthRule(NAME_MIN, 100, MESSAGES.name, 'Your name is too long', { plain: 'line' });

export const PHONE_RULE: TextRule = {
  message: MESSAGES.phone,
  trim: true,
  checks: [{ pattern: new RegExp(`^[0-9]{${PHONE_LENGTH}}$`), message: MESSAGES.phone }],
};

/** docs/product.md#validation: non-empty with "@" and "."; we also insist on something either side of "@". */
export const EMAIL_RULE: TextRule = {
  message: MESSAGES.email,
  trim: true,
  checks: [
    { max: 254, message: MESSAGES.email },
    { pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: MESSAGES.email },
  ],
};

export const ADDRESS_RULE = lengthRule(ADDRESS_MIN, 300, MESSAGES.address, 'This address is too long', {
  plain: 'line',
});

/** The length rule alone: what log in checks, so an account made before the common-password list still logs in. */
export const LOGIN_PASSWORD_RULE = lengthRule(
  PASSWORD_MIN,
  128,
  MESSAGES.password,
  'Your password should be at most 128 characters',
  { trim: false },
);

export const ADDRESSES_RULE: ListRule = {
  message: MESSAGES.address,
  item: ADDRESS_RULE,
  checks: [
    { min: 1, message: 'Keep at least one address' },
    { max: 20, message: 'At most 20 addresses' },
  ],
};

export const LOGIN_RULES = { number: PHONE_RULE, password: LOGIN_PASSWORD_RULE };
export const PROFILE_RULES = { name: NAME_RULE, number: PHONE_RULE, email: EMAIL_RULE, addresses: ADDRESSES_RULE };

const LINE = { plain: 'line' } as const;

/**
 * Checkout address form (docs/product.md#better-11): every field filled, pincode six digits
 * not starting with 0, each part plain text on one line. Only the browser checks the parts; the
 * server checks the one-line address they compose (ADDRESS_RULE).
 */
export const ADDRESS_FORM_RULES = {
  room: lengthRule(1, 60, 'Please enter your house or flat number', 'Your house or flat number is too long', LINE),
  building: lengthRule(
    1,
    100,
    'Please enter your building, street or area',
    'Your building, street or area is too long',
    LINE,
  ),
  landmark: lengthRule(1, 100, 'Please enter a landmark', 'This landmark is too long', LINE),
  city: lengthRule(1, 60, 'Please enter your city', 'This city name is too long', LINE),
  pincode: {
    message: 'Please enter a valid 6-digit pincode',
    trim: true,
    checks: [{ pattern: /^[1-9][0-9]{5}$/, message: 'Please enter a valid 6-digit pincode' }],
  },
  state: lengthRule(1, 60, 'Please enter your state', 'This state name is too long', LINE),
} satisfies Record<string, TextRule>;
export type AddressForm = FormValues<typeof ADDRESS_FORM_RULES>;

/** Address format (docs/product.md#entities): 'room, building, near landmark, city - pincode, state'. */
export function composeAddress(a: AddressForm): string {
  return `${a.room}, ${a.building}, ${landmarkPhrase(a.landmark)}, ${a.city} - ${a.pincode}, ${a.state}`;
}

/** A typed "Near …" (any case, with or without a stop or colon after it). */
const TYPED_NEAR = /^near\b[\s.,:;-]*/i;
/** Landmarks that already say where the place is ("Opp. Bus Stand", "Behind Post Office"). */
const PLACE_WORD = /^(near|opp\.?|opposite|behind|beside|besides|next to|in front of|adjacent to|close to|across)\b/i;

/**
 * The landmark part of the address: "near …", said once. Shoppers often type the word themselves
 * ("Near Hanuman Temple" printed "near Near Hanuman Temple" on the checkout, label, invoice, credit
 * note and courier booking, issue 34 item 13), or another word of place, which is kept as typed.
 */
export function landmarkPhrase(landmark: string): string {
  const typed = landmark.trim();
  const near = TYPED_NEAR.exec(typed);
  const rest = near ? typed.slice(near[0].length) : '';
  if (rest) return `near ${rest}`;
  return PLACE_WORD.test(typed) ? typed : `near ${typed}`;
}
