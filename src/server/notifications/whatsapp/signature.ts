/**
 * Meta signs every webhook POST: X-Hub-Signature-256 is "sha256=" and the hex HMAC-SHA256 of the
 * exact body bytes, keyed with the app secret (developers.facebook.com/docs/graph-api/webhooks/
 * getting-started, "Validating Payloads"). Compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signatureOf(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export function validSignature(rawBody: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signatureOf(rawBody, appSecret));
  const given = Buffer.from(header.trim().toLowerCase());
  // timingSafeEqual needs equal lengths; a wrong length is simply wrong (its length is no secret).
  return given.length === expected.length && timingSafeEqual(given, expected);
}
