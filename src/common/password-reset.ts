/**
 * Forgotten passwords without an SMS gateway (docs/product.md#account-rights): the shopper asks
 * the shop on WhatsApp, the owner makes a one-time link from the shopper's
 * record and sends it back on WhatsApp to the number the account holds.
 */

/** A link works once, for this long. */
export const RESET_LINK_MINUTES = 30;

/** The page a link opens: /reset-password/{token}. */
export function resetPasswordPath(token: string): string {
  return `/reset-password/${encodeURIComponent(token)}`;
}

/** What the login page's "Forgot password?" link types into WhatsApp for the shopper. */
export function forgotPasswordText(number: string): string {
  const which = /^[0-9]{10}$/.test(number) ? `my account with phone number ${number}` : 'my account';
  return `Hello! I forgot my password. Please send me a link to set a new one for ${which}.`;
}

/** What the owner sends back, prefilled in the wa.me link to the shopper's number. */
export function resetLinkText(shopName: string, link: string): string {
  return `Hello! Here is your link to set a new password for your ${shopName} account: ${link} It works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, please ignore this message.`;
}

/** The shopper's number with all but the last three digits hidden, for the reset page. */
export function maskPhone(phone: string): string {
  return `${'•'.repeat(Math.max(0, phone.length - 3))}${phone.slice(-3)}`;
}
