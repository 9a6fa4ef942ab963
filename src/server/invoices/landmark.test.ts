/**
 * Issue 34 item 13: a landmark typed "Near Hanuman Temple" printed "near Near Hanuman Temple". The
 * address is composed in one place (common/account-rules.ts composeAddress) and stored as one line,
 * which the label, invoice and credit note print as it is: read back with pdftotext.
 */
import { describe, expect, it } from 'vitest';
import { composeAddress } from '../../common/account-rules.ts';
import { pdfText, readPdf, squeezed, TEST_SHOP, testPaperOrder } from '../test-support/pdf.ts';
import { creditNotePdf } from './credit-note-pdf.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { labelsPdf } from './label-pdf.ts';

describe('a landmark the shopper began with "Near"', () => {
  const address = composeAddress({
    room: '7',
    building: 'Shanti Nagar',
    landmark: 'Near Hanuman Temple',
    city: 'Pune',
    pincode: '411001',
    state: 'Maharashtra',
  });
  const order = testPaperOrder({
    address,
    creditNote: { number: 'TSW/CN/26-27/000004', date: '2026-05-14T10:00:00Z', reason: 'cancelled' },
  });

  it('is said once on the label, the invoice and the credit note', async () => {
    const papers = {
      label: await readPdf(labelsPdf([{ ...order, status: 'packed' }], TEST_SHOP)),
      invoice: await readPdf(invoicePdf(order, TEST_SHOP)),
      creditNote: await readPdf(creditNotePdf(order, TEST_SHOP)),
    };
    for (const [paper, pdf] of Object.entries(papers)) {
      // Lines of a box may break anywhere: the words are read as one run.
      const words = squeezed((await pdfText(pdf)).replace(/\s+/g, ' '));
      expect(words, paper).toContain('near Hanuman Temple');
      expect(words.toLowerCase(), paper).not.toContain('near near');
    }
  });
});
