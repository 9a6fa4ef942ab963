/** The owner's remembered layouts (table statement_layouts, migration 0009), by normalised header row. */
import { nowIso } from '../../db/ids.ts';
import type { Db } from '../../db/tables.ts';
import type { ColumnMapping } from './layouts.ts';

export async function rememberedLayouts(db: Db): Promise<Map<string, ColumnMapping>> {
  const rows = await db.selectFrom('statement_layouts').select(['header_key', 'columns']).execute();
  return new Map(rows.map((r) => [r.header_key, JSON.parse(r.columns) as ColumnMapping]));
}

/** Saves (or replaces) the mapping of one header row. */
export async function rememberLayout(
  db: Db,
  key: string,
  header: readonly string[],
  columns: ColumnMapping,
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
    .values({ header_key: key, ...row })
    .onConflict((oc) => oc.column('header_key').doUpdateSet(row))
    .execute();
}
