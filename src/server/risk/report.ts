/**
 * The COD RULES report (issue 35 item 5; docs/decisions/059-cod-risk-tiers.md): the orders placed in
 * a range, per tier under the rules and for the holdout (orders drawn at random to get the plain
 * default advance whatever their tier): orders, delivered, returned, the return rate with its 95%
 * Wilson interval, the rupees lost to returns, and the rupees the rules saved against the holdout.
 * The holdout is a random sample of all orders, so its rate is what the shop's would be without
 * the rules; a group with fewer than REPORT_MIN_FINISHED finished orders has no rate, and the
 * screen says "too few orders".
 */
import {
  type CodRules,
  REPORT_MIN_FINISHED,
  RISK_TIERS,
  type RiskTier,
  wilsonInterval,
} from '../../common/cod-rules.ts';
import { indiaDay } from '../../common/india-time.ts';
import { COD_COLLECTED_STATES, RETURNED_STATES } from '../../common/orders.ts';
import type { CodRulesReport, ReportGroup } from '../../common/schemas/cod-rules.ts';
import type { Db } from '../db/tables.ts';

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The UTC instants of India days `from` (its start) to `to` (its end), both included. */
export function reportPeriod(from: string, to: string): { from: string; to: string } {
  return {
    from: new Date(Date.parse(`${from}T00:00:00Z`) - IST_OFFSET_MS).toISOString(),
    to: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000 - IST_OFFSET_MS).toISOString(),
  };
}

/** The Monday (India day) of the week a moment falls in. */
export function weekOf(at: string): string {
  const day = indiaDay(at);
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

interface Tally {
  orders: number;
  delivered: number;
  returned: number;
}
const empty = (): Tally => ({ orders: 0, delivered: 0, returned: 0 });

function count(tally: Tally, status: string): void {
  tally.orders++;
  if ((COD_COLLECTED_STATES as readonly string[]).includes(status)) tally.delivered++;
  if ((RETURNED_STATES as readonly string[]).includes(status)) tally.returned++;
}

const rateOf = (t: Tally): number | null => {
  const finished = t.delivered + t.returned;
  return finished >= REPORT_MIN_FINISHED ? t.returned / finished : null;
};

function group(name: ReportGroup['group'], t: Tally, freight: number): ReportGroup {
  const rate = rateOf(t);
  const interval = rate === null ? null : wilsonInterval(t.returned, t.delivered + t.returned);
  return {
    group: name,
    ...t,
    returnRate: rate,
    rateLow: interval?.low ?? null,
    rateHigh: interval?.high ?? null,
    lostRupees: t.returned * freight,
  };
}

export async function codRulesReport(db: Db, rules: CodRules, from: string, to: string): Promise<CodRulesReport> {
  const period = reportPeriod(from, to);
  // The range's assessed orders (placed since migration 0023), through orders_created.
  const rows = await db
    .selectFrom('orders')
    .select(['risk_tier', 'risk_holdout', 'status', 'created_at'])
    .where('created_at', '>=', period.from)
    .where('created_at', '<', period.to)
    .where('risk_tier', 'is not', null)
    .execute();
  const tiers = Object.fromEntries(RISK_TIERS.map((t) => [t, empty()])) as Record<RiskTier, Tally>;
  const holdout = empty();
  const rulesAll = empty();
  const weeks = new Map<string, { rules: Tally; holdout: Tally }>();
  for (const row of rows) {
    const held = Number(row.risk_holdout) === 1;
    const tier = (RISK_TIERS as readonly string[]).includes(row.risk_tier ?? '') ? (row.risk_tier as RiskTier) : 'low';
    count(held ? holdout : tiers[tier], row.status);
    if (!held) count(rulesAll, row.status);
    const week = weekOf(row.created_at);
    const w = weeks.get(week) ?? { rules: empty(), holdout: empty() };
    weeks.set(week, w);
    count(held ? w.holdout : w.rules, row.status);
  }
  const freight = rules.freightPerReturn;
  const holdoutRate = rateOf(holdout);
  const rulesRate = rateOf(rulesAll);
  const savedRupees =
    holdoutRate === null || rulesRate === null
      ? null
      : Math.round((holdoutRate - rulesRate) * (rulesAll.delivered + rulesAll.returned) * freight);
  return {
    from,
    to,
    freightPerReturn: freight,
    groups: [...RISK_TIERS.map((t) => group(t, tiers[t], freight)), group('holdout', holdout, freight)],
    savedRupees,
    holdoutRate,
    rulesRate,
    weeks: [...weeks.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([week, w]) => ({
        week,
        rulesFinished: w.rules.delivered + w.rules.returned,
        rulesReturned: w.rules.returned,
        holdoutFinished: w.holdout.delivered + w.holdout.returned,
        holdoutReturned: w.holdout.returned,
      })),
  };
}
