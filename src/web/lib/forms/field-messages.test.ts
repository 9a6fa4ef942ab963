import { describe, expect, it } from 'vitest';
import { LOGIN_RULES } from '../../../common/account-rules.ts';
import { newAdminSchema } from '../../../common/schemas/admin.ts';
import { productFormSchema } from '../../../common/schemas/product.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { ApiError } from '../api-client.ts';
import { callFailure, fieldMessages, readCheck } from './field-messages.ts';

describe('fieldMessages', () => {
  it('keeps the first message of each field, in the order of the issues, with list items by index', () => {
    const fields = fieldMessages([
      { path: ['name'], message: 'Please enter the product name' },
      { path: ['name'], message: 'The name is too long' },
      { path: ['features', 1, 'name'], message: 'Too long' },
      { path: [], message: 'The form' },
    ]);
    expect(fields).toEqual({ name: 'Please enter the product name', 'features.1.name': 'Too long', '': 'The form' });
    expect(Object.keys(fields)).toEqual(['name', 'features.1.name', '']);
  });
});

describe('readCheck', () => {
  it("reads the shared rules' answer: the first broken rule on its field, or the trimmed data", () => {
    expect(readCheck(checkForm(LOGIN_RULES, { number: '12', password: 'long enough' }))).toEqual({
      failure: {
        message: 'Please provide a valid phone number',
        fields: { number: 'Please provide a valid phone number' },
      },
    });
    expect(readCheck(checkForm(LOGIN_RULES, { number: ' 9000000001 ', password: 'long enough' }))).toEqual({
      data: { number: '9000000001', password: 'long enough' },
    });
  });

  it('reads a zod answer: every bad field, the first issue as the message', () => {
    const checked = readCheck(newAdminSchema.safeParse({ username: '', password: 'short' }));
    if (!('failure' in checked)) throw new Error('expected a failure');
    expect(Object.keys(checked.failure.fields)).toEqual(['username', 'password']);
    expect(checked.failure.message).toBe(checked.failure.fields.username);
    expect(readCheck(newAdminSchema.safeParse({ username: 'second.admin', password: 'a-long-admin-pass' }))).toEqual({
      data: { username: 'second.admin', password: 'a-long-admin-pass' },
    });
  });

  it('asks the admin form for the country of origin, in the same answer as the other fields', () => {
    const checked = readCheck(
      productFormSchema.safeParse({ name: '', category: 'women watch', countryOfOrigin: '  ' }),
    );
    if (!('failure' in checked)) throw new Error('expected a failure');
    expect(checked.failure.fields).toEqual({
      name: 'Please enter the product name',
      countryOfOrigin: 'Please enter the country of origin',
    });
  });
});

describe('callFailure', () => {
  it("gives the server's message and fields, and a general message for anything else", () => {
    const err = new ApiError(409, 'conflict', 'That username is already taken', {
      username: 'That username is already taken',
    });
    expect(callFailure(err)).toEqual({
      message: 'That username is already taken',
      fields: { username: 'That username is already taken' },
    });
    expect(callFailure(new TypeError('x'))).toEqual({ message: 'Something went wrong. Please try again.', fields: {} });
  });
});
