/**
 * Proving a number before the shop messages it (docs/whatsapp.md#numbers-proven-first;
 * docs/decisions/050-numbers-proven-before-messages.md): the words the screens show beside the
 * WhatsApp tick, the text the "Get updates on WhatsApp" link prefills, and how the webhook finds
 * the code in a shopper's text. One place, so the link and the webhook agree.
 */

/** What the link prefills in the shopper's WhatsApp; they only press send. */
export function proofText(code: string): string {
  return `Send me updates on WhatsApp. Code: ${code}`;
}

/**
 * The code in a shopper's text, written as the link prefills it or retyped ("code 482193",
 * "Code: 4821 93"); null when the text carries none. Anchored on the word "code" so a text that
 * only happens to hold six digits (an order number, a pincode) is not taken for one.
 */
export function codeInText(text: string): string | null {
  const match = /\bcode\b\s*[:-]?\s*([0-9]{4})[\s-]?([0-9]{2})(?![0-9])/i.exec(text.slice(0, 500));
  return match ? `${match[1]}-${match[2]}` : null;
}

/** The link's words and the line under it, on sign-up, checkout, the profile and Notify me. */
export const PROOF_LINK_LABEL = 'Get updates on WhatsApp';
export const PROOF_HINT =
  'Tap to send us the code on WhatsApp from this number. Until you do, your updates come by email.';
/** Sign-up: the account (and so its code) exists only once the form is sent. */
export const PROOF_AFTER_SIGNUP =
  'After you sign up, tap "Get updates on WhatsApp" to send us a code from this number. Until then, updates come by email.';
/** Shown once the number sent its code. */
export const PROOF_DONE = 'WhatsApp updates on';
export const NOTIFY_PROOF_HINT =
  'Tap to send us the code on WhatsApp from this number: that is how we know it is yours. Without it we cannot write.';
