/**
 * Units of quantity (UQC) for the invoice line (CGST Rule 46(f): "quantity in case of goods and unit or
 * Unique Quantity Code thereof") and GSTR-1's HSN summary (Table 12), which accepts only the codes of
 * GSTN's list (the offline tool's "UQC" master; docs/product.md#the-books-credit-notes-and-gstr-1).
 * Watches are counted: NOS (numbers). The owner may pick another per product (a strap sold in pairs: PRS).
 */
export const UQC_CODES = {
  BAG: 'Bags',
  BAL: 'Bale',
  BDL: 'Bundles',
  BKL: 'Buckles',
  BOU: 'Billion of units',
  BOX: 'Box',
  BTL: 'Bottles',
  BUN: 'Bunches',
  CAN: 'Cans',
  CBM: 'Cubic meters',
  CCM: 'Cubic centimeters',
  CMS: 'Centimeters',
  CTN: 'Cartons',
  DOZ: 'Dozens',
  DRM: 'Drums',
  GGK: 'Great gross',
  GMS: 'Grammes',
  GRS: 'Gross',
  GYD: 'Gross yards',
  KGS: 'Kilograms',
  KLR: 'Kilolitre',
  KME: 'Kilometre',
  LTR: 'Litres',
  MLT: 'Millilitre',
  MTR: 'Meters',
  MTS: 'Metric ton',
  NOS: 'Numbers',
  OTH: 'Others',
  PAC: 'Packs',
  PCS: 'Pieces',
  PRS: 'Pairs',
  QTL: 'Quintal',
  ROL: 'Rolls',
  SET: 'Sets',
  SQF: 'Square feet',
  SQM: 'Square meters',
  SQY: 'Square yards',
  TBS: 'Tablets',
  TGM: 'Ten gross',
  THD: 'Thousands',
  TON: 'Tonnes',
  TUB: 'Tubes',
  UGS: 'US gallons',
  UNT: 'Units',
  YDS: 'Yards',
} as const;

export type Uqc = keyof typeof UQC_CODES;
export const DEFAULT_UQC: Uqc = 'NOS';

export function isUqc(code: string): code is Uqc {
  return Object.hasOwn(UQC_CODES, code);
}

/** "NOS-NUMBERS": the form GSTR-1's HSN summary writes a unit in. */
export function uqcWithName(code: string): string {
  return isUqc(code) ? `${code}-${UQC_CODES[code].toUpperCase()}` : code;
}
