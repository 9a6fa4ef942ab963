/**
 * One bank statement imported (docs/product.md "The books: advances from the bank statement"):
 * read line by line, its credits kept in batches as proof, each batch matched to the submitted
 * advances as it lands, then the result table. Memory holds one batch, whatever the file's size.
 */
import type { Readable } from 'node:stream';
import type { StatementImportReply } from '../../../common/schemas/statement.ts';
import type { Config } from '../../config.ts';
import { newId, nowIso } from '../../db/ids.ts';
import type { Db } from '../../db/tables.ts';
import { rememberedLayouts } from './layout-queries.ts';
import type { ColumnMapping } from './layouts.ts';
import { insertCredits, leftPending } from './line-queries.ts';
import { ordersByUtr, refusedUtrs, settleCandidates, sortLines } from './match.ts';
import { openStatement, type StatementLine } from './read-statement.ts';
import { importLines, missingUtrs } from './result-queries.ts';

/** Credits kept and matched at a time. */
const BATCH = 5000;

export async function importStatement(
  db: Db,
  config: Config,
  input: Readable,
  fileName: string,
  adminId: string,
): Promise<StatementImportReply> {
  const opened = await openStatement(input, await rememberedLayouts<ColumnMapping>(db, 'statement'));
  if (opened.kind === 'unknown')
    return { kind: 'needs-mapping', fileName, header: opened.header, sample: opened.sample };

  const importId = newId();
  const refused = await refusedUtrs(db);
  let linesRead = 0;
  let credits = 0;
  let newCredits = 0;
  let matched = 0;
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  let batch: StatementLine[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const lines = batch;
    batch = [];
    // One transaction keeps the batch and settles what needs no order's lock: one commit, not dozens.
    const candidates = await db.transaction().execute(async (trx) => {
      // Most credits carry no UTR, or one that is no order's and was never refused: kept as no_order
      // at once rather than inserted pending and updated (sortLines would decide the same).
      const utrs = [...new Set(lines.flatMap((l) => (l.utr ? [l.utr] : [])))];
      const known = await ordersByUtr(trx, utrs);
      const inserted = await insertCredits(trx, importId, lines, (l) =>
        !l.utr || (!known.has(l.utr) && !refused.has(l.utr)) ? 'no_order' : null,
      );
      newCredits += inserted.count;
      return sortLines(trx, inserted.pending, refused);
    });
    matched += await settleCandidates(db, config, candidates, adminId);
  };
  // What an import that stopped part way left unmatched is matched first (rarely anything).
  // Every line gets an outcome below; the guard only keeps a surprise from looping.
  for (let left = await leftPending(db), rounds = 0; left.length > 0 && rounds < 100; rounds++) {
    const lines = left;
    const candidates = await db.transaction().execute((trx) => sortLines(trx, lines, refused));
    await settleCandidates(db, config, candidates, adminId);
    left = await leftPending(db);
  }
  for await (const line of opened.lines) {
    linesRead++;
    if (!firstDate || line.date < firstDate) firstDate = line.date;
    if (!lastDate || line.date > lastDate) lastDate = line.date;
    if (line.creditPaise <= 0) continue;
    credits++;
    batch.push(line);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  // A statement imported again brought nothing: it leaves no trace either.
  if (newCredits > 0) {
    await db
      .insertInto('statement_imports')
      .values({
        id: importId,
        admin_id: adminId,
        file_name: fileName,
        layout: opened.layout.name,
        lines_read: linesRead,
        credits,
        new_lines: newCredits,
        matched,
        first_date: firstDate,
        last_date: lastDate,
        created_at: nowIso(),
      })
      .execute();
  }
  const [matchedRows, noOrder, amountDiffers, notInStatement] = await Promise.all([
    importLines(db, importId, ['matched', 'proof']),
    importLines(db, importId, ['no_order']),
    importLines(db, importId, ['amount_differs']),
    lastDate ? missingUtrs(db, lastDate) : Promise.resolve({ total: 0, rows: [] }),
  ]);
  return {
    kind: 'imported',
    fileName,
    layout: opened.layout.name,
    linesRead,
    credits,
    newCredits,
    firstDate,
    lastDate,
    skipped: { total: opened.skipped.count, rows: opened.skipped.first },
    matched: matchedRows,
    noOrder,
    amountDiffers,
    notInStatement,
  };
}
