import { describe, expect, it } from 'vitest';
import { PLAIN_MESSAGES } from '../text.ts';
import { loginSchema, MESSAGES, signupSchema } from './account.ts';

const valid = {
  name: 'Asha Rao',
  number: '9876543210',
  email: 'asha@example.com',
  address: '12, Lotus Residency, near City Mall, Pune - 411001, Maharashtra',
  password: 'long-enough-1',
};
const firstMessage = (input: unknown) => signupSchema.safeParse(input).error?.issues[0]?.message;

describe('signup rules in the order of docs/product.md#validation', () => {
  it('accepts a valid signup', () => {
    expect(signupSchema.safeParse(valid).success).toBe(true);
  });
  it('reports the first broken rule in spec order', () => {
    const allBad = { name: 'A', number: '12', email: 'x', address: 'short', password: 'short' };
    expect(firstMessage(allBad)).toBe(MESSAGES.name);
    expect(firstMessage({ ...allBad, name: 'Asha' })).toBe(MESSAGES.phone);
    expect(firstMessage({ ...valid, email: 'asha-at-example' })).toBe(MESSAGES.email);
    expect(firstMessage({ ...valid, address: 'too short' })).toBe(MESSAGES.address);
    expect(firstMessage({ ...valid, password: '1234567' })).toBe(MESSAGES.password);
  });
  it('rejects phone numbers that are not exactly ten digits', () => {
    for (const number of ['987654321', '98765432100', '98765abcde', '']) {
      expect(firstMessage({ ...valid, number })).toBe(MESSAGES.phone);
    }
  });
  it('refuses a name or an address with a line break before the fields after it, and folds spaces', () => {
    expect(firstMessage({ ...valid, name: 'Asha\nRao', number: '12' })).toBe(PLAIN_MESSAGES.line);
    expect(firstMessage({ ...valid, address: `${valid.address}\nPAID`, password: 'short' })).toBe(PLAIN_MESSAGES.line);
    expect(signupSchema.parse({ ...valid, name: 'A   B' }).name).toBe('A B');
  });
  it('gives the spec message for a missing field too', () => {
    const { name: _omit, ...noName } = valid;
    expect(firstMessage(noName)).toBe(MESSAGES.name);
    expect(loginSchema.safeParse({ number: '9876543210' }).error?.issues[0]?.message).toBe(MESSAGES.password);
  });
});
