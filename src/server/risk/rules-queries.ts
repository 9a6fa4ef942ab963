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
import { reusedQuery, slot } from '../db/reused-query.ts';
import type { Database, Db } from '../db/tables.ts';

export interface RulesInForce {
  /** null: the defaults. */
  id: string | null;
  rules: CodRules;
  savedAt: string | null;
}

/** The newest set the owner saved (the routes' read; an order reads its id in risk/history-queries.ts orderScalars). */
const newestRules = reusedQuery((db) =>
  db
    .selectFrom('cod_rules')
    .select(['id', 'rules', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1),
);

const rulesById = reusedQuery((db) =>
  db.selectFrom('cod_rules').select(['id', 'rules', 'created_at']).where('id', '=', slot<string>('id')),
);

const DEFAULTS: RulesInForce = { id: null, rules: DEFAULT_COD_RULES, savedAt: null };

/**
 * The last set read, parsed. A saved set never changes (sets are only added), so a set named again by
 * its id needs no second read, JSON or schema parse: every order placed names the set in force
 * (orderScalars), and only a set this process has not seen yet is read.
 */
let lastParsed: RulesInForce | null = null;

function parsedSet(row: { id: string; rules: string; created_at: string } | undefined): RulesInForce {
  if (!row) return DEFAULTS;
  if (lastParsed?.id === row.id && lastParsed.savedAt === row.created_at) return lastParsed;
  // Saved through the schema; read through it too, so a set saved by an older version with fewer
  // signals falls back to the defaults rather than scoring with a missing weight.
  const parsed = codRulesSchema.safeParse(JSON.parse(row.rules));
  if (!parsed.success) return DEFAULTS;
  lastParsed = { id: row.id, rules: parsed.data, savedAt: row.created_at };
  return lastParsed;
}

export async function rulesInForce(db: Db | Transaction<Database>): Promise<RulesInForce> {
  const [row] = await newestRules(db, {});
  return parsedSet(row);
}

/** The set an order read as the one in force (null: none saved yet, the defaults). */
export async function rulesOfSet(
  db: Db | Transaction<Database>,
  set: { id: string; savedAt: string } | null,
): Promise<RulesInForce> {
  if (!set) return DEFAULTS;
  if (lastParsed?.id === set.id && lastParsed.savedAt === set.savedAt) return lastParsed;
  const [row] = await rulesById(db, { id: set.id });
  return parsedSet(row);
}

export async function saveRules(db: Db, rules: CodRules, adminId: string | null): Promise<RulesInForce> {
  const row = { id: newId(), rules: toJson(rules), admin_id: adminId, created_at: nowIso() };
  await db.insertInto('cod_rules').values(row).execute();
  return { id: row.id, rules, savedAt: row.created_at };
}
