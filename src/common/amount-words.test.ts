import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indianWords, rupeesInWords } from './amount-words.ts';

describe('amounts in words, Indian numbering', () => {
  it('writes lakhs and crores', () => {
    expect(indianWords(123456)).toBe('One Lakh Twenty Three Thousand Four Hundred Fifty Six');
    expect(indianWords(10_000_000)).toBe('One Crore');
    expect(indianWords(99_99_99_999)).toBe(
      'Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine',
    );
    expect(indianWords(1_00_00_00_000)).toBe('One Hundred Crore');
    expect(indianWords(100_005)).toBe('One Lakh Five');
    expect(indianWords(7000)).toBe('Seven Thousand');
    expect(indianWords(19)).toBe('Nineteen');
    expect(indianWords(0)).toBe('Zero');
  });

  it('writes rupees and paise as an invoice does', () => {
    expect(rupeesInWords(12345678)).toBe(
      'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Seventy Eight Paise Only',
    );
    expect(rupeesInWords(670000)).toBe('Rupees Six Thousand Seven Hundred Only');
    expect(rupeesInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(() => rupeesInWords(-1)).toThrow();
    expect(() => rupeesInWords(1.5)).toThrow();
  });

  it('reads back to the same number for any amount (a small parser of its own words)', () => {
    const VALUES: Record<string, number> = {};
    const ones =
      'One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen Sixteen Seventeen Eighteen Nineteen'.split(
        ' ',
      );
    ones.forEach((w, i) => {
      VALUES[w] = i + 1;
    });
    'Twenty Thirty Forty Fifty Sixty Seventy Eighty Ninety'.split(' ').forEach((w, i) => {
      VALUES[w] = (i + 2) * 10;
    });
    const SCALES: Record<string, number> = { Hundred: 100, Thousand: 1000, Lakh: 100_000, Crore: 10_000_000 };
    const parse = (words: string): number => {
      // Split at the largest scale word present, recursively: "<left> Crore <right>".
      for (const scale of ['Crore', 'Lakh', 'Thousand', 'Hundred']) {
        const at = words.split(' ').lastIndexOf(scale);
        if (at >= 0) {
          const parts = words.split(' ');
          const right = parts.slice(at + 1).join(' ');
          return parse(parts.slice(0, at).join(' ')) * SCALES[scale]! + (right ? parse(right) : 0);
        }
      }
      return words.split(' ').reduce((sum, w) => sum + (VALUES[w] ?? Number.NaN), 0);
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_99_99_99_999 }), (n) => {
        expect(parse(indianWords(n))).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });
});
