/**
 * One COD remittance report imported (docs/product.md "COD remittance"): read line by line, its
 * lines kept once in batches (a line already kept adds nothing, so the same report twice changes
 * nothing), then each of its AWBs matched with its order. A report's AWBs are a week's parcels: the
 * set of them is held for the answer, the lines are not. A layout we do not know answers its header
 * for the owner to map once (routes.ts), as the bank statement does.
 */
import type { Readable } from 'node:stream';
import type { RemittanceImportReply } from '../../../common/schemas/remittance.ts';
import { newId } from '../../db/ids.ts';
import type { Db } from '../../db/tables.ts';
import { rememberedLayouts } from '../statement/layout-queries.ts';
import type { RemittanceMapping } from './layouts.ts';
import { openRemittance, type RemittanceLine } from './read-remittance.ts';
import { insertRemittanceLines, LIST_ROWS, matchRows, ordersByAwb } from './remittance-queries.ts';

const BATCH = 2000;

export async function importRemittance(
  db: Db,
  input: Readable,
  fileName: string,
  adminId: string,
): Promise<RemittanceImportReply> {
  const opened = await openRemittance(input, await rememberedLayouts<RemittanceMapping>(db, 'remittance'));
  if (opened.kind === 'unknown') {
    return { kind: 'needs-mapping', fileName, header: opened.header, sample: opened.sample };
  }
  const importId = newId();
  const awbs = new Set<string>();
  let linesRead = 0;
  let newLines = 0;
  let batch: RemittanceLine[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const lines = batch;
    batch = [];
    const orders = await ordersByAwb(db, [...new Set(lines.map((l) => l.awb))]);
    newLines += await db.transaction().execute((trx) => insertRemittanceLines(trx, importId, adminId, lines, orders));
  };
  for await (const line of opened.lines) {
    linesRead++;
    awbs.add(line.awb);
    batch.push(line);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  const rows = await matchRows(db, [...awbs]);
  return {
    kind: 'imported',
    fileName,
    layout: opened.layout.name,
    linesRead,
    newLines,
    skipped: { total: opened.skipped.count, rows: opened.skipped.first },
    total: rows.length,
    rows: rows.slice(0, LIST_ROWS),
  };
}
