/**
 * An order's risk as the owner reads it in Admin Orders, beside the advance (issue 35 item 2): its
 * tier, whether it was drawn for the holdout, and its reasons with their points, as stored when
 * it was placed (never recomputed: changing the rules never alters a placed order).
 */
import { RISK_TIERS, type RiskReason, type RiskTier } from '../../common/cod-rules.ts';
import type { AdminOrderRisk } from '../../common/schemas/admin-orders.ts';
import { parseJsonList } from '../db/json.ts';

export interface RiskColumns {
  risk_tier: string | null;
  risk_score: number | null;
  risk_holdout: number;
  risk_reasons: string | null;
}

export function adminRisk(o: RiskColumns): AdminOrderRisk | null {
  if (!o.risk_tier || !(RISK_TIERS as readonly string[]).includes(o.risk_tier)) return null;
  return {
    tier: o.risk_tier as RiskTier,
    score: Number(o.risk_score ?? 0),
    holdout: Number(o.risk_holdout) === 1,
    reasons: parseJsonList<RiskReason>(o.risk_reasons).map((r) => ({ reason: r.reason, points: r.points })),
  };
}
