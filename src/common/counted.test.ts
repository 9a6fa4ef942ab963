import { describe, expect, it } from 'vitest';
import { counted } from './counted.ts';

describe('counted', () => {
  it('says one thing in the singular and any other number in the plural', () => {
    expect(counted(1, 'credit note')).toBe('1 credit note');
    expect(counted(2, 'credit note')).toBe('2 credit notes');
    expect(counted(0, 'invoice')).toBe('0 invoices');
    expect(counted(1, 'entry', 'entries')).toBe('1 entry');
    expect(counted(3, 'entry', 'entries')).toBe('3 entries');
  });
});
