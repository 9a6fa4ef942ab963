import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('the invoice settings', () => {
  it('default to receipts at 18% in the order prefix’s series', () => {
    expect(loadConfig({}).invoice).toEqual({ gstin: undefined, rateBp: 1800, prefix: 'TSW' });
    // A long order prefix is cut so the invoice number keeps within 16 characters.
    expect(loadConfig({ SHOP_ORDER_PREFIX: 'TIMESQ' }).invoice.prefix).toBe('TIM');
    expect(loadConfig({ SHOP_INVOICE_PREFIX: 'TS' }).invoice.prefix).toBe('TS');
  });

  it('read a GSTIN in any case, and refuse one whose check character is wrong, naming the variable', () => {
    expect(loadConfig({ SHOP_GSTIN: ' 27aapfu0939f1zv ' }).invoice.gstin).toBe('27AAPFU0939F1ZV');
    expect(() => loadConfig({ SHOP_GSTIN: '27AAPFU0939F1ZA' })).toThrow(/SHOP_GSTIN: has a wrong check character/);
    expect(() => loadConfig({ SHOP_GSTIN: '27AAPFU0939' })).toThrow(/SHOP_GSTIN: must be 15 characters/);
    expect(() => loadConfig({ SHOP_GSTIN: '28AAPFU0939F1ZV' })).toThrow(/SHOP_GSTIN: starts with 28/);
  });

  it('take the rate in percent with at most two decimals', () => {
    expect(loadConfig({ GST_RATE_PERCENT: '12' }).invoice.rateBp).toBe(1200);
    expect(loadConfig({ GST_RATE_PERCENT: '2.5' }).invoice.rateBp).toBe(250);
    expect(loadConfig({ GST_RATE_PERCENT: '0.25' }).invoice.rateBp).toBe(25);
    expect(() => loadConfig({ GST_RATE_PERCENT: '2.555' })).toThrow(/GST_RATE_PERCENT: must have at most two decimals/);
    expect(() => loadConfig({ GST_RATE_PERCENT: '-1' })).toThrow(/GST_RATE_PERCENT/);
    expect(() => loadConfig({ GST_RATE_PERCENT: 'eighteen' })).toThrow(/GST_RATE_PERCENT/);
    expect(() => loadConfig({ SHOP_INVOICE_PREFIX: 'TOOLONG' })).toThrow(/SHOP_INVOICE_PREFIX/);
  });
});
