/**
 * The rule set in force (COD RULES, issue 35 item 2): the newest the owner saved, or the defaults
 * (common/cod-rules.ts DEFAULT_COD_RULES) before any. Sets are only ever added: each order names the
 * one it was placed under (orders.risk_rules_id), so what it was asked can always be explained.
 */
import type { Transaction } from 'kysely';
import { type CodRules, DEFAULT_COD_RULES } from '../../common/cod-rules.ts';
import { codRulesSchema } from '../../common/schemas/cod-rules.ts';
import { newId, nowIso } from '../db/ids.ts';
import { toJson } from '../db/json.ts';
import type { Database, Db } from '../db/tables.ts';

export interface RulesInForce {
  /** null: the defaults. */
  id: string | null;
  rules: CodRules;
  savedAt: string | null;
}

export async function rulesInForce(db: Db | Transaction<Database>): Promise<RulesInForce> {
  const row = await db
    .selectFrom('cod_rules')
    .select(['id', 'rules', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { id: null, rules: DEFAULT_COD_RULES, savedAt: null };
  // Saved through the schema; read through it too, so a set saved by an older version with fewer
  // signals falls back to the defaults rather than scoring with a missing weight.
  const parsed = codRulesSchema.safeParse(JSON.parse(row.rules));
  return parsed.success
    ? { id: row.id, rules: parsed.data, savedAt: row.created_at }
    : { id: null, rules: DEFAULT_COD_RULES, savedAt: null };
}

export async function saveRules(db: Db, rules: CodRules, adminId: string | null): Promise<RulesInForce> {
  const row = { id: newId(), rules: toJson(rules), admin_id: adminId, created_at: nowIso() };
  await db.insertInto('cod_rules').values(row).execute();
  return { id: row.id, rules, savedAt: row.created_at };
}
