/**
 * Text typed by the owner that reaches paper, mail or the CSV follows the same plain-text rule as a
 * shopper's (text.ts): a product name, a lead's customer and product, a refusal's reason, a
 * complaint's answer.
 */
import { describe, expect, it } from 'vitest';
import { PLAIN_MESSAGES } from '../text.ts';
import { advanceActionSchema } from './admin-orders.ts';
import { answerComplaintSchema } from './complaint.ts';
import { leadInputSchema } from './lead.ts';
import { productInputSchema } from './product.ts';

const lead = { platform: 'amazon', customer: 'Ravi', productName: 'Rolex', quantity: 1 };
const product = { name: 'Rolex Submariner', category: 'men watch', countryOfOrigin: 'India' };

function message(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe('owner text that reaches paper is plain', () => {
  it.each([
    ['a line break', 'COLLECT ₹0\nPAID'],
    ['a bidi override', 'Rolex \u202Etxet'],
    ['a control character', 'Rolex\u0007'],
  ])('refuses %s in a product name and a lead', (_what, bad) => {
    expect(message(productInputSchema.safeParse({ ...product, name: bad }))).toBe(PLAIN_MESSAGES.line);
    expect(message(leadInputSchema.safeParse({ ...lead, customer: bad }))).toBe(PLAIN_MESSAGES.line);
    expect(message(leadInputSchema.safeParse({ ...lead, productName: bad }))).toBe(PLAIN_MESSAGES.line);
  });

  it('folds runs of spaces in names', () => {
    expect(leadInputSchema.parse({ ...lead, customer: 'Ravi    Kumar' }).customer).toBe('Ravi Kumar');
  });

  it('keeps line breaks in notes the shopper reads, and refuses other control characters', () => {
    const note = advanceActionSchema.parse({ action: 'refused', note: 'Not in the bank.\nPlease check.' }).note;
    expect(note).toBe('Not in the bank.\nPlease check.');
    expect(message(advanceActionSchema.safeParse({ action: 'refused', note: 'Not found\u0000' }))).toBe(
      PLAIN_MESSAGES.lines,
    );
    expect(message(answerComplaintSchema.safeParse({ note: 'Sorted \u2066out' }))).toBe(PLAIN_MESSAGES.lines);
  });
});
