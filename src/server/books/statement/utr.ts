/**
 * The 12-digit UTR (the UPI reference a shopper's app shows, common/advance.ts UTR_PATTERN) in a
 * bank statement's line (docs/product.md "The books: advances from the bank statement"). Forms read,
 * as the banks write their narrations (samples cited in fixtures/README.md):
 *
 * - UPI/412345678901/note/payer@okaxis/Bank/…          ICICI, Axis ("UPI/P2A/412345678901/…" too)
 * - UPI-PAYER NAME-payer@okicici-ICIC0001234-412345678901-note   HDFC
 * - BY TRANSFER-UPI/CR/412345678901/PAYER/ICIC/payer@okicici/note   SBI
 * - UPI/PAYER NAME/412345678901/note                    Kotak
 * - MMT/IMPS/412345678901/…, IMPS-412345678901-…, IMPS/P2A/412345678901/…   IMPS (the 12-digit RRN)
 *
 * The UTR is the first token of exactly 12 digits after the word UPI or IMPS (tokens split at "/",
 * "-", ":", "|", "," and spaces; a VPA such as 919876543210@ybl is one token and never taken).
 * When the narration names UPI or IMPS but holds no such token, the reference column is read:
 * 12 digits, or HDFC's 16 with four leading zeros. NEFT and RTGS references are 16 and 22
 * characters with letters: never a shopper's 12-digit UTR, so such credits are never matched.
 */
const TOKEN_SPLIT = /[/\-:|,\s]+/;
const TWELVE = /^[0-9]{12}$/;

export function utrOf(narration: string, reference: string): string | null {
  const tokens = narration.toUpperCase().split(TOKEN_SPLIT);
  const from = tokens.findIndex((t) => t === 'UPI' || t === 'IMPS');
  if (from === -1) return null;
  for (let i = from + 1; i < tokens.length; i++) if (TWELVE.test(tokens[i]!)) return tokens[i]!;
  const ref = reference.trim();
  if (TWELVE.test(ref)) return ref;
  if (/^0000[0-9]{12}$/.test(ref)) return ref.slice(4);
  return null;
}
