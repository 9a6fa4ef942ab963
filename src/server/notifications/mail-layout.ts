/**
 * The one frame every mail's HTML and text sit in: the document, its few styles (mail programs
 * keep a <style> in the head; nothing external loads), and the shop's signature at the foot, so a
 * change of look or of the signature is made here once for the order, shipment, back-in-stock and
 * complaint mails (docs/product.md#notifications).
 */
import type { Config } from '../config.ts';
import { escapeHtml } from '../http/html.ts';

const STYLE = [
  'body{font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5}',
  'table{border-collapse:collapse}th,td{padding:4px 8px;text-align:left}.n{text-align:right}',
  '.l td{border-bottom:1px solid #ddd}.f{color:#666}.m{white-space:pre-wrap}',
].join('');

/** Who signs: the shop with its phone and email (to shoppers), or its name alone (to the owner). */
type Signature = 'shop' | 'name';

function signatureLines(shop: Config['shop'], signature: Signature): string[] {
  return signature === 'shop' ? [shop.name, `${shop.phone} | ${shop.email}`] : [shop.name];
}

/**
 * A mail's plain text: its lines (already plain: the caller cleans shopper text), a blank line
 * and the signature.
 */
export function mailText(lines: readonly string[], shop: Config['shop'], signature: Signature = 'shop'): string {
  return [...lines, '', ...signatureLines(shop, signature), ''].join('\n');
}

/**
 * A mail's HTML: the body's elements (each already escaped by the caller) in the document,
 * followed by the signature, escaped here.
 */
export function mailHtml(body: readonly string[], shop: Config['shop'], signature: Signature = 'shop'): string {
  return [
    `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body>`,
    ...body,
    `<p class="f">${signatureLines(shop, signature).map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
}
