import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDRESS_FORM_RULES, composeAddress, LOGIN_RULES, PROFILE_RULES } from './account-rules.ts';
import { loginSchema, profileSchema, signupSchema } from './schemas/account.ts';
import { SIGNUP_RULES } from './signup-rules.ts';
import { checkForm, type FormRules, type FormValues } from './text-rules.ts';

/** What zod says of the same values, in checkForm's shape: the first issue, or the parsed data. */
function zodAnswer(schema: { safeParse: (v: unknown) => any }, values: unknown) {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  return { ok: false, field: issue.path.join('.'), message: issue.message };
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
  ),
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
      message: 'Please enter your room or house number',
    });
    expect(checkForm(ADDRESS_FORM_RULES, { ...form, state: ' Maharashtra ' })).toEqual({
      ok: true,
      data: { ...form, state: 'Maharashtra' },
    });
  });
});
