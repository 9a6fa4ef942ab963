/**
 * Log in and Create Account as plain form posts (issue 34; docs/decisions/049-account-forms-before-the-script.md):
 * a press before the script has run, or without it, posts the form to its own page's address
 * (`method="post"`, no action: the page's loader still holds it for the app when the script runs),
 * never a GET with the phone and password in the address. The server logs in or signs up, sets
 * the session cookie and sends the browser on (303); a refusal comes back as `?error=<code>`, a
 * word from this table, never the refusal's text or anything typed, and the page shows its words.
 */

/** The form fields a post carries, by the names the inputs have. */
export const LOGIN_FORM_FIELDS = ['number', 'password'] as const;
export const SIGNUP_FORM_FIELDS = ['name', 'number', 'email', 'address', 'password'] as const;
/** The WhatsApp box's name: present ("on") when ticked. */
export const WHATSAPP_FORM_FIELD = 'whatsappUpdates';

export const ACCOUNT_FORM_ERROR_PARAM = 'error';

export const ACCOUNT_FORM_ERRORS = {
  wrong: 'The phone number or password is wrong. Please try again.',
  taken: 'This phone number is already registered. Please log in or use another number.',
  limit: 'Too many attempts. Please wait 15 minutes and try again.',
  invalid: 'Some details are not right. Please check each field and try again.',
  failed: 'We could not do that just now. Please try again.',
} as const;
export type AccountFormError = keyof typeof ACCOUNT_FORM_ERRORS;

/** The words for `?error=` in a page's address, or null for none or an unknown word. */
export function accountFormError(search: string): string | null {
  const code = new URLSearchParams(search).get(ACCOUNT_FORM_ERROR_PARAM);
  return code && Object.hasOwn(ACCOUNT_FORM_ERRORS, code) ? ACCOUNT_FORM_ERRORS[code as AccountFormError] : null;
}
