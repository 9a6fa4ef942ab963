import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDRESS_FORM_RULES, composeAddress, LOGIN_RULES, MESSAGES, PROFILE_RULES } from './account-rules.ts';
import { loginSchema, profileSchema, signupSchema } from './schemas/account.ts';
import { placeOrderSchema } from './schemas/order.ts';
import { SIGNUP_RULES } from './signup-rules.ts';
import { PLAIN_MESSAGES } from './text.ts';
import { checkForm, checkText, type FormRules, type FormValues } from './text-rules.ts';

/** What zod says of the same values, in checkForm's shape: the first issue, or the parsed data. */
function zodAnswer(schema: { safeParse: (v: unknown) => any }, values: unknown) {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  // Every wrong field, with its first message (the form marks them all: decision 015).
  const fields: Record<string, string> = {};
  for (const i of result.error.issues) fields[i.path.join('.')] ??= i.message;
  return { ok: false, field: issue.path.join('.'), message: issue.message, fields };
}

/** Texts near every rule's edges: lengths around the limits, spaces around, digits, "@" and ".", common passwords. */
const text = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'A',
    'Asha',
    ' Asha Rao ',
    '9876543210',
    ' 9876543210 ',
    '987654321',
    '98765432100',
    '98765abcde',
    '٩٨٧٦٥٤٣٢١٠',
    'asha@example.com',
    ' asha@example.com ',
    'asha@example',
    'asha-at-example',
    '@x.y',
    'a b@c.d',
    '12, Lotus Residency, Pune',
    'too short',
    '1234567',
    'long-enough-1',
    ' long-enough ',
    'password1',
    'PassWord123',
    'sunshine',
    // Text that reaches paper: line breaks, tabs, controls, separators, bidi overrides, runs of spaces.
    'Asha\nRao',
    ' Asha\r\nRao ',
    'Asha\tRao',
    'Asha   Rao',
    'Asha\u00a0\u00a0 Rao',
    '12,  Lotus   Residency,\u3000Pune',
    'A\u0000B',
    'Asha\u0085',
    'Asha\u007f',
    '\u202eoaR ahsA',
    'Asha\u2066Rao\u2069',
    'Asha\u2028Rao',
    `Flat 1${'\n'.repeat(200)}Pune`,
    'COLLECT ₹0 (PAID)',
    'PAID - DO NOT COLLECT',
    ' \n ',
  ),
  fc.string({ maxLength: 12, unit: 'binary' }),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(' ', '  ', '\t', '\n', '\u2029', '\u202d', '\u00a0'))
    .map(([a, b]) => `${a}${b}${a}`),
  fc.string({ maxLength: 12 }),
  fc.string({ maxLength: 12, unit: 'grapheme' }),
  fc.stringMatching(/^\s{0,2}[0-9]{9,11}\s{0,2}$/),
  fc.emailAddress().map((e) => ` ${e}`),
  fc.integer({ min: 0, max: 320 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 0, max: 130 }).map((n) => `${'p'.repeat(n)} `),
);

function sameAnswers<R extends FormRules>(
  rules: R,
  schema: { safeParse: (v: unknown) => any },
  values: fc.Arbitrary<FormValues<R>>,
) {
  fc.assert(
    fc.property(values, (v) => {
      expect(checkForm(rules, v)).toEqual(zodAnswer(schema, v));
    }),
    { numRuns: 2000 },
  );
}

describe('the browser reads the account rules as the server’s zod schemas do', () => {
  it('sign-up', () => {
    sameAnswers(
      SIGNUP_RULES,
      signupSchema,
      fc.record({ name: text, number: text, email: text, address: text, password: text }),
    );
  });
  it('log in', () => {
    sameAnswers(LOGIN_RULES, loginSchema, fc.record({ number: text, password: text }));
  });
  it('profile, its address list included (items first, then how many)', () => {
    sameAnswers(
      PROFILE_RULES,
      profileSchema,
      fc.record({
        name: text,
        number: text,
        email: text,
        addresses: fc.oneof(fc.array(text, { maxLength: 3 }), fc.array(text, { minLength: 19, maxLength: 22 })),
      }),
    );
  });
});

describe('text that reaches paper is plain (issue 26)', () => {
  const signup = {
    name: 'Asha Rao',
    number: '9876543210',
    email: 'asha@example.com',
    address: '12, Lotus Residency, near City Mall, Pune - 411001, Maharashtra',
    password: 'long-enough-1',
  };
  const profile = { name: 'Asha Rao', number: '9876543210', email: 'asha@example.com', addresses: [signup.address] };
  const REFUSED = [
    'Asha\nRao',
    'Asha\r\nRao',
    'Asha\tRao',
    'Asha\u0000Rao',
    'Asha\u001bRao',
    'Asha\u007fRao',
    'Asha\u0085Rao',
    'Asha\u2028Rao',
    'Asha\u2029Rao',
    '\u202eoaR ahsA',
    'Asha\u202aRao',
    'Asha\u2066Rao\u2069',
    'Asha\u2068Rao',
  ];

  it.each(REFUSED)('sign-up, profile and checkout refuse %j in a name or an address, with one message', (bad) => {
    const message = PLAIN_MESSAGES.line;
    const padded = `${bad}, Lotus Residency, Pune - 411001`;
    expect(signupSchema.safeParse({ ...signup, name: bad }).error?.issues[0]?.message).toBe(message);
    expect(signupSchema.safeParse({ ...signup, address: padded }).error?.issues[0]?.message).toBe(message);
    expect(checkForm(SIGNUP_RULES, { ...signup, name: bad })).toEqual({
      ok: false,
      field: 'name',
      message,
      fields: { name: message },
    });
    expect(profileSchema.safeParse({ ...profile, name: bad }).error?.issues[0]?.message).toBe(message);
    expect(profileSchema.safeParse({ ...profile, addresses: [signup.address, padded] }).error?.issues[0]).toMatchObject(
      {
        message,
        path: ['addresses', 1],
      },
    );
    expect(
      placeOrderSchema.safeParse({ address: padded, idempotencyKey: 'abcdefgh-1' }).error?.issues[0]?.message,
    ).toBe(message);
    for (const part of ['room', 'building', 'landmark', 'city', 'state'] as const) {
      expect(checkText(ADDRESS_FORM_RULES[part], bad)).toEqual({ ok: false, field: '', message });
    }
  });

  it('folds runs of spaces into one, and keeps the folded value', () => {
    expect(signupSchema.parse({ ...signup, name: '  Asha   Rao ' }).name).toBe('Asha Rao');
    expect(signupSchema.parse({ ...signup, name: 'Asha\u00a0\u3000Rao' }).name).toBe('Asha Rao');
    expect(checkForm(SIGNUP_RULES, { ...signup, name: 'A   B' })).toMatchObject({ ok: true, data: { name: 'A B' } });
    expect(
      profileSchema.parse({ ...profile, name: 'A   B', addresses: ['12,   Lotus  Residency, Pune'] }),
    ).toMatchObject({
      name: 'A B',
      addresses: ['12, Lotus Residency, Pune'],
    });
    expect(
      placeOrderSchema.parse({ address: '12,    Lotus Residency,   Pune', idempotencyKey: 'abcdefgh-1' }).address,
    ).toBe('12, Lotus Residency, Pune');
    expect(checkText(ADDRESS_FORM_RULES.building, ' Lotus    Residency ')).toEqual({
      ok: true,
      value: 'Lotus Residency',
    });
  });

  it('measures the folded value: 300 characters of spaces between two words fit the address limit', () => {
    const address = `12, Lotus Residency,${' '.repeat(300)}Pune - 411001`;
    expect(signupSchema.parse({ ...signup, address }).address).toBe('12, Lotus Residency, Pune - 411001');
    // A name that is only spaces is still missing.
    expect(signupSchema.safeParse({ ...signup, name: ' \u00a0 ' }).error?.issues[0]?.message).toBe(MESSAGES.name);
  });

  it('keeps the existing messages and limits for everything else', () => {
    expect(signupSchema.safeParse({ ...signup, name: 'A' }).error?.issues[0]?.message).toBe(MESSAGES.name);
    expect(signupSchema.safeParse({ ...signup, name: 'A'.repeat(101) }).error?.issues[0]?.message).toBe(
      'Your name is too long',
    );
    expect(signupSchema.safeParse({ ...signup, address: 'x'.repeat(301) }).error?.issues[0]?.message).toBe(
      'This address is too long',
    );
    // Names that only look like an instruction are names: the label keeps them out of the cash box.
    expect(signupSchema.safeParse({ ...signup, name: 'COLLECT ₹0 (PAID)' }).success).toBe(true);
  });
});

describe('checkout address form (docs/product.md#better-11)', () => {
  const form = {
    room: '12',
    building: 'Lotus Residency',
    landmark: 'City Mall',
    city: 'Pune',
    pincode: '411001',
    state: 'Maharashtra',
  };
  it('composes the spec address format', () => {
    expect(composeAddress(form)).toBe('12, Lotus Residency, near City Mall, Pune - 411001, Maharashtra');
  });
  it('says "near" once when the shopper typed it, and keeps another word of place as typed (issue 34 item 13)', () => {
    const landmarks: Array<[string, string]> = [
      ['Near Hanuman Temple', 'near Hanuman Temple'],
      ['NEAR: Hanuman Temple', 'near Hanuman Temple'],
      ['near. Hanuman Temple', 'near Hanuman Temple'],
      ['Nearby Mall', 'near Nearby Mall'],
      ['Opp. Bus Stand', 'Opp. Bus Stand'],
      ['Behind Post Office', 'Behind Post Office'],
      ['Next to SBI', 'Next to SBI'],
      ['Near', 'Near'],
    ];
    for (const [landmark, said] of landmarks) {
      expect(composeAddress({ ...form, landmark })).toBe(`12, Lotus Residency, ${said}, Pune - 411001, Maharashtra`);
    }
  });
  it('requires a six-digit pincode not starting with 0', () => {
    expect(checkForm(ADDRESS_FORM_RULES, { ...form, pincode: '011001' })).toMatchObject({
      ok: false,
      field: 'pincode',
    });
    expect(checkForm(ADDRESS_FORM_RULES, { ...form, pincode: '41100' })).toMatchObject({ ok: false, field: 'pincode' });
    expect(checkForm(ADDRESS_FORM_RULES, form).ok).toBe(true);
  });
  it('requires every part, first in the form’s order, and keeps them trimmed', () => {
    expect(checkForm(ADDRESS_FORM_RULES, { ...form, room: ' ', city: '' })).toEqual({
      ok: false,
      field: 'room',
      message: 'Please enter your house or flat number',
      fields: { room: 'Please enter your house or flat number', city: 'Please enter your city' },
    });
    expect(checkForm(ADDRESS_FORM_RULES, { ...form, state: ' Maharashtra ' })).toEqual({
      ok: true,
      data: { ...form, state: 'Maharashtra' },
    });
  });
});
