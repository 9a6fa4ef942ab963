/**
 * Folding the period's invoices and credit notes into GSTR-1's tables (docs/product.md#the-books-credit-notes-and-gstr-1),
 * in paise throughout, one document at a time: what is kept grows with the number of places of supply,
 * rates and HSN codes (B2CS, Table 12), and with the invoices that must be listed one by one (B2B, B2CL
 * and their notes), never with the period's small sales.
 *
 * Where each document goes (Rule 59(4) of the CGST Rules; GSTN's GSTR-1 tables):
 * - a buyer's GSTIN: B2B (Table 4), its credit note CDNR (Table 9B, registered);
 * - no GSTIN, between states, invoice value above the B2CL limit of its date: B2CL (Table 5), its credit
 *   note CDNUR of type B2CL (Table 9B, unregistered);
 * - every other sale to a consumer: B2CS (Table 7), summed by place of supply and rate, type OE; a credit
 *   note against such a sale is netted into the same row of the month it is issued (it has no table of its own);
 * - Table 12 (HSN) by HSN, unit and rate, split B2B / B2C, credit notes netted; Table 13 the number
 *   ranges of each series with their count (our series have no gaps and no invoice is ever cancelled
 *   in place: a credit note cancels it, so "cancelled" is 0).
 */
import type { TaxAmounts } from '../../../common/gst.ts';
import type { Gstr1Document } from './documents.ts';

/** Rule 59(4)(a)(ii): 2.5 lakh until 31 July 2024; 1 lakh from 1 August 2024 (Notification 12/2024-Central Tax). */
const B2CL_LIMIT_CHANGE = '2024-07-31T18:30:00.000Z';
export function b2clLimitPaise(invoiceDate: string): number {
  return invoiceDate >= B2CL_LIMIT_CHANGE ? 100_000_00 : 250_000_00;
}

export interface Money {
  /** Tax included, paise. */
  value: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}

const zero = (): Money => ({ value: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0 });
function add(into: Money, t: TaxAmounts, sign: 1 | -1): void {
  into.value += sign * t.total;
  into.taxable += sign * t.taxable;
  into.igst += sign * t.igst;
  into.cgst += sign * t.cgst;
  into.sgst += sign * t.sgst;
}
const moneyOf = (t: TaxAmounts): Money => {
  const m = zero();
  add(m, t, 1);
  return m;
};

export interface B2csRow extends Money {
  supplyType: 'INTRA' | 'INTER';
  pos: string;
  rateBp: number;
}
export interface ListedInvoice extends Money {
  /** The buyer's GSTIN (B2B), or null (B2CL). */
  ctin: string | null;
  /** The business name given with the GSTIN, or null. */
  name: string | null;
  number: string;
  date: string;
  pos: string;
  rateBp: number;
  kind: 'intra' | 'inter';
}
export interface ListedNote extends ListedInvoice {
  invoiceNumber: string;
  invoiceDate: string;
}
export interface HsnRow extends Money {
  section: 'b2b' | 'b2c';
  hsn: string;
  uqc: string;
  rateBp: number;
  quantity: number;
}
export interface DocRange {
  /** GSTR-1 Table 13's document number: 1 invoices for outward supply, 5 credit notes. */
  docNum: 1 | 5;
  nature: string;
  from: string;
  to: string;
  total: number;
  cancelled: number;
}

export interface Gstr1Return {
  b2cs: B2csRow[];
  b2cl: ListedInvoice[];
  b2b: ListedInvoice[];
  cdnr: ListedNote[];
  cdnur: ListedNote[];
  hsn: HsnRow[];
  docs: DocRange[];
  /** Every tax invoice and credit note of the period, as issued (before any netting). */
  invoices: Money & { count: number };
  creditNotes: Money & { count: number };
}

/** "TSW/25-26/000123" → ["TSW/25-26/", 123]: the series and the serial. */
function seriesOf(number: string): [string, number] {
  const match = /^(.*?)(\d+)$/.exec(number);
  return match ? [match[1]!, Number(match[2])] : [number, 0];
}

export class Gstr1Builder {
  private readonly b2cs = new Map<string, B2csRow>();
  private readonly hsn = new Map<string, HsnRow>();
  private readonly ranges = new Map<
    string,
    { docNum: 1 | 5; series: string; min: string; max: string; lo: number; hi: number; count: number }
  >();
  private readonly listed = {
    b2cl: [] as ListedInvoice[],
    b2b: [] as ListedInvoice[],
    cdnr: [] as ListedNote[],
    cdnur: [] as ListedNote[],
  };
  private readonly invoices = { ...zero(), count: 0 };
  private readonly creditNotes = { ...zero(), count: 0 };

  add(doc: Gstr1Document): void {
    const isNote = doc.type === 'credit-note';
    const sign = isNote ? -1 : 1;
    add(isNote ? this.creditNotes : this.invoices, doc.totals, 1);
    (isNote ? this.creditNotes : this.invoices).count++;
    this.range(isNote ? 5 : 1, doc.number);

    const b2cl = !doc.buyerGstin && doc.kind === 'inter' && doc.totals.total > b2clLimitPaise(doc.invoiceDate);
    const listed: ListedInvoice = {
      ctin: doc.buyerGstin,
      name: doc.businessName,
      number: doc.number,
      date: doc.date,
      pos: doc.supplyCode,
      rateBp: doc.rateBp,
      kind: doc.kind,
      ...moneyOf(doc.totals),
    };
    if (doc.buyerGstin) {
      if (isNote) this.listed.cdnr.push(this.note(listed, doc));
      else this.listed.b2b.push(listed);
    } else if (b2cl) {
      if (isNote) this.listed.cdnur.push(this.note(listed, doc));
      else this.listed.b2cl.push(listed);
    } else {
      const supplyType = doc.kind === 'intra' ? 'INTRA' : 'INTER';
      const key = `${supplyType}|${doc.supplyCode}|${doc.rateBp}`;
      const row = this.b2cs.get(key) ?? { supplyType, pos: doc.supplyCode, rateBp: doc.rateBp, ...zero() };
      add(row, doc.totals, sign);
      this.b2cs.set(key, row);
    }

    const section = doc.buyerGstin ? 'b2b' : 'b2c';
    for (const line of doc.lines) {
      const key = `${section}|${line.hsn}|${line.uqc}|${doc.rateBp}`;
      const row = this.hsn.get(key) ?? {
        section,
        hsn: line.hsn,
        uqc: line.uqc,
        rateBp: doc.rateBp,
        quantity: 0,
        ...zero(),
      };
      row.quantity += sign * line.quantity;
      add(row, line.taxes, sign);
      this.hsn.set(key, row);
    }
  }

  private note(listed: ListedInvoice, doc: Gstr1Document): ListedNote {
    return { ...listed, invoiceNumber: doc.invoiceNumber, invoiceDate: doc.invoiceDate };
  }

  private range(docNum: 1 | 5, number: string): void {
    const [series, serial] = seriesOf(number);
    const key = `${docNum}|${series}`;
    const r = this.ranges.get(key);
    if (!r) {
      this.ranges.set(key, { docNum, series, min: number, max: number, lo: serial, hi: serial, count: 1 });
      return;
    }
    r.count++;
    if (serial < r.lo) Object.assign(r, { lo: serial, min: number });
    if (serial > r.hi) Object.assign(r, { hi: serial, max: number });
  }

  result(): Gstr1Return {
    const byKey = <T>(map: Map<string, T>) =>
      [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
    return {
      b2cs: byKey(this.b2cs),
      b2cl: this.listed.b2cl,
      b2b: this.listed.b2b,
      cdnr: this.listed.cdnr,
      cdnur: this.listed.cdnur,
      hsn: byKey(this.hsn),
      docs: byKey(this.ranges).map((r) => ({
        docNum: r.docNum,
        nature: r.docNum === 1 ? 'Invoices for outward supply' : 'Credit Note',
        from: r.min,
        to: r.max,
        // Every number from the first to the last; those not among the period's documents are "cancelled"
        // (none in our gapless series: a credit note, not a cancellation, takes an invoice back).
        total: r.hi - r.lo + 1,
        cancelled: r.hi - r.lo + 1 - r.count,
      })),
      invoices: { ...this.invoices },
      creditNotes: { ...this.creditNotes },
    };
  }
}
