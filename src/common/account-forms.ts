/**
 * The account forms as plain form posts (issue 34 item 7b; docs/decisions/049-account-forms-before-the-script.md,
 * 055-account-forms-rendered-and-posted.md): log in, sign up, change the password and edit the
 * profile post (`method="post"`) to their own page's address, so they work before the script, or
 * without it, and never put a password or phone in an address. The server logs in, signs up or
 * saves, sets the session cookie and sends the browser on (303); a refusal answers the page itself,
 * rendered with the refusal's messages and what was typed (never a password): the "posted form"
 * answer below, embedded in the page like the API answers a screen starts with.
 */

/** The form fields a post carries, by the names the inputs have. */
export const LOGIN_FORM_FIELDS = ['number', 'password'] as const;
export const SIGNUP_FORM_FIELDS = ['name', 'number', 'email', 'address', 'password'] as const;
export const PASSWORD_CHANGE_FORM_FIELDS = ['currentPassword', 'newPassword'] as const;
export const PROFILE_FORM_FIELDS = ['name', 'number', 'email'] as const;
/** Edit Profile's address boxes all carry this one name: the post lists them in page order. */
export const PROFILE_ADDRESSES_FIELD = 'addresses';
/** The WhatsApp box's name: present ("on") when ticked. */
export const WHATSAPP_FORM_FIELD = 'whatsappUpdates';
/** Fields never sent back into a page, whatever form they are in. */
export const SECRET_FORM_FIELDS: ReadonlySet<string> = new Set(['password', 'currentPassword', 'newPassword']);

/** Where a shopper lands after a form posted without the script worked. */
export const ACCOUNT_FORM_DONE = '/profile';

export const ACCOUNT_FORM_ERRORS = {
  wrong: 'The phone number or password is wrong. Please try again.',
  taken: 'This phone number is already registered. Please log in or use another number.',
  limit: 'Too many attempts. Please wait 15 minutes and try again.',
  failed: 'We could not do that just now. Please try again.',
} as const;

/**
 * A form the server refused, as the page it answers shows it: the values typed (no password),
 * the form's message and each wrong field's own. Keyed by the form's id (useForm's `id`).
 */
export interface PostedForm {
  values: Record<string, string | string[]>;
  message: string;
  fields: Record<string, string>;
}

/** The answer's key in the page's embedded answers (an API-like path no route serves). */
export function postedFormPath(formId: string): string {
  return `/posted-form/${formId}`;
}
