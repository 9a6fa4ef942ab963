/**
 * The owner's remembered layouts (table statement_layouts, migration 0009), by normalised header
 * row: the bank statement's mappings, and the courier's COD remittance report's
 * (docs/decisions/047-remittance-layouts-mapped-once.md). A remittance mapping's key is its header
 * key after "remittance:"; a header key holds letters, digits and "|" only, so the two never meet.
 */
import { nowIso } from '../../db/ids.ts';
import type { Db } from '../../db/tables.ts';

/** Which upload a mapping reads: each has its own columns (ColumnMapping, RemittanceMapping). */
export type LayoutKind = 'statement' | 'remittance';

const PREFIX: Record<LayoutKind, string> = { statement: '', remittance: 'remittance:' };

/** The mappings of one kind, by header key (books/statement/layouts.ts headerKey). */
export async function rememberedLayouts<T>(db: Db, kind: LayoutKind): Promise<Map<string, T>> {
  let query = db.selectFrom('statement_layouts').select(['header_key', 'columns']);
  query =
    kind === 'statement'
      ? query.where('header_key', 'not like', '%:%')
      : query.where('header_key', 'like', `${PREFIX[kind]}%`);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.header_key.slice(PREFIX[kind].length), JSON.parse(r.columns) as T]));
}

/** Saves (or replaces) the mapping of one header row. */
export async function rememberLayout(
  db: Db,
  kind: LayoutKind,
  key: string,
  header: readonly string[],
  columns: object,
  adminId: string | null,
): Promise<void> {
  const row = {
    header: JSON.stringify(header),
    columns: JSON.stringify(columns),
    admin_id: adminId,
    created_at: nowIso(),
  };
  await db
    .insertInto('statement_layouts')
    .values({ header_key: `${PREFIX[kind]}${key}`, ...row })
    .onConflict((oc) => oc.column('header_key').doUpdateSet(row))
    .execute();
}
