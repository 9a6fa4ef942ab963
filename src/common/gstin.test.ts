import { describe, expect, it } from 'vitest';
import { GST_STATES, gstStateByCode, gstStateByName } from './gst-states.ts';
import { gstinCheckCharacter, gstinProblem } from './gstin.ts';

/** Real-format GSTINs: the GST Network's documentation sample and numbers printed on companies' own papers. */
const VALID = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '24AAACC1206D1ZM', '07AAICT5606J1Z4', '24AAACC4175D1Z4'];

describe('the GSTIN check character (mod 36)', () => {
  it('accepts real GSTINs', () => {
    for (const gstin of VALID) expect(gstinProblem(gstin), gstin).toBeNull();
  });

  it('computes the check character the documentation sample carries', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('refuses every one-character typing mistake in the first 14 characters of a real GSTIN', () => {
    const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let tried = 0;
    for (const gstin of VALID) {
      for (let i = 0; i < 14; i++) {
        for (const c of chars) {
          if (c === gstin[i]) continue;
          const typo = gstin.slice(0, i) + c + gstin.slice(i + 1);
          // Only typos that keep the GSTIN's shape reach the check character.
          if (!/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][0-9A-Z]Z/.test(typo) || !gstStateByCode(typo.slice(0, 2))) continue;
          tried++;
          expect(gstinProblem(typo), typo).toMatch(/check character/);
        }
      }
    }
    expect(tried).toBeGreaterThan(500);
  });

  it('explains what is wrong with a malformed one', () => {
    expect(gstinProblem('27AAPFU0939F1ZA')).toMatch(/check character/);
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27aapfu0939f1zv')).toMatch(/15 characters/);
    expect(gstinProblem('27AAPFU0939F1YV')).toMatch(/15 characters/);
    expect(gstinProblem('28AAPFU0939F1ZV')).toMatch(/no GST state code/);
  });
});

describe('the GST state codes', () => {
  it('has the official two-digit codes', () => {
    expect(gstStateByCode('27')?.name).toBe('Maharashtra');
    expect(gstStateByCode('29')?.name).toBe('Karnataka');
    expect(gstStateByCode('07')?.name).toBe('Delhi');
    expect(gstStateByCode('36')?.name).toBe('Telangana');
    expect(gstStateByCode('37')?.name).toBe('Andhra Pradesh');
    expect(gstStateByCode('38')?.name).toBe('Ladakh');
    expect(gstStateByCode('26')?.name).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(gstStateByCode('25')).toBeNull();
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(GST_STATES.length);
  });

  it('reads state names in any case, and older spellings', () => {
    expect(gstStateByName(' tamil  nadu ')?.code).toBe('33');
    expect(gstStateByName('Orissa')?.code).toBe('21');
    expect(gstStateByName('Pondicherry')?.code).toBe('34');
    expect(gstStateByName('Daman and Diu')?.code).toBe('26');
    expect(gstStateByName('Atlantis')).toBeNull();
  });
});
