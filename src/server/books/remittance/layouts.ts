/**
 * Layouts of a courier's COD remittance report (docs/product.md "COD remittance"), read by the
 * header's names, never by position, like the bank statement's (books/statement/layouts.ts, whose
 * normaliseHeader they share). Each role lists the names it is known by.
 *
 * Shiprocket: the seller panel's Billing → COD Remittance tab lists each remittance with its UTR and
 * exports the AWBs it paid (support.shiprocket.in/support/solutions/articles/43000337112); Shiprocket
 * publishes no column list for that export, so the names below are the ones its panel shows (AWB
 * Code, Order ID / Channel Order ID, COD Amount, Remitted Amount, Remittance Date, UTR, CRF ID) and
 * their usual variants. Manual: the shop's own template for any other courier (AWB, Order, Amount
 * remitted, Remitted on, UTR), which the owner fills from the courier's mail or sheet. Any other
 * layout is mapped once by the owner and remembered by its header row, as the bank statement's
 * (docs/decisions/047-remittance-layouts-mapped-once.md).
 */
import { normaliseHeader } from '../statement/layouts.ts';

export type RemittanceRole = 'awb' | 'remitted' | 'orderRef' | 'date' | 'reference';

export interface RemittanceLayout {
  name: string;
  /** The normalised names each role is known by; awb and remitted are required. */
  columns: Record<RemittanceRole, readonly string[]>;
}

export const REMITTANCE_LAYOUTS: readonly RemittanceLayout[] = [
  {
    // The shop's own template, read first so that its exact names keep their layout's name.
    name: 'Manual (the shop’s template)',
    columns: {
      awb: ['awb', 'trackingnumber', 'awbno'],
      remitted: ['amountremitted', 'amount', 'remitted'],
      orderRef: ['order', 'ordernumber', 'orderno'],
      date: ['remittedon', 'date'],
      reference: ['utr', 'reference', 'ref'],
    },
  },
  {
    // Shiprocket's names and the common spellings of any courier's report (issue 34 item 9: "AWB"
    // beside "Remitted Amount"). Remitted before COD: a report with both pays the remitted one.
    name: 'Shiprocket COD remittance',
    columns: {
      awb: [
        'awbcode',
        'awbno',
        'awbnumber',
        'awb',
        'airwaybill',
        'airwaybillno',
        'airwaybillnumber',
        'waybill',
        'waybillno',
        'trackingnumber',
        'trackingno',
        'trackingid',
      ],
      remitted: [
        'remittedamount',
        'amountremitted',
        'remittanceamount',
        'codremitted',
        'codremittedamount',
        'netremittedamount',
        'netremittance',
        'codamount',
        'remitted',
      ],
      orderRef: ['channelorderid', 'orderid', 'ordernumber', 'orderno', 'order'],
      date: ['remittancedate', 'remittedon', 'remitteddate', 'dateofremittance', 'remitdate', 'date'],
      reference: ['utr', 'utrno', 'utrnumber', 'crfid', 'remittanceid', 'reference', 'referenceno'],
    },
  },
];

export type RemittanceIndexes = Record<RemittanceRole, number>;

/** The owner's mapping of a report layout we do not know: each role's normalised header name, or null. */
export type RemittanceMapping = Record<'awb' | 'remitted', string> &
  Record<Exclude<RemittanceRole, 'awb' | 'remitted'>, string | null>;

/** Each mapped role's column index in `header`; null when the header lacks the AWB or the amount. */
export function mappedIndexes(header: readonly string[], mapping: RemittanceMapping): RemittanceIndexes | null {
  const names = header.map(normaliseHeader);
  const at = (name: string | null) => (name ? names.indexOf(name) : -1);
  const indexes: RemittanceIndexes = {
    awb: at(mapping.awb),
    remitted: at(mapping.remitted),
    orderRef: at(mapping.orderRef),
    date: at(mapping.date),
    reference: at(mapping.reference),
  };
  return indexes.awb >= 0 && indexes.remitted >= 0 ? indexes : null;
}

/** The first layout whose awb and remitted columns the header names, with each role's column index (-1: none). */
export function remittanceLayout(
  header: readonly string[],
): { layout: RemittanceLayout; at: RemittanceIndexes } | null {
  const names = header.map(normaliseHeader);
  for (const layout of REMITTANCE_LAYOUTS) {
    const index = (role: RemittanceRole) => {
      for (const name of layout.columns[role]) {
        const i = names.indexOf(name);
        if (i >= 0) return i;
      }
      return -1;
    };
    const at: RemittanceIndexes = {
      awb: index('awb'),
      remitted: index('remitted'),
      orderRef: index('orderRef'),
      date: index('date'),
      reference: index('reference'),
    };
    if (at.awb >= 0 && at.remitted >= 0) return { layout, at };
  }
  return null;
}
