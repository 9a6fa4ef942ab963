/**
 * A new account's rules (sign-up, and checkout's create-password step): the
 * account rules of account-rules.ts, and a new password that is not one of the
 * most common. Kept apart so only these screens download the password list.
 */
import { ADDRESS_RULE, EMAIL_RULE, LOGIN_PASSWORD_RULE, NAME_RULE, PHONE_RULE } from './account-rules.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';
import type { TextRule } from './text-rules.ts';

/** The length rule, and not one of the most common passwords. */
export const PASSWORD_RULE: TextRule = {
  ...LOGIN_PASSWORD_RULE,
  checks: [
    ...LOGIN_PASSWORD_RULE.checks,
    { refine: (password) => !isCommonPassword(password), message: COMMON_PASSWORD_MESSAGE },
  ],
};

export const SIGNUP_RULES = {
  name: NAME_RULE,
  number: PHONE_RULE,
  email: EMAIL_RULE,
  address: ADDRESS_RULE,
  password: PASSWORD_RULE,
};
