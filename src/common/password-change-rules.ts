/**
 * The shopper's password rules beyond sign-up (docs/product.md#account-rights): changing it
 * (current and new), setting a new one from a reset link, and the password
 * that confirms deleting the account. A new password follows the sign-up rule
 * (signup-rules.ts: 8 to 128 characters, not a common one). Plain data, like
 * account-rules.ts, so the forms check them without zod.
 */
import { PASSWORD_RULE } from './signup-rules.ts';
import { checkForm, type FormValues, lengthRule } from './text-rules.ts';

export const PASSWORD_MESSAGES = {
  current: 'Please enter your current password',
  confirm: 'Please enter your password to confirm',
  same: 'The new password must differ from the current one',
  wrongCurrent: 'Your current password is wrong',
  wrong: 'This password is wrong',
  changed: 'Your password was changed. Other devices were logged out.',
} as const;

const TOO_LONG = 'Your password should be at most 128 characters';

/** Any password someone types to prove who they are: never trimmed, no other rule (older passwords still count). */
export const CURRENT_PASSWORD_RULE = lengthRule(1, 128, PASSWORD_MESSAGES.current, TOO_LONG, { trim: false });

export const CHANGE_PASSWORD_RULES = { currentPassword: CURRENT_PASSWORD_RULE, newPassword: PASSWORD_RULE };
export type ChangePasswordForm = FormValues<typeof CHANGE_PASSWORD_RULES>;

/** The form's first broken rule, then "the new one must differ", which spans both fields. */
export function checkPasswordChange(values: ChangePasswordForm) {
  const checked = checkForm(CHANGE_PASSWORD_RULES, values);
  if (checked.ok && checked.data.currentPassword === checked.data.newPassword) {
    return { ok: false as const, field: 'newPassword', message: PASSWORD_MESSAGES.same };
  }
  return checked;
}

export const RESET_PASSWORD_RULES = { password: PASSWORD_RULE };

export const DELETE_ACCOUNT_RULES = {
  password: lengthRule(1, 128, PASSWORD_MESSAGES.confirm, TOO_LONG, { trim: false }),
};
