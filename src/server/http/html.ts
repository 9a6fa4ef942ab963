/** Escaping for text put into the HTML shell. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Serialised JSON made safe inside a <script> data block: "<" escaped, so
 * neither "</script>" nor "<!--" can end or change the element, and U+2028/9
 * escaped for any reader that takes the text as JavaScript. The JSON value is
 * unchanged.
 */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A value as JSON inside a <script> data block (see scriptSafeJson). */
export function jsonForScript(value: unknown): string {
  return scriptSafeJson(JSON.stringify(value));
}
