/**
 * GSTR-1 as the JSON the GST portal's offline tool imports (docs/product.md#the-books-credit-notes-and-gstr-1).
 * The keys are GSTN's GSTR-1 save/download format, which the offline tool reads and writes: gstin, fp
 * (MMYYYY), b2b (ctin, inv: inum, idt DD-MM-YYYY, val, pos, rchrg, inv_typ, itms: num, itm_det: rt, txval,
 * iamt, camt, samt, csamt), b2cl (pos, inv), b2cs (sply_ty INTRA/INTER, pos, typ OE, rt, txval, taxes),
 * cdnr (ctin, nt: ntty C, nt_num, nt_dt, val, pos, rchrg, inv_typ, itms), cdnur (typ B2CL, ntty, nt_num,
 * nt_dt, val, pos, itms), hsn (hsn_b2b and hsn_b2c since Table 12's split of 2025: num, hsn_sc, desc, uqc,
 * qty, rt, txval, iamt, camt, samt, csamt) and doc_issue (doc_det: doc_num, doc_typ, docs: num, from, to,
 * totnum, cancel, net_issue). Amounts are rupees with two decimals (numbers, from whole paise); an item's
 * `num` is the rate's conventional index (18% → 1801). Empty tables are left out.
 */

import { hsnDescription } from '../../../common/hsn.ts';
import type { Gstr1Return, HsnRow, ListedNote, Money } from './build.ts';
import type { Period } from './period.ts';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const rupees = (paise: number) => Math.round(paise) / 100;
const rate = (rateBp: number) => rateBp / 100;

/** "12-05-2026": the India date, as GSTN writes dates. */
export function gstnDate(iso: string): string {
  const d = new Date(Date.parse(iso) + IST_OFFSET_MS);
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}-${mm}-${d.getUTCFullYear()}`;
}

function item(rateBp: number, m: Money, intra: boolean) {
  return {
    num: Math.round(rateBp) + 1,
    itm_det: {
      rt: rate(rateBp),
      txval: rupees(m.taxable),
      ...(intra ? { camt: rupees(m.cgst), samt: rupees(m.sgst) } : { iamt: rupees(m.igst) }),
      csamt: 0,
    },
  };
}

function grouped<T, K extends string>(rows: T[], key: (row: T) => K): Array<[K, T[]]> {
  const map = new Map<K, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return [...map.entries()];
}

function hsnRows(rows: HsnRow[]) {
  return rows.map((r, i) => ({
    num: i + 1,
    hsn_sc: r.hsn,
    desc: hsnDescription(r.hsn),
    uqc: r.uqc,
    qty: r.quantity,
    rt: rate(r.rateBp),
    txval: rupees(r.taxable),
    iamt: rupees(r.igst),
    camt: rupees(r.cgst),
    samt: rupees(r.sgst),
    csamt: 0,
  }));
}

function noteJson(n: ListedNote) {
  return {
    ntty: 'C',
    nt_num: n.number,
    nt_dt: gstnDate(n.date),
    val: rupees(n.value),
    pos: n.pos,
  };
}

export function gstr1Json(ret: Gstr1Return, gstin: string, period: Period): Record<string, unknown> {
  const out: Record<string, unknown> = { gstin, fp: period.fp };
  if (ret.b2b.length > 0) {
    out.b2b = grouped(ret.b2b, (r) => r.ctin!).map(([ctin, invoices]) => ({
      ctin,
      inv: invoices.map((r) => ({
        inum: r.number,
        idt: gstnDate(r.date),
        val: rupees(r.value),
        pos: r.pos,
        rchrg: 'N',
        inv_typ: 'R',
        itms: [item(r.rateBp, r, r.kind === 'intra')],
      })),
    }));
  }
  if (ret.b2cl.length > 0) {
    out.b2cl = grouped(ret.b2cl, (r) => r.pos).map(([pos, invoices]) => ({
      pos,
      inv: invoices.map((r) => ({
        inum: r.number,
        idt: gstnDate(r.date),
        val: rupees(r.value),
        itms: [item(r.rateBp, r, false)],
      })),
    }));
  }
  const b2cs = ret.b2cs.filter((r) => r.value !== 0 || r.taxable !== 0);
  if (b2cs.length > 0) {
    out.b2cs = b2cs.map((r) => ({
      sply_ty: r.supplyType,
      pos: r.pos,
      typ: 'OE',
      rt: rate(r.rateBp),
      txval: rupees(r.taxable),
      ...(r.supplyType === 'INTRA' ? { camt: rupees(r.cgst), samt: rupees(r.sgst) } : { iamt: rupees(r.igst) }),
      csamt: 0,
    }));
  }
  if (ret.cdnr.length > 0) {
    out.cdnr = grouped(ret.cdnr, (r) => r.ctin!).map(([ctin, notes]) => ({
      ctin,
      nt: notes.map((n) => ({
        ...noteJson(n),
        rchrg: 'N',
        inv_typ: 'R',
        itms: [item(n.rateBp, n, n.kind === 'intra')],
      })),
    }));
  }
  if (ret.cdnur.length > 0) {
    out.cdnur = ret.cdnur.map((n) => ({ typ: 'B2CL', ...noteJson(n), itms: [item(n.rateBp, n, false)] }));
  }
  const b2bHsn = ret.hsn.filter((r) => r.section === 'b2b');
  const b2cHsn = ret.hsn.filter((r) => r.section === 'b2c');
  if (ret.hsn.length > 0) out.hsn = { hsn_b2b: hsnRows(b2bHsn), hsn_b2c: hsnRows(b2cHsn) };
  if (ret.docs.length > 0) {
    out.doc_issue = {
      doc_det: grouped(ret.docs, (d) => String(d.docNum)).map(([docNum, ranges]) => ({
        doc_num: Number(docNum),
        doc_typ: ranges[0]!.nature,
        docs: ranges.map((d, i) => ({
          num: i + 1,
          from: d.from,
          to: d.to,
          totnum: d.total,
          cancel: d.cancelled,
          net_issue: d.total - d.cancelled,
        })),
      })),
    };
  }
  return out;
}
